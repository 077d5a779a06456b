// name: count_blocks
// mode: read
// returns: scalar
// params: space, status
// How many blocks of one status a space holds (served by the (space, status) index).
MATCH (b:Block)
WHERE b.space = $space AND b.status = $status
RETURN count(b) AS count
