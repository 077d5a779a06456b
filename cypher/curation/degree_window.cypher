// name: degree_window
// mode: read
// returns: one
// params: space, epsilon, low_rank, high_rank
// The active blocks' weighted degrees above `epsilon` between two ranks of their order
// (0-based, ascending), read along the (space, status, weighted_degree) index by skipping,
// not by reading every block: the degree at `low_rank` (low) and at `high_rank` (high), how
// many lie below low, and every degree from low to high inclusive: values the index holds,
// so no block is read. Curate's archive plan finds the 80th percentile among them
// (docs/BEHAVIOUR.md §9.2). No row when a rank is past the end (the space changed since it
// was counted).
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.weighted_degree > $epsilon
  WITH b
  ORDER BY b.space, b.status, b.weighted_degree
  SKIP $low_rank
  LIMIT 1
  RETURN b.weighted_degree AS low
}
CALL () {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.weighted_degree > $epsilon
  WITH b
  ORDER BY b.space, b.status, b.weighted_degree
  SKIP $high_rank
  LIMIT 1
  RETURN b.weighted_degree AS high
}
CALL (low) {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.weighted_degree > $epsilon
    AND b.weighted_degree < low
  RETURN count(b) AS below
}
CALL (low, high) {
  MATCH (b:Block)
  WHERE b.space = $space AND b.status = 'active' AND b.weighted_degree >= low
    AND b.weighted_degree <= high
  RETURN collect(b.weighted_degree) AS window
}
RETURN low, high, below, window
