// name: reinforce_curated
// mode: write
// returns: one
// params: space, owner, lock_seconds, now, top_n, weights, cold_centrality, cold_recency, constitutional
// Curate's reinforcement: every active block tagged `constitutional`, and the `top_n`
// other active blocks by the queryless SELF score (weights without similarity; recency
// with the stored λ; centrality = weighted degree over the space's largest, with the
// cold-start floor; the degree is the block's maintained weighted_degree, docs/BEHAVIOUR.md
// §9.2; reinforcement = ln(1 + count) over ln(1 + the largest count); ties
// by id), so useful knowledge does not fade between recalls. The ranking reads the
// score's properties (all but the degree) from the block_self_rank index's values when
// it holds every active block (docs/BEHAVIOUR.md §9.4). Each
// gets count + 1 and last_reinforced_at = now, never moved back (a session elsewhere may
// be ahead of the persisted clock), and its archive_due_hours recounted (§9.2). Nothing is reinforced when the space was already
// curated at this clock, so a second curate at the same clock changes nothing. Runs only
// while `owner` holds the curate lock, whose lease it extends. Returns the ids
// reinforced; no row when the lock is no longer ours.
MATCH (space:Space {name: $space})
WHERE space.curate_lock_owner = $owner
SET space.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
WITH space, coalesce(space.last_curate_at = $now, false) AS again
CALL (again) {
  MATCH (b:Self)
  WHERE NOT again AND b.space = $space AND b.status = 'active' AND $constitutional IN b.tags
  RETURN collect(b) AS pinned
}
// The ranking reads its properties from the block_self_rank index (migration 0051) when that
// holds every active block, and the largest degree from block_degree_order (0035); a block
// lacking one of the ranking's properties is not in the index, and then every block is read,
// a missing property taking the default below. Either way the scores are the same.
CALL (again) {
  MATCH (b:Block)
  WHERE NOT again AND b.space = $space AND b.status = 'active'
  RETURN count(b) AS active
}
CALL (again, pinned) {
  MATCH (b:Block)
  USING INDEX SEEK b:Block(space, status, confidence, reinforcement_count, decay_lambda, last_reinforced_at, id)
  WHERE NOT again AND b.space = $space AND b.status = 'active' AND b.confidence IS NOT NULL
    AND b.reinforcement_count IS NOT NULL AND b.decay_lambda IS NOT NULL
    AND b.last_reinforced_at IS NOT NULL AND b.id IS NOT NULL
  WITH b, b.reinforcement_count AS count
  RETURN count(b) AS indexed, max(CASE WHEN b IN pinned THEN null ELSE count END) AS indexed_top_count
}
CALL (again, pinned, active, indexed) {
  // UNWIND, not WHERE: a filter would run after the scan; an empty list skips it
  UNWIND CASE WHEN active = indexed THEN [] ELSE [true] END AS scan
  MATCH (b:Block)
  WHERE NOT again AND b.space = $space AND b.status = 'active' AND NOT b IN pinned
  RETURN max(coalesce(b.reinforcement_count, 0)) AS scanned_top_count
}
CALL (again, pinned) {
  MATCH (b:Block)
  WHERE NOT again AND b.space = $space AND b.status = 'active' AND b.weighted_degree IS NOT NULL
    AND NOT b IN pinned
  RETURN coalesce(max(b.weighted_degree), 0.0) AS top_degree
}
WITH pinned, again, active, indexed, top_degree,
     CASE WHEN active = indexed THEN indexed_top_count ELSE scanned_top_count END AS top_count
CALL (pinned, again, active, indexed, top_degree, top_count) {
  CALL (pinned, again, active, indexed) {
    UNWIND CASE WHEN active = indexed THEN [true] ELSE [] END AS use_index
    MATCH (b:Block)
    USING INDEX SEEK b:Block(space, status, confidence, reinforcement_count, decay_lambda, last_reinforced_at, id)
    WHERE NOT again AND b.space = $space AND b.status = 'active' AND b.confidence IS NOT NULL
      AND b.reinforcement_count IS NOT NULL AND b.decay_lambda IS NOT NULL
      AND b.last_reinforced_at IS NOT NULL AND b.id IS NOT NULL AND NOT b IN pinned
    RETURN b, b.id AS id, b.confidence AS confidence, b.reinforcement_count AS count,
           b.decay_lambda AS lambda, b.last_reinforced_at AS reinforced_at
    UNION ALL
    UNWIND CASE WHEN active = indexed THEN [] ELSE [true] END AS scan
    MATCH (b:Block)
    WHERE NOT again AND b.space = $space AND b.status = 'active' AND NOT b IN pinned
    RETURN b, b.id AS id, coalesce(b.confidence, 0.5) AS confidence,
           coalesce(b.reinforcement_count, 0) AS count,
           coalesce(b.decay_lambda, 0.01) AS lambda, b.last_reinforced_at AS reinforced_at
  }
  WITH b, id, confidence, count,
       exp(-lambda * CASE WHEN $now > reinforced_at THEN $now - reinforced_at ELSE 0.0 END) AS recency,
       CASE WHEN top_degree > 0 THEN coalesce(b.weighted_degree, 0.0) / top_degree ELSE 0.0 END AS raw
  WITH b, id, confidence, count, recency,
       CASE WHEN raw < $cold_centrality AND recency > $cold_recency AND 0.5 * recency > raw
            THEN 0.5 * recency ELSE raw END AS centrality
  WITH b, id,
       $weights.confidence * confidence
       + $weights.recency * recency
       + $weights.centrality * centrality
       + $weights.reinforcement
         * CASE WHEN top_count > 0 THEN log(1 + count) / log(1 + top_count) ELSE 0.0 END
         AS score
  ORDER BY score DESC, id
  LIMIT $top_n
  RETURN collect(b) AS top
}
FOREACH (b IN pinned + top |
  SET b.reinforcement_count = coalesce(b.reinforcement_count, 0) + 1,
      b.last_reinforced_at = CASE WHEN b.last_reinforced_at > $now THEN b.last_reinforced_at
                                  ELSE $now END
  SET b.archive_due_hours = CASE WHEN coalesce(b.decay_lambda, 0.01) > 0.0
      THEN b.last_reinforced_at + log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001
      ELSE 1.0e18 END)
RETURN [b IN pinned | b.id] AS constitutional_ids, [b IN top | b.id] AS top_ids
