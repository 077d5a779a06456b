// name: promote_blocks
// mode: write
// returns: one
// params: space, rows, now_hours, embedding_model, run_id
// Promotes analysed inbox blocks to active with their confidence, tags, summary, decay
// rate (and the archive_due_hours it gives, docs/BEHAVIOUR.md §9.2), embedding, the sketch of
// the block's own vector and the sketch of its embedding (elfgraph/core/sketch.py: they
// differ when the embedding leans on the block before it, §4.8). The embedding is stored
// as a float32 array (db.create.setNodeVectorProperty): half the store and page cache of
// a list of floats, which Neo4j keeps as float64, and an exact scan reads it ~1.5x
// faster (docs/DECISIONS.md, "Embeddings are stored as float32 arrays"). Each block is locked (by a write) before its
// status is checked, so a block promoted meanwhile by another process is skipped, not
// promoted twice. Blocks
// with a self/* tag get the Self label, which the SELF frame and guarantees look up. The
// summary is searched by the keyword leg: it also holds the texts of the near-duplicates
// the block absorbed while in the inbox (archive_blocks.cypher). The space's vector epoch
// goes up by one and every promoted block carries it, so a recall's vector cache
// (elfgraph/retrieval/vector_cache.py) knows it is behind and reads just these blocks.
MATCH (s:Space {name: $space})
SET s.vector_epoch = coalesce(s.vector_epoch, 0) + 1
WITH s.vector_epoch AS epoch
UNWIND $rows AS row
MATCH (b:Block {space: $space, id: row.id})
SET b._lock = true
REMOVE b._lock
WITH b, row, epoch
WHERE b.status = 'inbox'
SET b.status = 'active',
    b.confidence = row.confidence,
    b.self_alignment = row.confidence,
    b.tags = row.tags,
    b.summary = row.summary + reduce(text = '', t IN coalesce(b.absorbed, []) | text + '\n' + t),
    b.decay_lambda = row.decay_lambda,
    b.sketch = row.sketch,
    b.embedding_sketch = row.embedding_sketch,
    b.embedding_model = $embedding_model,
    b.reinforcement_count = 1,
    b.last_reinforced_at = $now_hours,
    // Not kept in the inbox (insert_blocks.cypher); the links made next raise the degree.
    b.weighted_degree = coalesce(b.weighted_degree, 0.0),
    b.edge_due_hours = coalesce(b.edge_due_hours, 1.0e18),
    b.promoted_at = row.promoted_at,
    b.consolidated_by = $run_id,
    b.vector_epoch = epoch
SET b.archive_due_hours = CASE WHEN coalesce(b.decay_lambda, 0.01) > 0.0
    THEN b.last_reinforced_at + log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001
    ELSE 1.0e18 END
WITH b, row, epoch
CALL db.create.setNodeVectorProperty(b, 'embedding', row.embedding)
FOREACH (_ IN CASE WHEN any(tag IN row.tags WHERE tag STARTS WITH 'self/') THEN [1] ELSE [] END |
  SET b:Self
)
RETURN collect(b.id) AS ids
