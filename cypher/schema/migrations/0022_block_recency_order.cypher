// name: 0022_block_recency_order
// mode: write
// returns: none
// params:
// Queryless frames pre-select a space's active blocks by reading the best few by recency (the last reinforcement)
// (with the other two orders, 0022-0024) from this index in its order, not by scoring
// every block of the space.
CREATE INDEX block_recency_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.last_reinforced_at)
