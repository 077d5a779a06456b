// name: 0060_forgotten_identity
// mode: write
// returns: none
// params:
// A forget leaves one tombstone per block it deleted (docs/BEHAVIOUR.md §12): a Forgotten
// node keyed by its space and a random token, never by the block's id, which is a hash of
// its text.
CREATE CONSTRAINT forgotten_identity IF NOT EXISTS
FOR (t:Forgotten) REQUIRE (t.space, t.token) IS UNIQUE
