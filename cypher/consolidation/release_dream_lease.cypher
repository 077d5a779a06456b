// name: release_dream_lease
// mode: write
// returns: none
// params: space, owner
// Frees the space's dream lease when `owner` still holds it; a lease that ran out and was
// taken by another dream is left to that dream.
MATCH (s:Space {name: $space})
WHERE s.dream_lease_owner = $owner
REMOVE s.dream_lease_owner, s.dream_lease_until, s.dream_lease_holder
