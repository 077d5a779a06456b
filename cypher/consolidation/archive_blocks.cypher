// name: archive_blocks
// mode: write
// returns: one
// params: space, rows, reason, archived_at
// Archives inbox or active blocks (status only moves forward), removes their knowledge
// edges (their neighbours' weighted_degree and edge_due_hours recounted, docs/BEHAVIOUR.md §6) and drops their
// embedding and sketches, so the shared vector index holds live blocks only.
// A row's `by` is the block that replaces it (a near-duplicate's survivor): stored as
// superseded_by, and blocks that pointed at this one now point at `by` too, so every
// superseded id names a live block in one hop (cypher/edges/resolve_block_ids.cypher).
// The survivor also absorbs the archived block's text (and what that block had absorbed):
// kept in its `absorbed` list (at most 20 texts, none twice, not its own content) and
// searched by the keyword leg through its summary, which an active survivor gets at once
// (with a new vector epoch, so that recall's caches read its texts again) and an inbox one
// when promoted (promote_blocks.cypher), so the near-duplicate's words still find it
// (docs/BEHAVIOUR.md §4.2). The space's edges are locked first (a write on its
// node, like every writer of edges), so the neighbours' recounts are exact, and its
// edge_count goes down by the edges removed (§9.5). An archived block that was active gets
// a new vector epoch, so recall's caches learn it is gone (vector_cache_delta). Returns the
// ids actually archived.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
CALL (space) {
  UNWIND $rows AS row
  MATCH (b:Block {space: $space, id: row.id})-[r]-(:Block)
  WHERE b.status IN ['inbox', 'active']
  WITH DISTINCT r
  WITH count(r) AS cut
  SET space.edge_count = coalesce(space.edge_count, 0) - cut
}
UNWIND $rows AS row
MATCH (b:Block {space: $space, id: row.id})
WHERE b.status IN ['inbox', 'active']
WITH space, b, row, b.status = 'active' AS was_active
SET b.status = 'archived', b.archive_reason = $reason, b.archived_at = $archived_at,
    b.superseded_by = row.by, b.weighted_degree = 0.0, b.edge_due_hours = 1.0e18
REMOVE b.embedding, b.sketch, b.embedding_sketch
WITH space, b, row, was_active
CALL (b) {
  MATCH (b)-[r]-(other:Block)
  DELETE r
  WITH DISTINCT other AS x
  CALL (x) {
    MATCH (x)-[e]-()
    WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
    ORDER BY strength
    RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
  }
  // The due time counts only the edges a block starts.
  CALL (x) {
    MATCH (x)-[e]->(o:Block)
    WHERE coalesce(e.origin, '') <> 'agent'
    WITH e, 0.5 * CASE WHEN coalesce(e.reinforcement_count, 0) >= 10 THEN 0.5 ELSE 1.0 END
            * CASE WHEN coalesce(x.decay_lambda, 0.01) < coalesce(o.decay_lambda, 0.01)
                   THEN coalesce(x.decay_lambda, 0.01) ELSE coalesce(o.decay_lambda, 0.01) END AS rate
    RETURN coalesce(min(
      CASE WHEN e.weight < 0.1 AND (coalesce(e.reinforcement_count, 0) = 0
                                    OR e.last_active_hours IS NOT NULL) THEN -1.0e18
           WHEN e.last_active_hours IS NULL OR rate <= 0.0 THEN null
           ELSE e.last_active_hours + log(e.weight / 0.1) / rate - 0.001 END), 1.0e18) AS due
  }
  SET x.weighted_degree = degree, x.edge_due_hours = due
}
CALL (b, row) {
  WITH b, row
  WHERE row.by IS NOT NULL
  MATCH (older:Block {space: $space, superseded_by: b.id})
  SET older.superseded_by = row.by
}
CALL (b, row, space) {
  WITH b, row, space
  WHERE row.by IS NOT NULL
  MATCH (survivor:Block {space: $space, id: row.by})
  WITH space, survivor, coalesce(survivor.absorbed, []) AS had,
       [text IN [b.content] + coalesce(b.absorbed, [])
        WHERE text IS NOT NULL AND text <> survivor.content] AS given
  WITH space, survivor, had,
       reduce(kept = [], text IN given |
              CASE WHEN text IN had OR text IN kept THEN kept ELSE kept + text END) AS fresh
  WITH space, survivor, had,
       fresh[..CASE WHEN size(had) < 20 THEN 20 - size(had) ELSE 0 END] AS added
  WHERE size(added) > 0
  SET survivor.absorbed = had + added,
      survivor.summary = CASE WHEN survivor.status = 'active'
        THEN coalesce(survivor.summary, survivor.content)
             + reduce(text = '', t IN added | text + '\n' + t)
        ELSE survivor.summary END
  // An active survivor's longer summary: recall's caches read it again (vector_cache_delta).
  WITH space, survivor
  WHERE survivor.status = 'active'
  SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
  SET survivor.vector_epoch = space.vector_epoch
}
// The survivor keeps both event times as a span (docs/BEHAVIOUR.md §4.2): the earliest
// occurred_at and the latest occurred_until (or occurred_at) of the two, when either has one;
// and the archived block's speaker when it has none.
CALL (b, row) {
  WITH b, row
  WHERE row.by IS NOT NULL AND (b.occurred_at IS NOT NULL OR b.speaker IS NOT NULL)
  MATCH (survivor:Block {space: $space, id: row.by})
  WITH b, survivor,
       [t IN [survivor.occurred_at, b.occurred_at] WHERE t IS NOT NULL] AS starts,
       [t IN [survivor.occurred_until, survivor.occurred_at, b.occurred_until, b.occurred_at]
        WHERE t IS NOT NULL] AS ends
  WITH b, survivor, reduce(low = starts[0], t IN starts | CASE WHEN t < low THEN t ELSE low END)
       AS first,
       reduce(high = ends[0], t IN ends | CASE WHEN t > high THEN t ELSE high END) AS last
  SET survivor.occurred_at = first,
      survivor.occurred_until = CASE WHEN last > first THEN last END,
      survivor.occurred_offset = coalesce(survivor.occurred_offset, b.occurred_offset),
      survivor.speaker_key = coalesce(survivor.speaker_key, b.speaker_key),
      survivor.speaker = coalesce(survivor.speaker, b.speaker)
}
// An active block archived: recall's caches read that it is gone (vector_cache_delta).
CALL (b, space, was_active) {
  WITH b, space
  WHERE was_active
  SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
  SET b.vector_epoch = space.vector_epoch
}
RETURN collect(b.id) AS ids
