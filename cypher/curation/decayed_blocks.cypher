// name: decayed_blocks
// mode: read
// returns: one
// params: space, now, threshold, bonus
// The plan of curate's first phase, in one pass over the space's active blocks: those
// whose recency exp(-λ·max(0, now - last_reinforced_at)), with the stored (possibly
// penalised) λ, is below `threshold`, except bridges. A bridge has a weighted degree (each
// edge counts weight + bonus·ln(1 + reinforcement_count), as for centrality) of at least
// the 80th percentile of the non-zero weighted degrees of the space's active blocks.
// Returns the ids to archive, that percentile, and how many decayed bridges are kept.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active'
WITH b,
     exp(-coalesce(b.decay_lambda, 0.01)
         * CASE WHEN $now > b.last_reinforced_at THEN $now - b.last_reinforced_at ELSE 0.0 END)
       AS recency,
     reduce(total = 0.0, r IN [(b)-[r]-(:Block) | r] |
            total + coalesce(r.weight, 0.0)
                  + $bonus * log(1 + coalesce(r.reinforcement_count, 0))) AS degree
WITH collect(CASE WHEN recency < $threshold THEN [b.id, degree] END) AS decayed,
     percentileDisc(CASE WHEN degree > 0 THEN degree END, 0.8) AS bridge
WITH decayed, bridge,
     [d IN decayed WHERE bridge IS NULL OR d[1] <= 0 OR d[1] < bridge | d[0]] AS ids
RETURN ids, bridge, size(decayed) - size(ids) AS bridges_kept
