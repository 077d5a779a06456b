// name: insert_correction
// mode: write
// returns: one
// params: space, old_id, props, embedding, self_tagged, now_hours
// The first statement of correct() (docs/BEHAVIOUR.md §12): locks the space's edges (a
// write on its node, like every writer of edges), checks that the corrected block is still
// in the inbox or active and that the new block's id is free, gives the space a new vector
// epoch (also its retracted_epoch: cached frames from before it are dropped in every
// process) and creates the new block, active at once: its content, what the caller carried
// over (`props`: tags, category, source, session, confidence), recency from now ($now_hours,
// or the space's clock outside a session) with its archive_due_hours (§9.2), its embedding
// (a float32 array, as promotion stores it), the epoch, and the Self label for a self/* tag.
// No row when the block is gone, no longer active, or the id was taken meanwhile.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
MATCH (old:Block {space: $space, id: $old_id})
WHERE old.status IN ['inbox', 'active']
  AND NOT EXISTS { MATCH (:Block {space: $space, id: $props.id}) }
SET space.vector_epoch = coalesce(space.vector_epoch, 0) + 1
SET space.retracted_epoch = space.vector_epoch,
    space.corrected_count = coalesce(space.corrected_count, 0) + 1
WITH space, old, coalesce($now_hours, space.total_active_hours, 0.0) AS now
CREATE (b:Block {space: $space, id: $props.id})
SET b += $props,
    b.text_key = space.text_key,
    b.vector_epoch = space.vector_epoch,
    b.last_reinforced_at = now,
    b.weighted_degree = 0.0,
    b.edge_due_hours = 1.0e18
SET b.archive_due_hours = CASE WHEN coalesce(b.decay_lambda, 0.01) > 0.0
    THEN b.last_reinforced_at + log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001
    ELSE 1.0e18 END
WITH space, old, b
CALL db.create.setNodeVectorProperty(b, 'embedding', $embedding)
FOREACH (_ IN CASE WHEN $self_tagged THEN [1] ELSE [] END | SET b:Self)
RETURN space.vector_epoch AS epoch, old.status AS old_status, b.id AS id
