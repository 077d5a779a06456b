// name: delete_space
// mode: write
// returns: scalar
// params: name
// Deletes a space: its blocks with their edges, every other node tagged with the space, and
// the space node. Returns how many nodes went.
OPTIONAL MATCH (n) WHERE n.space = $name
DETACH DELETE n
WITH count(n) AS tagged
OPTIONAL MATCH (s:Space {name: $name})
DETACH DELETE s
RETURN tagged + count(s) AS deleted
