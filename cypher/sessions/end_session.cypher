// name: end_session
// mode: write
// returns: one
// params: space, session_id, hours, ended_at
// Adds a session's wall-clock hours to the space's clock, once: a session already ended
// (by another process that resumed it, or a call sent again) adds nothing. The space node
// is locked (by a write) before its clock is read, so two processes ending sessions never
// lose hours and never count one twice.
MATCH (s:Space {name: $space})
SET s._lock = true
WITH s
OPTIONAL MATCH (session:Session {space: $space, id: $session_id})
WITH s, session, session IS NOT NULL AND session.ended_at IS NOT NULL AS ended
SET s.total_active_hours = coalesce(s.total_active_hours, 0.0)
                           + CASE WHEN ended THEN 0.0 ELSE $hours END
REMOVE s._lock
WITH s, session, ended
FOREACH (open IN CASE WHEN session IS NOT NULL AND NOT ended THEN [session] ELSE [] END |
  SET open.ended_at = $ended_at, open.hours = $hours)
RETURN s.total_active_hours AS total_active_hours
