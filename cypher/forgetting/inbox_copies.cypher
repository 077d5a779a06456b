// name: inbox_copies
// mode: read
// returns: one
// params: space, texts, ids
// The inbox blocks of a space that hold one of these texts (compared stripped and
// lower-cased, as block ids are computed) and are not among `ids`: a copy learned again
// before a forget, which the next dream would otherwise promote (docs/BEHAVIOUR.md §12). The
// inbox is read through the Block(space, status) index (it is small between dreams); left to
// itself, the planner read every block of the space through (space, id), 1.8 s at 100k.
MATCH (b:Block)
USING INDEX b:Block(space, status)
WHERE b.space = $space AND b.status = 'inbox' AND NOT b.id IN $ids
  AND toLower(trim(b.content)) IN $texts
RETURN collect({id: b.id, status: b.status, content: b.content}) AS blocks
