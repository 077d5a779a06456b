// name: 0080_block_occurred_at
// mode: write
// returns: none
// params:
// A block's event time, when learn was given one (docs/BEHAVIOUR.md §3.3): recall's period
// leg reads the blocks of a space whose occurred_at (epoch seconds) falls in the period a
// question names from this range index, so a period filter does not scan the space
// (candidates.cypher). A block learned without an event time is not in it.
CREATE INDEX block_occurred_at IF NOT EXISTS
FOR (b:Block) ON (b.space, b.occurred_at)
