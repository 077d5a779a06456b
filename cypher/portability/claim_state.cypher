// name: claim_state
// mode: read
// returns: one
// params: space
// What stands in the way of importing into a space name: the space node, leftover blocks
// of the name without one, and an import's claim with the milliseconds since its last
// batch (by the server's clock).
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
OPTIONAL MATCH (s:Space {name: $space})
OPTIONAL MATCH (c:ImportClaim {space: $space})
RETURN s IS NOT NULL AS exists,
       EXISTS { MATCH (b:Block) WHERE b.space = $space AND b.id IS NOT NULL } AS has_blocks,
       c.target AS claimed_for,
       CASE WHEN c IS NULL THEN null ELSE timestamp() - c.heartbeat END AS claim_idle_ms
