// name: await_indexes
// mode: read
// returns: none
// params: seconds
// Waits until every index is ONLINE (a new one is populating after a migration), at most
// `seconds`; fails when one is not online by then.
CALL db.awaitIndexes($seconds)
