// name: reinforce_curated
// mode: write
// returns: one
// params: space, owner, lock_seconds, now, top_n, weights, cold_centrality, cold_recency, constitutional
// Curate's reinforcement: every active block tagged `constitutional`, and the `top_n`
// other active blocks by the queryless SELF score (weights without similarity; recency
// with the stored λ; centrality = weighted degree over the space's largest, with the
// cold-start floor; the degree is the block's maintained weighted_degree, docs/BEHAVIOUR.md
// §9.2; reinforcement = ln(1 + count) over ln(1 + the largest count); ties
// by id), so useful knowledge does not fade between recalls. Each
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
CALL (pinned, again) {
  MATCH (b:Block)
  WHERE NOT again AND b.space = $space AND b.status = 'active' AND NOT b IN pinned
  WITH b, coalesce(b.reinforcement_count, 0) AS count,
       exp(-coalesce(b.decay_lambda, 0.01)
           * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
         AS recency,
       coalesce(b.weighted_degree, 0.0) AS degree
  WITH collect({b: b, count: count, recency: recency, degree: degree}) AS rows,
       max(degree) AS top_degree, max(count) AS top_count
  UNWIND rows AS row
  WITH row, top_count,
       CASE WHEN top_degree > 0 THEN row.degree / top_degree ELSE 0.0 END AS raw
  WITH row, top_count,
       CASE WHEN raw < $cold_centrality AND row.recency > $cold_recency
                 AND 0.5 * row.recency > raw
            THEN 0.5 * row.recency ELSE raw END AS centrality
  WITH row.b AS b,
       $weights.confidence * coalesce(row.b.confidence, 0.5)
       + $weights.recency * row.recency
       + $weights.centrality * centrality
       + $weights.reinforcement
         * CASE WHEN top_count > 0 THEN log(1 + row.count) / log(1 + top_count) ELSE 0.0 END
         AS score
  ORDER BY score DESC, b.id
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
