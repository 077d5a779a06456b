// name: forget_traces
// mode: write
// returns: one
// params: space, ids, forgotten
// What else names these blocks: each Outcome record loses their ids from block_ids (with
// the confidence change at the same place in deltas) and penalised; co-retrieval pairs
// staging one of them are deleted; a curate run's saved archive plan (CuratePlan) loses
// their ids; and a block that names one as its replacement (superseded_by) and is not
// forgotten itself (`forgotten`: a dream's near-duplicate archived into it meanwhile, or a block
// corrected into it) no longer does, so that its id names itself again (§8.5). The Outcome
// and CoRetrieval records are read through their (space, …) key indexes; ids are never
// kept anywhere else.
CALL () {
  MATCH (o:Outcome)
  WHERE o.space = $space AND o.id IS NOT NULL
    AND any(i IN coalesce(o.block_ids, []) + coalesce(o.penalised, []) WHERE i IN $ids)
  WITH o, coalesce(o.block_ids, []) AS had, coalesce(o.deltas, []) AS deltas,
       coalesce(o.penalised, []) AS penalised
  WITH o, had, deltas, penalised, [n IN range(0, size(had) - 1) WHERE NOT had[n] IN $ids] AS keep
  SET o.block_ids = [n IN keep | had[n]],
      o.deltas = [n IN keep WHERE n < size(deltas) | deltas[n]],
      o.penalised = [i IN penalised WHERE NOT i IN $ids]
  RETURN count(o) AS outcomes
}
CALL () {
  MATCH (c:CoRetrieval)
  WHERE c.space = $space AND c.a IS NOT NULL AND c.b IS NOT NULL
    AND (c.a IN $ids OR c.b IN $ids)
  DELETE c
  RETURN count(c) AS pairs
}
CALL () {
  MATCH (p:CuratePlan)
  WHERE p.space = $space AND any(i IN coalesce(p.ids, []) WHERE i IN $ids)
  SET p.ids = [i IN p.ids WHERE NOT i IN $ids]
  RETURN count(p) AS plans
}
CALL () {
  UNWIND $ids AS id
  MATCH (b:Block {space: $space, superseded_by: id})
  WHERE NOT b.id IN $forgotten
  REMOVE b.superseded_by
  RETURN count(b) AS pointers
}
RETURN outcomes, pairs, plans, pointers
