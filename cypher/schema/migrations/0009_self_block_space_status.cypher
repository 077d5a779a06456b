// name: 0009_self_block_space_status
// mode: write
// returns: none
// params:
// Blocks with a self/* tag also carry the label Self; the SELF frame and the frames'
// guarantees (self/constitutional, self/goal) find them through this index, not a scan.
CREATE INDEX self_block_space_status IF NOT EXISTS
FOR (b:Self) ON (b.space, b.status)
