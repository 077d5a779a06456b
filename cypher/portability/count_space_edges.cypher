// name: count_space_edges
// mode: write
// returns: scalar
// params: space
// After an import or a merge: the space's edge_count counted afresh (the knowledge edges
// its active blocks start, docs/BEHAVIOUR.md §9.5), which every writer of edges keeps from
// then on. The space node is locked first, like every writer of edges, so a write
// meanwhile is counted once. Returns the count; nothing when the space is gone.
MATCH (s:Space {name: $space})
SET s._edge_lock = true
REMOVE s._edge_lock
SET s.edge_count = COUNT {
      MATCH (a:Block)-[]->(:Block)
      WHERE a.space = $space AND a.status = 'active'
    }
RETURN s.edge_count
