// name: 0007_block_status
// mode: write
// returns: none
// params:
// Counts across all spaces by status (how many active blocks the shared vector index
// holds, to size its over-fetch) are index reads with this, not a scan.
CREATE INDEX block_status IF NOT EXISTS
FOR (b:Block) ON (b.status)
