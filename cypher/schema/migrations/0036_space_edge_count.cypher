// name: 0036_space_edge_count
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): every space without an edge_count gets the
// number of knowledge edges its active blocks start (each edge is stored once), the
// denominator curate reports (docs/BEHAVIOUR.md §9.5). Every writer of edges keeps it
// from then on (by the edges it makes and removes; an import or merge counts afresh), so
// curate's finish reads it instead of counting every edge.
MATCH (s:Space)
WHERE s.edge_count IS NULL
WITH s
LIMIT 10
SET s.edge_count = COUNT {
      MATCH (a:Block)-[]->(:Block)
      WHERE a.space = s.name AND a.status = 'active'
    }
RETURN count(s)
