// name: 0012_space_text_key
// mode: write
// returns: none
// params:
// Data: every space gets a text_key, a random single-token word that its blocks carry into
// the full-text index, so a keyword search can be asked for one space's blocks only
// (0014). New spaces get theirs when created (ensure_space).
MATCH (s:Space)
WHERE s.text_key IS NULL
SET s.text_key = 'k' + replace(randomUUID(), '-', '') + '0'
