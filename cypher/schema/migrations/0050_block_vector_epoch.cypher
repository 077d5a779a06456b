// name: 0050_block_vector_epoch
// mode: write
// returns: none
// params:
// A recall's vector cache (elfgraph/retrieval/vector_cache.py) catches up by reading only
// the blocks that got their vector after the epoch it holds: a seek on this index, not a
// scan of the space. Blocks made active before the epochs existed have none and are read
// by the cache's first full load.
CREATE INDEX block_vector_epoch IF NOT EXISTS
FOR (b:Block) ON (b.space, b.vector_epoch)
