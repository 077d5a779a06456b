// name: refresh_vectors
// mode: write
// returns: scalar
// params: space, rows, epoch
// Active blocks whose embedding leaned on a forgotten block (the one learned before them in
// their session, docs/BEHAVIOUR.md §4.8) get the vector made again without it, and the int8
// sketch of that vector that recall's sketches read (§7.2), stamped with the forget's vector
// epoch so recall's caches read them again. Stored as a float32 array, as promotion stores
// it (cypher/consolidation/promote_blocks.cypher). Returns how many blocks changed.
UNWIND $rows AS row
MATCH (b:Block {space: $space, id: row.id})
WHERE b.status = 'active' AND b.embedding IS NOT NULL
SET b.embedding_sketch = row.embedding_sketch, b.vector_epoch = $epoch
WITH b, row
CALL db.create.setNodeVectorProperty(b, 'embedding', row.embedding)
RETURN count(b) AS changed
