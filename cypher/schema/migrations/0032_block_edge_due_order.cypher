// name: 0032_block_edge_due_order
// mode: write
// returns: none
// params:
// Curate's edge phases read only the blocks whose edge_due_hours (0031) is at or before
// the run's clock, from this index, not every edge of the space (docs/BEHAVIOUR.md §9.3).
CREATE INDEX block_edge_due_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.edge_due_hours)
