// name: take_dream_lease
// mode: write
// returns: one
// params: space, owner, holder, lease_seconds
// Takes the space's dream lease for `owner` when nobody holds it or the holder's lease has
// run out (a crashed dream), so two dreams of one space run one after the other and each
// sees every block the one before promoted (docs/BEHAVIOUR.md §4). The space node is
// locked by a write first, so checking and taking are one atomic step across processes.
// Leases are in the server's wall-clock seconds, which every client shares; `holder`
// (host and process) is for the message a waiting dream logs. Returns whether it was
// taken, the holder and the lease's end (epoch seconds); no row when the space does not
// exist.
MATCH (s:Space {name: $space})
SET s._lock = true
REMOVE s._lock
WITH s, timestamp() / 1000.0 AS wall
WITH s, wall,
     s.dream_lease_owner IS NULL OR s.dream_lease_owner = $owner
       OR coalesce(s.dream_lease_until, 0.0) <= wall AS free
SET s.dream_lease_owner = CASE WHEN free THEN $owner ELSE s.dream_lease_owner END,
    s.dream_lease_until = CASE WHEN free THEN wall + $lease_seconds ELSE s.dream_lease_until END,
    s.dream_lease_holder = CASE WHEN free THEN $holder ELSE s.dream_lease_holder END
RETURN free AS taken, s.dream_lease_holder AS holder, s.dream_lease_until AS until
