// name: finish_warm_up
// mode: write
// returns: none
// params: started, now, seconds
// Records that the warm-up of the server run that started at $started finished, and how
// long it took (for `elfgraph neo4j status` readers and for the warm-up's own log line).
MATCH (w:ServerWarmUp {key: 'jvm'})
WHERE w.started = $started
SET w.finished_at = $now, w.seconds = $seconds
