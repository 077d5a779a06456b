// name: active_vectors
// mode: read
// returns: one
// params: space, run_id
// Every active block of the space with its embedding, leaving out blocks this run promoted
// (the caller has those in memory). For a small space (IN_MEMORY_LIMIT in
// elfgraph/consolidation/neighbours.py) dream compares each chunk with these in memory:
// one read per chunk, whatever other spaces keep in the shared vector index.
MATCH (b:Block)
WHERE b.space = $space AND b.status = 'active' AND b.embedding IS NOT NULL
  AND coalesce(b.consolidated_by, '') <> $run_id
RETURN collect({id: b.id, tags: coalesce(b.tags, []), category: b.category,
                hours: b.last_reinforced_at, embedding: b.embedding}) AS blocks
