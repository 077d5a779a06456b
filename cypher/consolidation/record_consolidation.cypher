// name: record_consolidation
// mode: write
// returns: none
// params: space, at
// Remembers when the space was last consolidated (for status and curate scheduling).
MATCH (s:Space {name: $space})
SET s.last_consolidated_at = $at
