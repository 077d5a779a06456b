// name: 0023_block_reinforcement_order
// mode: write
// returns: none
// params:
// Queryless frames pre-select a space's active blocks by reading the best few by reinforcement count
// (with the other two orders, 0022-0024) from this index in its order, not by scoring
// every block of the space.
CREATE INDEX block_reinforcement_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.reinforcement_count)
