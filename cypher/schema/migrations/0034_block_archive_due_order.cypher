// name: 0034_block_archive_due_order
// mode: write
// returns: none
// params:
// Curate's archive plan reads only the active blocks whose archive_due_hours (0033) is at
// or before the run's clock, from this index, not every active block (docs/BEHAVIOUR.md §9.2).
CREATE INDEX block_archive_due_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.archive_due_hours)
