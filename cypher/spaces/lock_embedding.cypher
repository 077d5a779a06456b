// name: lock_embedding
// mode: write
// returns: one
// params: name, model, dimensions
// Locks a space to one embedding model and dimension the first time it embeds, and returns
// the lock as stored. Writing the node first serialises two processes locking at once; the
// caller compares the stored lock with its own model and refuses a mismatch.
MATCH (s:Space {name: $name})
SET s.embedding_model = coalesce(s.embedding_model, $model),
    s.embedding_dimensions = coalesce(s.embedding_dimensions, $dimensions)
RETURN s.embedding_model AS model, s.embedding_dimensions AS dimensions
