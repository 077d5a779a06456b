// name: give_back_texts
// mode: write
// returns: scalar
// params: space, ids, forgotten, texts, epoch
// Blocks that absorbed the text of a block being forgotten give it back (docs/BEHAVIOUR.md
// §12). Dream gives a near-duplicate's text to the block that replaced it (superseded_by),
// and when that block is replaced in turn its texts go on with it and every pointer moves to
// the newest replacement (cypher/consolidation/archive_blocks.cypher); so the holders of a
// text are the block its forgotten block points at and the blocks pointing at that one,
// found through the Block(space, superseded_by) index, other than blocks being forgotten
// (`forgotten`). Each drops `texts` from its `absorbed` list (none left: no list) and its
// summary is made again: its own summary and the texts it keeps, one line each, as dream
// appends them; a summary that does not end with its absorbed texts (an import's) loses
// each line that is one of them. The full-text index reads it anew; an active holder gets
// the forget's vector epoch, so recall's caches read its words again
// (vector_cache_delta.cypher). Its own content stays. Runs after forget_edges took the
// space's edge lock, so no dream adds a text in between. Returns how many blocks changed.
UNWIND $ids AS id
MATCH (b:Block {space: $space, id: id})
WHERE b.superseded_by IS NOT NULL
MATCH (top:Block {space: $space, id: b.superseded_by})
WITH DISTINCT top
UNWIND [top] + COLLECT { MATCH (h:Block {space: $space, superseded_by: top.id}) RETURN h } AS h
WITH DISTINCT h
WHERE NOT h.id IN $forgotten
WITH h, coalesce(h.absorbed, []) AS had
WITH h, had, [text IN had WHERE NOT text IN $texts] AS kept
WHERE size(kept) < size(had)
WITH h, had, kept, reduce(lines = '', text IN had | lines + '\n' + text) AS suffix
SET h.absorbed = CASE WHEN size(kept) = 0 THEN null ELSE kept END,
    h.summary = CASE
      WHEN h.summary IS NULL THEN null
      WHEN h.summary ENDS WITH suffix
        THEN left(h.summary, size(h.summary) - size(suffix))
             + reduce(lines = '', text IN kept | lines + '\n' + text)
      ELSE reduce(summary = h.summary, text IN had |
                  CASE WHEN text IN $texts THEN replace(summary, '\n' + text, '') ELSE summary END)
    END,
    h.vector_epoch = CASE WHEN h.status = 'active' THEN $epoch ELSE h.vector_epoch END
RETURN count(h) AS changed
