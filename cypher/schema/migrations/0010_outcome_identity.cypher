// name: 0010_outcome_identity
// mode: write
// returns: none
// params:
// Every outcome() call is recorded (the audit trail of confidence changes) as an Outcome
// node; an id is unique within its space.
CREATE CONSTRAINT outcome_identity IF NOT EXISTS
FOR (o:Outcome) REQUIRE (o.space, o.id) IS UNIQUE
