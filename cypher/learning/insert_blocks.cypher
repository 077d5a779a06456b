// name: insert_blocks
// mode: write
// returns: one
// params: space, rows, shared, sequence
// Stores new blocks in the inbox, one per row. MERGE on the (space, id) constraint makes
// two processes learning the same text at once agree. What the batch's blocks share
// (status, clock, session, the default tags, category and source) comes once in $shared,
// a row only what is its own: a third of the bytes on the wire, 120 a block instead of
// 336 (docs/DECISIONS.md, "A learn batch's shared fields are sent once"). A block's
// learn_seq is $sequence + its row's index. A row whose block already existed (its
// learn_seq is not the row's: every row's is new) comes back in `repeated` with that
// block's status: a duplicate when it is still in the inbox, else the caller stores the
// content again under a random id (insert_again.cypher), for consolidation to judge by
// similarity. One flat UNWIND and one row back: a subquery per row and a record per row
// cost twice the server time (docs/DECISIONS.md, "learn_many is one flat UNWIND … MERGE").
// An inbox block
// carries no confidence, reinforcement count, weighted degree or edge due time: promotion
// sets them (promote_blocks.cypher), so a new block enters none of the five indexes that
// order active blocks by them (docs/DECISIONS.md, "Learn stores only what it knows"). `stored` is
// 0 when the space does not exist.
MATCH (space:Space {name: $space})
UNWIND $rows AS row
MERGE (b:Block {space: $space, id: row.id})
ON CREATE SET b += $shared, b += coalesce(row.own, {}), b.content = row.content,
              b.token_count = row.token_count, b.learn_seq = $sequence + row.index,
              b.text_key = space.text_key
RETURN count(row) AS stored,
       collect(CASE WHEN coalesce(b.learn_seq, -1) <> $sequence + row.index
                    THEN {index: row.index, status: b.status} END) AS repeated
