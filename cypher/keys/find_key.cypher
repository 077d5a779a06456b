// name: find_key
// mode: read
// returns: one
// params: id
// The key with this id, to check a request's secret against its hash.
MATCH (k:ApiKey {id: $id})
RETURN k {.id, .space, .all_spaces, .scope, .label, .salt, .digest, .created_at,
          .revoked_at} AS key
