// name: active_vectors
// mode: read
// returns: one
// params: space, run_id, after, page
// One page of the space's active blocks with their embeddings, in id order after `after`
// ('' for the first page), leaving out blocks this run promoted (the caller has those in
// memory); `last` is the page's last id, to ask for the next page after it. Dream compares
// inbox blocks with these in memory (elfgraph/consolidation/neighbours.py): a small space
// once per chunk, a space whose inbox is large against it once per run. Ordered by
// (space, id), the constraint's index hands the blocks over in order (ORDER BY b.id
// alone made the planner sort every later block, page after page), so a page reads only
// its own blocks and those it skips. `own` is the sketch of a block's own vector when its
// embedding leans on its context (§4.8), which dream judges near-duplicates by; null when
// the two are one.
MATCH (b:Block)
USING INDEX SEEK b:Block(space, id)
WHERE b.space = $space AND b.id > $after AND b.status = 'active' AND b.embedding IS NOT NULL
  AND coalesce(b.consolidated_by, '') <> $run_id
WITH b
ORDER BY b.space, b.id
LIMIT $page
WITH collect(b) AS page
RETURN [b IN page | {id: b.id, tags: coalesce(b.tags, []), category: b.category,
                     hours: b.last_reinforced_at, embedding: b.embedding,
                     own: CASE WHEN b.sketch <> b.embedding_sketch THEN b.sketch END}] AS blocks,
       CASE WHEN size(page) = 0 THEN null ELSE page[-1].id END AS last
