// name: 0016_block_superseded_by
// mode: write
// returns: none
// params:
// A block archived as a near-duplicate names the block that replaced it; when that one is
// superseded in turn, dream re-points the older blocks through this index.
CREATE INDEX block_superseded_by IF NOT EXISTS
FOR (b:Block) ON (b.space, b.superseded_by)
