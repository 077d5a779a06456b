// name: 0011_block_session_order
// mode: write
// returns: none
// params:
// Blocks learned in a session carry its id and their learning order; consolidation finds
// the block learned just before each new one in its session through this index.
CREATE INDEX block_session_order IF NOT EXISTS
FOR (b:Block) ON (b.session_id, b.learn_seq)
