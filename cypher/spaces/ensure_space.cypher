// name: ensure_space
// mode: write
// returns: one
// params: name, now
// Opens a space, creating its node on first use with a zero clock and no embedding lock.
// A name an import has claimed (its nodes are being written, the space is not published
// yet) is not created: the row's space is null. An import's claim creates and deletes a
// Space node of the name first, so this MERGE waits for it and then sees the claim.
MERGE (s:Space {name: $name})
ON CREATE SET s.created_at = $now, s.total_active_hours = 0.0, s.edge_count = 0,
              s.text_key = 'k' + replace(randomUUID(), '-', '') + '0', s._created = true
WITH s, s._created IS NOT NULL AS created
REMOVE s._created
WITH s, created
OPTIONAL MATCH (claim:ImportClaim {space: $name})
WITH s, created AND claim IS NOT NULL AS claimed, s {.*} AS space
FOREACH (_ IN CASE WHEN claimed THEN [1] ELSE [] END | DELETE s)
RETURN CASE WHEN claimed THEN null ELSE space END AS space
