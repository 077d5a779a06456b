// name: merge_move_blocks
// mode: write
// returns: one
// params: stage, token, target, batch
// Moves up to `batch` staged blocks into the target space with their edges (after
// merge_cross_edges removed the staged blocks whose id the target had), each taking the
// target's text_key and its new vector epoch (a recall's vector cache reads the moved
// blocks as new ones, elfgraph/retrieval/vector_cache.py). A block the target
// gained meanwhile under the same id wins over the staged one, which goes (its neighbours'
// weighted_degree and edge_due_hours recounted, docs/BEHAVIOUR.md §6). Returns how
// many were moved and dropped; the caller repeats until both are 0.
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
OPTIONAL MATCH (claim:ImportClaim {space: $stage, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
OPTIONAL MATCH (t:Space {name: $target})
SET t._lock = true
REMOVE t._lock
SET t.vector_epoch = coalesce(t.vector_epoch, 0) + 1
WITH claim, t
CALL (claim, t) {
  WITH claim, t
  WHERE claim IS NOT NULL AND t IS NOT NULL
  MATCH (n:Block)
  WHERE n.space = $stage AND n.id IS NOT NULL
  WITH n, t
  LIMIT $batch
  WITH n, t, EXISTS { MATCH (:Block {space: $target, id: n.id}) } AS taken
  CALL (n, taken) {
    WITH n WHERE taken
    OPTIONAL MATCH (n)--(neighbour:Block)
    WITH n, collect(DISTINCT neighbour) AS neighbours
    DETACH DELETE n
    WITH neighbours
    UNWIND neighbours AS x
    CALL (x) {
      MATCH (x)-[e]-()
      WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
      ORDER BY strength
      RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
    }
    // The due time counts only the edges a block starts.
    CALL (x) {
      MATCH (x)-[e]->(o:Block)
      WHERE coalesce(e.origin, '') <> 'agent'
      WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
              * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                     THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate
      RETURN coalesce(min(
        CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                      OR e.last_active_hours IS NOT NULL) THEN -1.0e18
             WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
             ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END), 1.0e18) AS due
    }
    SET x.weighted_degree = degree, x.edge_due_hours = due
  }
  CALL (n, t, taken) {
    WITH n, t WHERE NOT taken
    SET n.space = $target, n.text_key = t.text_key, n.vector_epoch = t.vector_epoch
  }
  RETURN count(*) - sum(CASE WHEN taken THEN 1 ELSE 0 END) AS moved,
         sum(CASE WHEN taken THEN 1 ELSE 0 END) AS dropped
}
RETURN claim IS NOT NULL AND t IS NOT NULL AS claimed, moved, dropped
