// name: 0013_block_text_key
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): every block gets its space's text_key (a
// block whose space is gone gets a key no space has). New blocks get it when learned.
MATCH (b:Block)
WHERE b.text_key IS NULL
WITH b
LIMIT 10000
OPTIONAL MATCH (s:Space {name: b.space})
SET b.text_key = coalesce(s.text_key, 'korphan0')
RETURN count(b)
