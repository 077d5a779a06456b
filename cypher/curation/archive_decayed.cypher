// name: archive_decayed
// mode: write
// returns: one
// params: space, owner, lock_seconds, seq, now, threshold, archived_at
// Archives one batch of the saved archive plan (its CuratePlan node `seq`, which goes in
// the same transaction; none left: nothing to do), reason 'decayed', re-checking each
// block's recency so a block reinforced since the plan was made stays. Archiving removes the
// block's knowledge edges (their other ends' weighted_degree recounted once per batch,
// however many of the batch's blocks they lost, and the edge_due_hours of those that started
// one, the only edges it counts, docs/BEHAVIOUR.md §9.2, §9.3),
// its embedding and both sketches (the vector index holds live blocks only), its Self label, and the co-retrieval staging that names it;
// the archived blocks get a new vector epoch, so recall's caches learn they are gone;
// the space's edge_count goes down by the edges removed (§9.5). Runs only while
// `owner` holds the curate lock, whose lease it extends; the space node is written
// first, so the batch waits for (and is not overtaken by) the agent's writers. Returns
// how many were archived; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space
OPTIONAL MATCH (plan:CuratePlan {space: $space, seq: $seq})
CALL (plan, space) {
  UNWIND coalesce(plan.ids, []) AS block_id
  MATCH (b:Block {space: $space, id: block_id})
  WHERE b.status = 'active'
    AND exp(-coalesce(b.decay_lambda, 0.01)
            * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
        < $threshold
  SET b.status = 'archived', b.archive_reason = 'decayed', b.archived_at = $archived_at,
      b.weighted_degree = 0.0, b.edge_due_hours = 1.0e18
  REMOVE b.embedding, b.sketch, b.embedding_sketch, b:Self
  WITH space, collect(b) AS gone
  // Recall's caches read that these are gone (vector_cache_delta): one new epoch a batch.
  CALL (space, gone) {
    WITH space, gone
    WHERE size(gone) > 0
    SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
    WITH space, gone
    UNWIND gone AS b
    SET b.vector_epoch = space.vector_epoch
  }
  CALL (gone) {
    UNWIND gone AS b
    MATCH (b)-[r]-(:Block)
    WITH DISTINCT r
    RETURN count(r) AS cut
  }
  CALL (gone) {
    UNWIND gone AS b
    MATCH (b)-[r]-(other:Block)
    // Every edge's start read before any goes: an edge between two archived blocks comes twice.
    WITH collect(r) AS cut_edges,
         collect([other, CASE WHEN startNode(r) = other THEN 1 ELSE 0 END]) AS ends
    FOREACH (r IN cut_edges | DELETE r)
    WITH ends
    UNWIND ends AS end
    WITH end[0] AS x, max(end[1]) = 1 AS started
    CALL (x) {
      MATCH (x)-[e]-()
      WITH coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
      ORDER BY strength
      RETURN reduce(total = 0.0, s IN collect(strength) | total + s) AS degree
    }
    SET x.weighted_degree = degree
    // The due time counts only the edges a block starts: only a start's can have moved.
    WITH x WHERE started
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
    SET x.edge_due_hours = due
  }
  RETURN [b IN gone | b.id] AS archived, cut
}
SET space.edge_count = coalesce(space.edge_count, 0) - cut
WITH plan, archived
CALL (archived) {
  MATCH (staged:CoRetrieval)
  WHERE staged.space = $space AND staged.a IS NOT NULL AND staged.b IS NOT NULL
    AND (staged.a IN archived OR staged.b IN archived)
  DELETE staged
}
CALL (plan) {
  WITH plan WHERE plan IS NOT NULL
  DELETE plan
}
RETURN size(archived) AS archived
