// name: list_spaces
// mode: read
// returns: many
// params:
// Every space with its block count, by name. A space dropped by another transaction
// while this one reads it shows no properties (read committed): it is left out.
MATCH (s:Space)
WITH s {.*} AS space
WHERE space.name IS NOT NULL
RETURN space, COUNT { MATCH (b:Block) WHERE b.space = space.name } AS block_count
ORDER BY space.name
