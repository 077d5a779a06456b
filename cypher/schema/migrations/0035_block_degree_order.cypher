// name: 0035_block_degree_order
// mode: write
// returns: none
// params:
// Curate's archive plan finds the 80th percentile of the active blocks' non-zero weighted
// degrees (0030) by counting and skipping along this index in its order, reading only the
// degrees near that rank, not every active block (docs/BEHAVIOUR.md §9.2).
CREATE INDEX block_degree_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.weighted_degree)
