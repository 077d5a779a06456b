// name: text_holders
// mode: read
// returns: scalar
// params: space, ids, texts
// For a forget's preview: how many blocks, other than these, hold one of their texts in
// their `absorbed` list (give_back_texts.cypher finds them the same way and rewrites them).
UNWIND $ids AS id
MATCH (b:Block {space: $space, id: id})
WHERE b.superseded_by IS NOT NULL
MATCH (top:Block {space: $space, id: b.superseded_by})
WITH DISTINCT top
UNWIND [top] + COLLECT { MATCH (h:Block {space: $space, superseded_by: top.id}) RETURN h } AS h
WITH DISTINCT h
WHERE NOT h.id IN $ids AND any(text IN coalesce(h.absorbed, []) WHERE text IN $texts)
RETURN count(h) AS holders
