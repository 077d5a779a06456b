// name: note_outcome_edges
// mode: write
// returns: none
// params: space, outcome_id, created
// Records on an outcome's audit node how many outcome edges it made (written after
// linking, in the same transaction), so a replayed call reports them too.
MATCH (audit:Outcome {space: $space, id: $outcome_id})
SET audit.edges_created = $created
