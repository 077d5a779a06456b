// name: ensure_space
// mode: write
// returns: one
// params: name, now
// Opens a space, creating its node on first use with a zero clock and no embedding lock.
MERGE (s:Space {name: $name})
ON CREATE SET s.created_at = $now, s.total_active_hours = 0.0,
              s.text_key = 'k' + replace(randomUUID(), '-', '') + '0'
RETURN s {.*} AS space
