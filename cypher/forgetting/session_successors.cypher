// name: session_successors
// mode: read
// returns: one
// params: space, ids
// The active blocks whose stored embedding leans on a block about to be forgotten: each
// is the next block learned in that block's session (docs/BEHAVIOUR.md §4.8: a block is
// found by its own vector plus a share of its predecessor's), read through the
// Block(session_id, learn_seq) index in its order, and not forgotten itself (a run of
// forgotten blocks has its successor found from the last one). With each, its texts and
// the content of the block it will follow once the forgotten ones are gone (`previous`,
// null when none is left before it), so its vector can be made again as dream makes it.
// Session ids are random, so the found block's space is checked after the one-row seek.
UNWIND $ids AS id
MATCH (f:Block {space: $space, id: id})
WHERE f.session_id IS NOT NULL AND f.learn_seq IS NOT NULL
CALL (f) {
  MATCH (n:Block)
  USING INDEX n:Block(session_id, learn_seq)
  WHERE n.session_id = f.session_id AND n.learn_seq > f.learn_seq
  WITH n
  ORDER BY n.session_id, n.learn_seq
  LIMIT 1
  RETURN n
}
WITH f, n
WHERE n.space = $space AND NOT n.id IN $ids AND n.status = 'active' AND n.embedding IS NOT NULL
OPTIONAL CALL (n) {
  MATCH (p:Block)
  USING INDEX p:Block(session_id, learn_seq)
  WHERE p.session_id = n.session_id AND p.learn_seq < n.learn_seq AND NOT p.id IN $ids
  WITH p
  ORDER BY p.session_id DESC, p.learn_seq DESC
  LIMIT 1
  WITH p
  WHERE p.space = $space
  RETURN p.content AS previous
}
RETURN collect({id: n.id, follows: f.id, content: n.content, summary: n.summary,
                absorbed: coalesce(n.absorbed, []), previous: previous}) AS blocks
