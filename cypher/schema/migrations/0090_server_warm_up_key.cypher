// name: 0090_server_warm_up_key
// mode: write
// returns: none
// params:
// One warm-up marker per database (elfgraph/warm_up/): two processes that claim a new
// server's warm-up at once MERGE the same node, so exactly one of them does the work.
CREATE CONSTRAINT server_warm_up_key IF NOT EXISTS
FOR (w:ServerWarmUp) REQUIRE w.key IS UNIQUE
