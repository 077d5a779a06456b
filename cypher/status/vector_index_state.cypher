// name: vector_index_state
// mode: read
// returns: scalar
// params: name
// The state of the shared vector index (ONLINE, POPULATING, FAILED), or nothing when it
// does not exist yet: status() reports anything but ONLINE as degraded.
SHOW INDEXES YIELD name, state
WHERE name = $name
RETURN state
