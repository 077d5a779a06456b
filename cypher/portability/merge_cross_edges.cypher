// name: merge_cross_edges
// mode: write
// returns: one
// params: stage, token, target, after, limit, cap
// One page of a merge: the next `limit` staged blocks (after id `after`) whose id the
// target space already has. The target's block wins, so each such staged block goes, and
// each of its edges is carried over to the target's block instead when both ends are
// active, the pair has no edge yet and neither end is at the degree cap (the staged edge
// is deleted first, so a staged block's count does not hold the edge twice); both ends of a
// carried edge get their weighted_degree and edge_due_hours recounted (docs/BEHAVIOUR.md §6). Each edge is
// taken once: from its start block, or from the colliding end when the other is new.
// Returns whether the claim still holds, the last id of the page (null when none was
// left), how many staged blocks went and the edges carried and dropped.
OPTIONAL MATCH (claim:ImportClaim {space: $stage, token: $token})
SET claim.heartbeat = timestamp()
WITH claim
OPTIONAL MATCH (t:Space {name: $target})
SET t._lock = true
REMOVE t._lock
WITH claim, t
CALL (claim, t) {
  WITH claim, t
  WHERE claim IS NOT NULL AND t IS NOT NULL
  MATCH (x:Block)
  WHERE x.space = $stage AND x.id > $after
    AND EXISTS { MATCH (:Block {space: $target, id: x.id}) }
  WITH x
  ORDER BY x.space, x.id
  LIMIT $limit
  WITH collect(x) AS page
  RETURN page, CASE WHEN size(page) = 0 THEN null ELSE page[size(page) - 1].id END AS last
}
CALL (page) {
  UNWIND page AS x
  MATCH (x)-[r]-(y:Block)
  WHERE startNode(r) = x OR NOT EXISTS { MATCH (:Block {space: $target, id: y.id}) }
  MATCH (tx:Block {space: $target, id: x.id})
  OPTIONAL MATCH (ty:Block {space: $target, id: y.id})
  WITH r, tx, coalesce(ty, y) AS other
  CALL (r, tx, other) {
    WITH r, tx, other, type(r) AS type, properties(r) AS props
    DELETE r
    WITH tx, other, type, props
    WHERE tx.status = 'active' AND other.status = 'active' AND NOT EXISTS { (tx)--(other) }
      AND COUNT { (tx)--() } < $cap AND COUNT { (other)--() } < $cap
    WITH CASE WHEN tx.id < other.id THEN [tx, other] ELSE [other, tx] END AS ends, type, props
    WITH ends[0] AS a, ends[1] AS b, type, props
    CREATE (a)-[n:$(type)]->(b)
    SET n = props
    WITH n, a, b
    CALL (a, b) {
      UNWIND [a, b] AS x
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
    RETURN count(n) AS made
  }
  RETURN sum(made) AS carried, count(*) - sum(made) AS dropped
}
CALL (page) {
  UNWIND page AS x
  DETACH DELETE x
}
RETURN claim IS NOT NULL AND t IS NOT NULL AS claimed, last, size(page) AS colliding, carried,
       dropped
