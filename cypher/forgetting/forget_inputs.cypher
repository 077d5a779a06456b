// name: forget_inputs
// mode: read
// returns: one
// params: space, ids
// The blocks a forget names (whole ids), each with its status and content and the
// near-duplicates dream archived into it (superseded_by it, archive reason `superseded`:
// their texts live on only in its `absorbed` list and summary, and their ids name it), found
// through the Block(space, superseded_by) index. Blocks no longer there are left out.
UNWIND $ids AS id
MATCH (b:Block {space: $space, id: id})
// One record for every block: a record each costs the async driver ~70 µs of Python.
RETURN collect({
  id: b.id, status: b.status, content: b.content,
  near_duplicates: COLLECT {
    MATCH (d:Block {space: $space, superseded_by: b.id})
    WHERE d.archive_reason = 'superseded'
    RETURN {id: d.id, status: d.status, content: d.content} AS d
  }
}) AS blocks
