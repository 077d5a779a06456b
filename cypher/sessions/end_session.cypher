// name: end_session
// mode: write
// returns: one
// params: space, session_id, hours, ended_at
// Adds a session's wall-clock hours to the space's clock. The space node is locked (by a
// write) before its clock is read, so two processes ending sessions never lose hours.
MATCH (s:Space {name: $space})
SET s._lock = true
WITH s
SET s.total_active_hours = coalesce(s.total_active_hours, 0.0) + $hours
REMOVE s._lock
WITH s
OPTIONAL MATCH (session:Session {space: $space, id: $session_id})
SET session.ended_at = $ended_at, session.hours = $hours
RETURN s.total_active_hours AS total_active_hours
