// name: list_keys
// mode: read
// returns: many
// params: space
// The keys (without their hashes), of one space or of all when $space is null, oldest first.
MATCH (k:ApiKey)
WHERE $space IS NULL OR k.space = $space
RETURN k {.id, .space, .all_spaces, .scope, .label, .created_at, .revoked_at} AS key
ORDER BY k.created_at, k.id
