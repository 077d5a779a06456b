// name: begin_session
// mode: write
// returns: one
// params: space, session_id, task_type, started_at
// Records a new session of the space and returns the clock it starts from.
MATCH (s:Space {name: $space})
CREATE (session:Session {space: $space, id: $session_id, task_type: $task_type,
                         started_at: $started_at, start_hours: s.total_active_hours})
RETURN s.total_active_hours AS total_active_hours
