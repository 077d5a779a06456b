// name: inbox_batch
// mode: read
// returns: one
// params: space, limit, after
// The oldest inbox blocks of a space learned after the learn_seq `after` (-1: from the
// first; a dream reads its next chunk while the one before is still being written), in the
// order they were learned, each with its learn_seq and the block learned just before it in
// the same session (`follows`, and its content for the block's contextual vector; null
// outside a session or for a session's first block). Both lookups read an index in its
// order and stop after what they need: the inbox through block_inbox_order (space, status,
// learn_seq), the predecessor through block_session_order (session_id, learn_seq) read
// backwards, so a chunk costs the same however large the inbox and the session are.
// Session ids are random, so the predecessor's space is checked after the one-row seek
// rather than filtered during it.
MATCH (b:Block)
USING INDEX SEEK b:Block(space, status, learn_seq)
WHERE b.space = $space AND b.status = 'inbox' AND b.learn_seq > $after
WITH b
ORDER BY b.space, b.status, b.learn_seq
LIMIT $limit
OPTIONAL CALL (b) {
  MATCH (p:Block)
  USING INDEX SEEK p:Block(session_id, learn_seq)
  WHERE p.session_id = b.session_id AND p.learn_seq < b.learn_seq
  WITH p
  ORDER BY p.session_id DESC, p.learn_seq DESC
  LIMIT 1
  WITH p
  WHERE p.space = $space
  RETURN p.id AS follows,
         CASE WHEN p.speaker IS NULL THEN p.content ELSE p.speaker + ': ' + p.content END
           AS previous_content
}
WITH b, follows, previous_content
ORDER BY b.learn_seq
// One record holding every block: a record each costs the async driver ~70 µs of Python.
// `found_by`: the text its vector and summary are made from, its speaker first when it has
// one as data ("Maria: …", docs/BEHAVIOUR.md §3.3), so both legs find who said it.
RETURN collect({id: b.id, content: b.content, tags: coalesce(b.tags, []),
                found_by: CASE WHEN b.speaker IS NULL THEN b.content
                               ELSE b.speaker + ': ' + b.content END,
                category: b.category, created_at: b.created_at, learn_seq: b.learn_seq,
                follows: follows,
                previous_content: previous_content}) AS blocks
