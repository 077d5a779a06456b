// name: 0061_forgotten_epoch
// mode: write
// returns: none
// params:
// Recall's vector cache learns that another process forgot blocks it holds from the
// tombstones with a newer vector epoch than its own (cypher/retrieval/vector_cache_delta.cypher):
// a seek on this index, not a scan of the space's tombstones.
CREATE INDEX forgotten_epoch IF NOT EXISTS
FOR (t:Forgotten) ON (t.space, t.vector_epoch)
