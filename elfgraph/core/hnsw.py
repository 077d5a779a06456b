"""How the shared vector index's HNSW graphs are built, and how widely they are searched.

Neo4j builds each graph with ef_construction 100 unless told. Built with 50, the index
costs the server about half the CPU per vector: the insert, and the background merges of
Lucene's segments that rebuild the graphs, which are most of the server's work in a dream.
Its graphs are thinner for it: among 59,000 MiniLM vectors, a search for 26 answers found
0.906 of the exact 10 nearest against 0.930, and a search for 40 finds 0.932, at about the
latency the default graphs took for 26. So the index is asked for half as many answers
again as a caller keeps (docs/DECISIONS.md, "The vector index is built at half width").
"""

from __future__ import annotations

import math

HNSW_EF_CONSTRUCTION = 50  # a new index's build width (Neo4j's default: 100)
INDEX_BEAM = 1.5  # answers asked of the index per answer kept


def beam(kept: int) -> int:
    """How many answers to ask the vector index for when `kept` of them are wanted."""
    return math.ceil(INDEX_BEAM * kept)
