// name: 0004_block_space_status
// mode: write
// returns: none
// params:
// Most operations work on one status of one space (the inbox to consolidate, the active
// blocks to rank or curate), so (space, status) is indexed together.
CREATE INDEX block_space_status IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status)
