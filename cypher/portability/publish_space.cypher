// name: publish_space
// mode: write
// returns: one
// params: space, token, props
// Makes an import visible in one step: the claim is replaced by the Space node with the
// file's clock, embedding lock and other properties, and the claim's text_key, which the
// staged blocks already carry. Everything else was written under
// the name already, so this costs the same for ten blocks or a million. No row when the
// claim is gone (the import was discarded meanwhile).
MATCH (claim:ImportClaim {space: $space, token: $token})
CREATE (s:Space {name: $space})
SET s += $props, s.text_key = claim.text_key
DELETE claim
RETURN s.name AS name
