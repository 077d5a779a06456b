// name: stale_claims
// mode: read
// returns: many
// params: idle_ms
// Claims whose import wrote nothing for `idle_ms` milliseconds (by the server's clock):
// their process died, and their nodes are left to discard.
MATCH (c:ImportClaim)
WHERE timestamp() - c.heartbeat > $idle_ms
RETURN c.space AS space, c.token AS token, c.target AS target
ORDER BY c.space
