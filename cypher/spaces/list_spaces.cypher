// name: list_spaces
// mode: read
// returns: many
// params:
// Every space with its block count, by name.
MATCH (s:Space)
RETURN s {.*} AS space, COUNT { MATCH (b:Block) WHERE b.space = s.name } AS block_count
ORDER BY s.name
