// name: 0070_api_key_id
// mode: write
// returns: none
// params:
// The service's keys (elfgraph/keys/) are looked up by the id that starts each key: one
// key per id, and the lookup is an index seek.
CREATE CONSTRAINT api_key_id IF NOT EXISTS
FOR (k:ApiKey) REQUIRE k.id IS UNIQUE
