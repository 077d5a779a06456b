// name: claim_space
// mode: write
// returns: one
// params: space, token, target, started_at
// Claims a space name for an import, which then writes its nodes under that name while
// no Space node makes them visible. Creating (and deleting) a Space node of the name
// takes its uniqueness lock, so this fails when the space exists or is being opened, and
// MemorySystem.open waits for this transaction and then sees the claim (ensure_space);
// the ImportClaim constraint fails a second claim. The claim draws the space's token in
// the full-text index (text_key) for the blocks it stages and the Space node it publishes.
// No row when leftover blocks of the name exist.
// `id IS NOT NULL` (every one has an id) lets the planner seek the (space, id) identity
// index; on `space` alone it reads every node of the label in the database.
CREATE (probe:Space {name: $space})
DELETE probe
WITH count(*) AS probed
WHERE NOT EXISTS { MATCH (b:Block) WHERE b.space = $space AND b.id IS NOT NULL }
CREATE (c:ImportClaim {space: $space, token: $token, target: $target,
                       started_at: $started_at, heartbeat: timestamp(),
                       text_key: 'k' + replace(randomUUID(), '-', '') + '0'})
RETURN c.token AS token
