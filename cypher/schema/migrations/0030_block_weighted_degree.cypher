// name: 0030_block_weighted_degree
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): every block without a weighted_degree gets it
// counted from its edges (docs/BEHAVIOUR.md §6: the sum of weight + 0.1·ln(1 +
// reinforcement_count)). Every writer of edges keeps it from then on, and curate reads it
// instead of every edge (§9.2).
MATCH (x:Block)
WHERE x.weighted_degree IS NULL
WITH x
LIMIT 10000
SET x.weighted_degree = reduce(total = 0.0, strength IN COLLECT {
      MATCH (x)-[e]-(:Block)
      RETURN coalesce(e.weight, 0.0) + 0.1 * log(1 + coalesce(e.reinforcement_count, 0)) AS strength
      ORDER BY strength
      } | total + strength)
RETURN count(x)
