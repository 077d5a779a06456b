// name: find_session
// mode: read
// returns: one
// params: space, session_id
// A session of the space, for a process that resumes it (another server of the service):
// where its clock started, when, and whether it has ended.
MATCH (session:Session {space: $space, id: $session_id})
RETURN session.start_hours AS start_hours, session.started_at AS started_at,
       session.ended_at AS ended_at
