// name: create_key
// mode: write
// returns: none
// params: id, space, all_spaces, scope, label, salt, digest, created_at
// Stores a new key of the service: its id, what it opens, and the keyed hash of its secret
// (never the secret). A key of one space carries the space, so dropping the space drops it.
CREATE (k:ApiKey {id: $id, scope: $scope, label: $label, salt: $salt, digest: $digest,
                  created_at: $created_at, all_spaces: $all_spaces})
SET k.space = $space
