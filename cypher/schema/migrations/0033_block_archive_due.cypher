// name: 0033_block_archive_due
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): every block with a last reinforcement and
// no archive_due_hours gets it (docs/BEHAVIOUR.md §9.2): the active hour at which its
// recency exp(-λ·(now - last_reinforced_at)) falls below curate's prune threshold 0.05,
// last_reinforced_at + ln(20)/λ (never, 1e18, for λ = 0), less a millisecond-sized margin.
// Every writer of last_reinforced_at or decay_lambda keeps it from then on, and curate
// reads only the active blocks whose hour has come (0034).
MATCH (x:Block)
WHERE x.archive_due_hours IS NULL AND x.last_reinforced_at IS NOT NULL
WITH x
LIMIT 10000
SET x.archive_due_hours = CASE WHEN coalesce(x.decay_lambda, 0.01) > 0.0
                               THEN x.last_reinforced_at + log(20.0) / coalesce(x.decay_lambda, 0.01)
                                    - 0.001
                               ELSE 1.0e18 END
RETURN count(x)
