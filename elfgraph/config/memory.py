"""The memory model's tunables (docs/BEHAVIOUR.md §11), grouped like the packages that use them.

    MemoryConfig(curation=CurationConfig(curate_interval_hours=20))
    MemoryConfig(curate_interval_hours=20)          # the same: flat names still work

Each group holds the settings of one package: `learning`, `consolidation`, `retrieval`,
`edges`, `feedback`, `curation`. Field names are elfmem's, so they are unique across the
groups, and a flat name (`MemoryConfig(top_k=8)`, `ELFGRAPH_MEMORY__TOP_K=8`, a flat
`memory:` mapping in YAML) is put into its group. Reading a flat name
(`config.memory.top_k`) still works at run time for code written against elfmem; new code
reads the group (`config.memory.retrieval.top_k`). Out-of-range values are refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Group(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LearningConfig(_Group):
    """What learn() accepts (elfgraph/learning)."""

    max_content_bytes: int = Field(32 * 1024, ge=1)
    max_tags: int = Field(32, ge=0)
    max_tag_length: int = Field(64, ge=1)


class ConsolidationConfig(_Group):
    """dream / consolidate (elfgraph/consolidation)."""

    inbox_threshold: int = Field(10, ge=1)  # session() dreams at this many inbox blocks
    near_dup_exact_threshold: float = Field(0.95, ge=0.0, le=1.0)
    near_dup_near_threshold: float = Field(0.90, ge=0.0, le=1.0)
    edge_score_threshold: float = Field(0.45, ge=0.0, le=1.0)
    contradiction_threshold: float = Field(0.80, ge=0.0, le=1.0)
    contradiction_similarity_prefilter: float = Field(0.40, ge=-1.0, le=1.0)
    contradiction_max_checks: int = Field(5, ge=0, le=50)
    llm_timeout_seconds: float = Field(30.0, gt=0)
    consolidate_batch_size: int = Field(500, ge=1, le=10_000)
    neighbour_candidates: int = Field(10, ge=1, le=1000)
    # Blocks learned one after the other in a session are linked at dream time (co_occurs,
    # origin "session") with this weight; 0 links none.
    session_edge_weight: float = Field(0.55, ge=0.0, le=1.0)
    # A block learned in a session is found by its own vector plus this share of the
    # vector of the block learned just before it (§4.8); 0: by its own vector alone.
    context_weight: float = Field(0.5, ge=0.0, le=1.0)


class RetrievalConfig(_Group):
    """recall and frame (elfgraph/retrieval; the fusion math is elfgraph/core/fusion.py)."""

    top_k: int = Field(5, ge=1, le=100)  # recall / frame without a top_k; the SELF context
    # How the two legs combine: "relative" (each min-max scaled over its seeds), "convex"
    # (their raw scores) or "rrf" (ranks only).
    fusion: Literal["relative", "convex", "rrf"] = "relative"
    keyword_weight: float = Field(0.7, ge=0.0, le=1.0)  # the keyword leg's share of the mix
    # Which legs seed recall: both, or one alone (for ablations and embedder-less setups:
    # "keyword" makes no query embedding, so connect_by_query then finds no match).
    retrieval_legs: Literal["hybrid", "vector", "keyword"] = "hybrid"
    # The graph's part: the seeds' 1-hop neighbours join the candidates, and each candidate
    # gets activation_spread × the best edge weight·similarity of the seeds it is linked to
    # by an associative edge (not similar, not contradicts). False: neither.
    graph_expansion: bool = True
    activation_spread: float = Field(0.8, ge=0.0, le=1.0)
    # How many edges spreading passes relevance along: 2 also reaches a block linked to a
    # block linked to a seed, with activation_spread² of it (§7.3).
    spread_hops: int = Field(2, ge=1, le=3)
    # Expansion reaches out from the first expansion_seeds·top_k seeds of each leg (of the
    # 4·top_k each brings), taking at most expansion_neighbours of each, heaviest edge first.
    expansion_seeds: int = Field(1, ge=1, le=4)
    expansion_neighbours: int = Field(2, ge=1, le=100)
    # A space of at most this many active blocks keeps its vectors in the process (1.5 KB
    # each at 384 dimensions, and 0.2-0.5 KB of analysed words: ~2 KB of process memory a
    # block once loaded), and the vector leg ranks them there (§7.2); a warm open reads
    # them (~1.5 s for 20,000). 0: never (a space within sketch_cache_blocks then keeps
    # sketches; set both to 0 for the server's index or scan alone).
    vector_cache_blocks: int = Field(20_000, ge=0, le=1_000_000)
    # Such a space also keeps the words of its texts, and the keyword leg ranks them there
    # by BM25 over the space's own statistics, so that the other spaces of the database
    # (one full-text index holds them all) do not change how its blocks rank (§7.2).
    # False: the full-text index's own scores.
    keyword_cache: bool = True
    # A bigger space of at most this many active blocks keeps its vectors as int8 sketches
    # and a 64-dimension projection of them (~0.65 KB a block at 384 dimensions, besides
    # its words: ~1.7 KB of process memory a block in all, ~420 MB at 250,000), and the
    # vector leg ranks them there approximately, as the server's vector index would, but
    # without reading the shared index (§7.2); it keeps their words too (so the words'
    # capacity is never below this). 0 (or at most vector_cache_blocks): the vector leg of
    # such a space asks the index.
    sketch_cache_blocks: int = Field(250_000, ge=0, le=1_000_000)
    # A space past the sketches too, of at most this many active blocks, keeps the words
    # alone (~0.5-1 KB a block; a warm open reads and analyses them, ~2.5 s for 70,000),
    # for its keyword leg; its vector leg asks the index. At most vector_cache_blocks and
    # sketch_cache_blocks: never.
    keyword_cache_blocks: int = Field(250_000, ge=0, le=1_000_000)
    # A space of more active blocks than this loads those caches in the background: open()
    # returns without waiting (a warm open of 120,000 blocks took 7.6-9.9 s), and recall
    # asks the database until they are ready. A smaller space loads while it opens, as the
    # first recall then gains from it. 0: always in the background.
    background_load_blocks: int = Field(20_000, ge=0, le=1_000_000)
    # A space of at least this many active blocks whose recall asks the server for both legs
    # (past the caches, or while they load) asks its vector index and its full-text index in
    # two reads at once, one per server core, then reads the candidates; a smaller one asks
    # them in turn in that one read (§7.2). At 1M blocks at once was 1.3x faster; at 100,000
    # the same; at 10,000 up to 1.25x slower (the extra round trip). 0: always.
    concurrent_legs_blocks: int = Field(200_000, ge=0)
    # A question that names a period ("in May 2023", "the week before 9 June 2023"): each
    # candidate naming a day in it gains temporal_weight of similarity (§7.8). 0: off.
    temporal_weight: float = Field(0.5, ge=0.0, le=1.0)  # 0.3 before issue 62
    # A question naming some of the candidates' speakers ("Melanie: …" blocks): each block
    # said by one of them gains speaker_weight of similarity (§7.9). 0: off.
    speaker_weight: float = Field(0.4, ge=0.0, le=1.0)
    # A question asking when ("When did …?"): each candidate whose text says when something
    # happened ("yesterday", "last week", "in March") gains when_weight (§7.8). 0: off.
    when_weight: float = Field(0.2, ge=0.0, le=1.0)
    # With a query, the four priors (confidence, recency, centrality, reinforcement) take
    # together at most prior_weight of a block's score, similarity the rest (§7.4): they
    # reorder blocks of comparable relevance. 1.0: each frame's own weights.
    prior_weight: float = Field(0.2, ge=0.0, le=1.0)
    # Each candidate gains coverage_weight × the share of the question's words it holds (not
    # question words, stop words or the candidates' speakers' names; §7.10). 0: off.
    coverage_weight: float = Field(0.1, ge=0.0, le=1.0)
    # Each candidate of a session (an episode) gains session_weight × the mean similarity of
    # the two best other candidates of its session (§7.11). 0: off.
    session_weight: float = Field(0.05, ge=0.0, le=1.0)
    # Diversity (MMR) over the best 2·top_k: each place goes to the block maximising
    # (1 − diversity_weight)·score − diversity_weight·its largest cosine to those placed
    # above it (§7.4). 0: score order. Higher keeps near-copies apart but also pushes
    # down blocks that answer the same question together (a list's items).
    diversity_weight: float = Field(0.2, ge=0.0, le=1.0)
    # Co-retrieval (Hebbian) edges made by frame().
    co_retrieval_edge_threshold: int = Field(3, ge=1)
    co_retrieval_edge_weight: float = Field(0.55, ge=0.0, le=1.0)
    co_retrieval_staging_max: int = Field(1000, ge=0)


class EdgesConfig(_Group):
    """Every knowledge edge (elfgraph/edges)."""

    edge_degree_cap: int = Field(5, ge=1, le=100)
    edge_reinforce_delta: float = Field(0.10, ge=0.0, le=1.0)


class FeedbackConfig(_Group):
    """outcome() (elfgraph/feedback)."""

    outcome_prior_strength: float = Field(2.0, gt=0)
    outcome_reinforce_threshold: float = Field(0.5, ge=0.0, le=1.0)
    penalize_threshold: float = Field(0.20, ge=0.0, le=1.0)
    penalty_factor: float = Field(2.0, ge=1.0)
    lambda_ceiling: float = Field(0.05, gt=0)


class CurationConfig(_Group):
    """curate() (elfgraph/curation)."""

    curate_interval_hours: float = Field(40.0, gt=0)
    prune_threshold: float = Field(0.05, ge=0.0, le=1.0)
    curate_reinforce_top_n: int = Field(5, ge=0)
    edge_prune_threshold: float = Field(0.10, ge=0.0, le=1.0)
    max_decay_fraction: float = Field(1.0, ge=0.0, le=1.0)
    # The lease of a curate run, renewed by a heartbeat every third of it: a crashed run
    # blocks the next one for at most this long.
    curate_lock_seconds: float = Field(30.0, ge=3.0)
    curate_wait_seconds: float = Field(5.0, ge=0)  # how long curate() waits for a running one
    curate_batch_size: int = Field(5_000, ge=1, le=100_000)  # blocks or edges per transaction


GROUPS: dict[str, type[_Group]] = {
    "learning": LearningConfig,
    "consolidation": ConsolidationConfig,
    "retrieval": RetrievalConfig,
    "edges": EdgesConfig,
    "feedback": FeedbackConfig,
    "curation": CurationConfig,
}
# Flat (elfmem) name → the group that holds it.
GROUP_OF: dict[str, str] = {
    field: group for group, model in GROUPS.items() for field in model.model_fields
}


class MemoryConfig(BaseModel):
    """Constants of the memory model, by package; the defaults are docs/BEHAVIOUR.md §11's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    learning: LearningConfig = LearningConfig()
    consolidation: ConsolidationConfig = ConsolidationConfig()
    retrieval: RetrievalConfig = RetrievalConfig()
    edges: EdgesConfig = EdgesConfig()
    feedback: FeedbackConfig = FeedbackConfig()
    curation: CurationConfig = CurationConfig()

    @model_validator(mode="before")
    @classmethod
    def _flat_names_into_groups(cls, data: Any) -> Any:
        """Accept elfmem's flat names (`top_k=8`) beside the groups (`retrieval={...}`)."""
        if not isinstance(data, dict) or not any(key in GROUP_OF for key in data):
            return data
        nested: dict[str, Any] = {k: v for k, v in data.items() if k not in GROUP_OF}
        for key, value in data.items():
            group = GROUP_OF.get(key)
            if group is None:
                continue
            current = nested.get(group) or {}
            if isinstance(current, BaseModel):
                current = current.model_dump(exclude_unset=True)
            nested[group] = {**current, key: value}
        return nested

    if not TYPE_CHECKING:  # at run time only: type checkers should see the groups

        def __getattr__(self, name: str) -> Any:
            group = GROUP_OF.get(name)
            if group is not None:
                return getattr(getattr(self, group), name)
            return super().__getattr__(name)
