// name: space_status
// mode: read
// returns: one
// params: space
// One space's node with its block counts by status and its number of knowledge edges
// (stored once each, from the smaller id to the larger, so a directed match counts each once).
MATCH (s:Space {name: $space})
RETURN s {.*} AS space,
       COUNT { MATCH (b:Block) WHERE b.space = $space AND b.status = 'inbox' } AS inbox,
       COUNT { MATCH (b:Block) WHERE b.space = $space AND b.status = 'active' } AS active,
       COUNT { MATCH (b:Block) WHERE b.space = $space AND b.status = 'archived' } AS archived,
       COUNT { MATCH (a:Block)-[]->(:Block) WHERE a.space = $space AND a.status = 'active' }
         AS edges
