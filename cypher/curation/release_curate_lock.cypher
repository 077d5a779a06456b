// name: release_curate_lock
// mode: write
// returns: none
// params: space, owner
// Frees the space's curate lock when `owner` still holds it; a lease that ran out and was
// taken by another run is left to that run.
MATCH (s:Space {name: $space})
WHERE s.curate_lock_owner = $owner
REMOVE s.curate_lock_owner, s.curate_lock_until, s.curate_lock_holder
