// name: link_state
// mode: write
// returns: one
// params: space, ids
// Locks the space's edges (a write on its node, like every edge writer), then reads what
// linking a batch decides on: for each block of the batch that exists, its status and
// every edge at it (the other end, relation, origin, weight, its elementId as the key and
// its ends as stored). The lock holds until the transaction ends, so the plan made from
// this read (elfgraph/edges/link_plan.py) stays true until create_links writes it.
MATCH (space:Space {name: $space})
SET space._edge_lock = true
REMOVE space._edge_lock
WITH space
UNWIND $ids AS id
MATCH (b:Block {space: $space, id: id})
RETURN collect({id: b.id, status: b.status,
                edges: [(b)-[r]-(:Block) | {key: elementId(r), a: startNode(r).id,
                                            b: endNode(r).id, relation: r.relation,
                                            origin: r.origin, weight: r.weight}]})
         AS blocks
