// name: block_contents
// mode: read
// returns: one
// params: space, ids
// The content of the given blocks of a space, for contradiction checks against them.
UNWIND $ids AS block_id
MATCH (b:Block {space: $space, id: block_id})
RETURN collect([b.id, b.content]) AS contents
