// name: 0024_block_confidence_order
// mode: write
// returns: none
// params:
// Queryless frames pre-select a space's active blocks by reading the best few by confidence
// (with the other two orders, 0022-0024) from this index in its order, not by scoring
// every block of the space.
CREATE INDEX block_confidence_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.confidence)
