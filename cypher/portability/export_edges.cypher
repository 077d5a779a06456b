// name: export_edges
// mode: read
// returns: one
// params: space, after, limit
// The knowledge edges that start at the next `limit` blocks of the space after block id
// `after` (every edge starts at its smaller block id), in (a, b) order, and the last block
// id of the page (null when no block was left): the next page starts after it.
MATCH (a:Block)
WHERE a.space = $space AND a.id > $after
WITH a
ORDER BY a.space, a.id
LIMIT $limit
WITH collect(a) AS page
RETURN CASE WHEN size(page) = 0 THEN null ELSE page[size(page) - 1].id END AS last,
       COLLECT {
         UNWIND page AS a
         MATCH (a)-[r]->(b:Block)
         WITH a, b, r
         ORDER BY a.id, b.id
         RETURN {a: a.id, b: b.id, type: type(r), props: properties(r)}
       } AS edges
