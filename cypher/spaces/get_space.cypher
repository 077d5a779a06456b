// name: get_space
// mode: read
// returns: one
// params: name
// One space's node, or no row when the space does not exist.
MATCH (s:Space {name: $name})
RETURN s {.*} AS space
