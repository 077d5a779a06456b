// name: list_spaces
// mode: read
// returns: many
// params:
// Every space with its block count, by name. A space dropped by another transaction
// while this one reads it (read committed) can show none of its properties, or some and
// not others, as the drop commits between two of them: a space whose node is gone once
// its properties have been read is left out (one that is still there was read whole).
MATCH (s:Space)
WITH s, s {.*} AS space
WHERE space.name IS NOT NULL
  AND EXISTS { MATCH (again:Space {name: space.name}) WHERE again = s }
RETURN space, COUNT { MATCH (b:Block) WHERE b.space = space.name } AS block_count
ORDER BY space.name
