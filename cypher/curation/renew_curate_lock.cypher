// name: renew_curate_lock
// mode: write
// returns: scalar
// params: space, owner, lock_seconds
// Extends the lease of a curate run that is still working (its heartbeat, every third of
// the lease), so the lease can be short: a crashed run blocks the next one only briefly.
// Returns true; nothing when `owner` no longer holds the lock.
MATCH (s:Space {name: $space})
WHERE s.curate_lock_owner = $owner
SET s.curate_lock_until = timestamp() / 1000.0 + $lock_seconds
RETURN true
