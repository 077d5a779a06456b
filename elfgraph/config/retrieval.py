"""The retrieval group of the memory model's settings: what recall and frame are tuned by.
Each field's description is the one the configuration reference shows."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from elfgraph.config.groups import Group


class RetrievalConfig(Group):
    """recall and frame (elfgraph/retrieval; the fusion math is elfgraph/core/fusion.py)."""

    top_k: int = Field(
        5,
        ge=1,
        le=100,
        description="How many blocks recall and frame return without a top_k; also the size of "
        "dream's SELF context (§7, §4.3).",
    )
    fusion: Literal["relative", "convex", "rrf"] = Field(
        "relative",
        description="How the two legs combine: `relative` (each min-max scaled over its seeds), "
        "`convex` (their raw scores) or `rrf` (ranks only) (§7.2).",
    )
    keyword_weight: float = Field(
        0.7, ge=0.0, le=1.0, description="The keyword leg's share of the fused similarity (§7.2)."
    )
    retrieval_legs: Literal["hybrid", "vector", "keyword"] = Field(
        "hybrid",
        description="Which legs seed recall: both, or one alone. `keyword` makes no query "
        "embedding, so connect_by_query then finds no match (§7.2).",
    )
    graph_expansion: bool = Field(
        True,
        description="The seeds' 1-hop neighbours join the candidates, and relevance spreads "
        "along associative edges (not `similar`, not `contradicts`); false: neither (§7.3).",
    )
    activation_spread: float = Field(
        0.8,
        ge=0.0,
        le=1.0,
        description="A candidate linked to a seed by an associative edge gains this × the edge's "
        "weight × the seed's similarity (§7.3).",
    )
    spread_hops: int = Field(
        2,
        ge=1,
        le=3,
        description="How many edges spreading passes relevance along: 2 also reaches a block "
        "linked to a block linked to a seed, with activation_spread² of it (§7.3).",
    )
    expansion_seeds: int = Field(
        1,
        ge=1,
        le=4,
        description="Expansion reaches out from the first expansion_seeds × top_k seeds of each "
        "leg (each leg brings 4 × top_k) (§7.3).",
    )
    expansion_neighbours: int = Field(
        2,
        ge=1,
        le=100,
        description="At most this many neighbours join per expanded seed, heaviest edge first "
        "(§7.3).",
    )
    vector_cache_blocks: int = Field(
        20_000,
        ge=0,
        le=1_000_000,
        description="A space of at most this many active blocks keeps its vectors in the process "
        "(~2 KB a block with its words) and ranks its vector leg there, exactly; a warm open "
        "reads them (~1.5 s for 20,000). 0: never (§7.2).",
    )
    keyword_cache: bool = Field(
        True,
        description="A cached space also ranks its keyword leg in the process, by BM25 over its "
        "own words, so the other spaces of the database never change its results; false: the "
        "full-text index's own scores (§7.2).",
    )
    sketch_cache_blocks: int = Field(
        250_000,
        ge=0,
        le=1_000_000,
        description="A bigger space of at most this many active blocks keeps int8 sketches of "
        "its vectors (~1.7 KB a block with its words, ~420 MB at 250,000) and ranks its vector "
        "leg there approximately, as the server's index would. 0 (or at most "
        "vector_cache_blocks): such a space asks the index (§7.2).",
    )
    keyword_cache_blocks: int = Field(
        250_000,
        ge=0,
        le=1_000_000,
        description="A space past the vector and sketch caches but of at most this many active "
        "blocks keeps its words alone (~0.5-1 KB a block) for its keyword leg; its vector leg "
        "asks the index (§7.2).",
    )
    background_load_blocks: int = Field(
        20_000,
        ge=0,
        le=1_000_000,
        description="A space of more active blocks loads its caches in the background: open() "
        "returns at once and recall asks the database until they are ready. A smaller space "
        "loads while it opens. 0: always in the background (§7.2).",
    )
    concurrent_legs_blocks: int = Field(
        200_000,
        ge=0,
        description="A space of at least this many active blocks whose recall asks the server "
        "for both legs asks its two indexes at once, in two reads (1.3× faster at 1M blocks, "
        "up to 1.25× slower at 10,000). 0: always (§7.2).",
    )
    temporal_weight: float = Field(
        0.5,  # 0.3 before issue 62 (docs/DECISIONS.md)
        ge=0.0,
        le=1.0,
        description='A question naming a period ("in May 2023"): each candidate naming a day '
        "in it gains this much similarity. 0: off (§7.8).",
    )
    speaker_weight: float = Field(
        0.4,
        ge=0.0,
        le=1.0,
        description='A question naming some of the candidates\' speakers ("Melanie: …" blocks): '
        "each block one of them said gains this much similarity, at most its own. 0: off (§7.9).",
    )
    when_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description='A question asking when ("When did …?"): each candidate whose text says '
        "when something happened gains this much. 0: off (§7.8).",
    )
    prior_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="With a query, confidence, recency, centrality and reinforcement together "
        "take at most this share of the score, so they reorder blocks of comparable relevance. "
        "1.0: each frame's own weights (§7.4).",
    )
    coverage_weight: float = Field(
        0.1,
        ge=0.0,
        le=1.0,
        description="Each candidate gains this × the share of the question's words it holds "
        "(not question words, stop words or speakers' names). 0: off (§7.10).",
    )
    session_weight: float = Field(
        0.05,
        ge=0.0,
        le=1.0,
        description="Each candidate of a session gains this × the mean similarity of the two "
        "best other candidates of its session. 0: off (§7.11).",
    )
    diversity_weight: float = Field(
        0.2,
        ge=0.0,
        le=1.0,
        description="How far diversity (MMR) moves a block down for resembling one ranked above "
        "it. 0: score order; higher keeps near-copies apart but also splits the items of one "
        "answer (§7.4).",
    )
    co_retrieval_edge_threshold: int = Field(
        3,
        ge=1,
        description="Two blocks that frame() returns together in this many sessions get a "
        "`co_occurs` edge (§7.6).",
    )
    co_retrieval_edge_weight: float = Field(
        0.55, ge=0.0, le=1.0, description="The weight of such a co-retrieval edge (§7.6)."
    )
    co_retrieval_staging_max: int = Field(
        1000,
        ge=0,
        description="The most pairs counted towards a co-retrieval edge per space; the least "
        "recently counted go first (§7.6).",
    )
