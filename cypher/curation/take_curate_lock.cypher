// name: take_curate_lock
// mode: write
// returns: one
// params: space, owner, holder, lock_seconds, now_hours
// Takes the space's curate lock for `owner` when nobody holds it or the holder's lease has
// run out (a crashed run), so two curate runs of one space never overlap. The space node
// is locked by a write first, so checking and taking are one atomic step across
// processes. Leases are in the server's wall-clock seconds, which every client shares.
// The taker records who it is (`holder`: host and process), for the message another
// run shows while it waits. Returns whether it was taken, the holder and the lease's end
// (epoch seconds), the space's last curate, and the run's clock: $now_hours (a session's),
// else the persisted total. No row when the space does not exist.
MATCH (s:Space {name: $space})
SET s._lock = true
REMOVE s._lock
WITH s, timestamp() / 1000.0 AS wall
WITH s, wall,
     s.curate_lock_owner IS NULL OR s.curate_lock_owner = $owner
       OR coalesce(s.curate_lock_until, 0.0) <= wall AS free
SET s.curate_lock_owner = CASE WHEN free THEN $owner ELSE s.curate_lock_owner END,
    s.curate_lock_until = CASE WHEN free THEN wall + $lock_seconds ELSE s.curate_lock_until END,
    s.curate_lock_holder = CASE WHEN free THEN $holder ELSE s.curate_lock_holder END
RETURN free AS taken,
       s.curate_lock_holder AS holder,
       s.curate_lock_until AS until,
       s.last_curate_at AS last_curate_at,
       coalesce($now_hours, s.total_active_hours, 0.0) AS now
