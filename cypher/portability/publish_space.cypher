// name: publish_space
// mode: write
// returns: one
// params: space, token, props
// Makes an import visible in one step: the claim is replaced by the Space node with the
// file's clock, embedding lock and other properties. Everything else was written under
// the name already, so this costs the same for ten blocks or a million. No row when the
// claim is gone (the import was discarded meanwhile).
MATCH (claim:ImportClaim {space: $space, token: $token})
DELETE claim
CREATE (s:Space {name: $space})
SET s += $props
RETURN s.name AS name
