// name: 0021_inbox_learn_seq
// mode: write
// returns: scalar
// params:
// Data, in batches (run until it returns 0): an inbox block without a learning order
// (none is stored without one today) gets 0, the oldest, so dream's index-ordered inbox
// (0020) still finds it.
MATCH (b:Block)
WHERE b.status = 'inbox' AND b.learn_seq IS NULL
WITH b
LIMIT 10000
SET b.learn_seq = 0
RETURN count(b)
