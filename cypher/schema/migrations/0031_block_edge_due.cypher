// name: 0031_block_edge_due
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): every block without an edge_due_hours gets it
// counted from the edges it starts (docs/BEHAVIOUR.md §9.3): the earliest active hour at
// which one of them other than the agent's falls below the prune threshold 0.10 (a weak edge:
// -1e18, at once; none: 1e18, never), less a millisecond-sized margin. Every writer of
// edges keeps it from then on, and curate reads only the blocks that are due (0032).
MATCH (x:Block)
WHERE x.edge_due_hours IS NULL
WITH x
LIMIT 10000
SET x.edge_due_hours = coalesce(COLLECT {
      MATCH (x)-[e]->(o:Block)
      WHERE coalesce(e.origin, '') <> 'agent'
      WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
                 * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                        THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END
                 AS rate
      RETURN min(CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                            OR e.last_active_hours IS NOT NULL) THEN -1.0e18
                      WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
                      ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END) AS due
      }[0], 1.0e18)
RETURN count(x)
