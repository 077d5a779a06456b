// name: 0020_block_inbox_order
// mode: write
// returns: none
// params:
// Dream takes a space's inbox oldest first, a chunk at a time: this index hands the next
// chunk over in learning order without reading, let alone sorting, the rest of the inbox.
CREATE INDEX block_inbox_order IF NOT EXISTS
FOR (b:Block) ON (b.space, b.status, b.learn_seq)
