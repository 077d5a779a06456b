// name: pending_archive_plan
// mode: read
// returns: one
// params: space
// The batches of an archive plan not yet carried out (a curate run stopped midway), in
// order, with the clock the plan was made for and the bridges it keeps; empty when there
// is none.
OPTIONAL MATCH (plan:CuratePlan)
WHERE plan.space = $space
WITH plan ORDER BY plan.seq
WITH collect(plan) AS plans
RETURN [p IN plans | p.seq] AS seqs, [p IN plans | p.now] AS clocks,
       [p IN plans | p.bridges_kept] AS bridges_kept
