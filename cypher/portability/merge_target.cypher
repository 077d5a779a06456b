// name: merge_target
// mode: write
// returns: one
// params: target, model, dimensions
// Starts a merge into an existing space: locks its node (like every writer of its edges
// and counters), locks it to the file's embedding model when it has none yet, and returns
// its clock and lock. The caller refuses a lock that differs from the file's, which rolls
// this back. No row when the space does not exist.
MATCH (s:Space {name: $target})
SET s._lock = true
REMOVE s._lock
SET s.embedding_model = coalesce(s.embedding_model, $model),
    s.embedding_dimensions = coalesce(s.embedding_dimensions, $dimensions)
RETURN s.total_active_hours AS clock, s.embedding_model AS model,
       s.embedding_dimensions AS dimensions
