// name: 0015_drop_block_text
// mode: write
// returns: none
// params:
// The shared full-text index without the space (0005), replaced by 0014.
DROP INDEX block_text IF EXISTS
