// name: insert_again
// mode: write
// returns: scalar
// params: space, rows, shared, sequence
// Stores content whose block was already promoted or archived as a new inbox block under
// the row's random id (insert_blocks.cypher found those rows, and takes the same rows,
// $shared and $sequence), for consolidation to judge by similarity. Returns how many it
// created (0 when the space does not exist).
MATCH (space:Space {name: $space})
UNWIND $rows AS row
CREATE (again:Block {space: $space, id: row.id})
SET again += $shared, again += coalesce(row.own, {}), again.content = row.content,
    again.token_count = row.token_count, again.learn_seq = $sequence + row.index,
    again.text_key = space.text_key
RETURN count(again) AS created
