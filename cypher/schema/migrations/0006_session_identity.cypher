// name: 0006_session_identity
// mode: write
// returns: none
// params:
// Sessions are recorded per space for inspection; an id is unique within its space.
CREATE CONSTRAINT session_identity IF NOT EXISTS
FOR (s:Session) REQUIRE (s.space, s.id) IS UNIQUE
