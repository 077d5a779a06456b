// name: revoke_key
// mode: write
// returns: one
// params: id, revoked_at
// Marks a key revoked (kept, so `keys list` shows when); its hash is removed, so nothing can
// match it again. Returns the key, or no row when there is none with this id.
MATCH (k:ApiKey {id: $id})
SET k.revoked_at = coalesce(k.revoked_at, $revoked_at), k.digest = null, k.salt = null
RETURN k {.id, .space, .all_spaces, .scope, .label, .created_at, .revoked_at} AS key
