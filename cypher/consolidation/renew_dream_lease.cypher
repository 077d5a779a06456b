// name: renew_dream_lease
// mode: write
// returns: scalar
// params: space, owner, lease_seconds
// Extends the lease of a dream that is still working (its heartbeat, and the first query
// of each chunk's write, hold_dream_lease), so a crashed dream holds the space only
// briefly. Returns true; nothing when `owner` no longer holds the lease.
MATCH (s:Space {name: $space})
WHERE s.dream_lease_owner = $owner
SET s.dream_lease_until = timestamp() / 1000.0 + $lease_seconds
RETURN true
