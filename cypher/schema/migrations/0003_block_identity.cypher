// name: 0003_block_identity
// mode: write
// returns: none
// params:
// A block id is unique within its space (the same content may live in two spaces).
// The backing index also serves every lookup of a block by space and id.
CREATE CONSTRAINT block_identity IF NOT EXISTS
FOR (b:Block) REQUIRE (b.space, b.id) IS UNIQUE
