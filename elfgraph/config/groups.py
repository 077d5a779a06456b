"""The groups of the memory model's settings but retrieval's (elfgraph/config/retrieval.py),
one per package that reads them; MemoryConfig (elfgraph/config/memory.py) holds them all.
Each field's description is the one the configuration reference shows."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Group(BaseModel):
    """A group of settings: frozen, and a name it does not know is refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class LearningConfig(Group):
    """What learn() accepts (elfgraph/learning; docs/BEHAVIOUR.md §3.1)."""

    max_content_bytes: int = Field(
        32 * 1024, ge=1, description="The longest block learn() accepts, in bytes of UTF-8 (§3.1)."
    )
    max_tags: int = Field(
        32, ge=0, description="The most tags a block may carry, once repeats are removed (§3.1)."
    )
    max_tag_length: int = Field(64, ge=1, description="The longest tag, in characters (§3.1).")


class ConsolidationConfig(Group):
    """dream / consolidate (elfgraph/consolidation; docs/BEHAVIOUR.md §4)."""

    inbox_threshold: int = Field(
        10, ge=1, description="A session() dreams on exit when the inbox holds this many (§5.2)."
    )
    near_dup_exact_threshold: float = Field(
        0.95,
        ge=0.0,
        le=1.0,
        description="A new block this close (cosine) to a kept one is archived as its duplicate "
        "(§4.2).",
    )
    near_dup_near_threshold: float = Field(
        0.90,
        ge=0.0,
        le=1.0,
        description="A kept block this close to a new one is archived, superseded by it (§4.2).",
    )
    edge_score_threshold: float = Field(
        0.45,
        ge=0.0,
        le=1.0,
        description="The least edge score that links two blocks with a `similar` edge (§4.7).",
    )
    contradiction_threshold: float = Field(
        0.80,
        ge=0.0,
        le=1.0,
        description="With an LLM: the least contradiction score that makes a `contradicts` edge "
        "(§4.5).",
    )
    contradiction_similarity_prefilter: float = Field(
        0.40,
        ge=-1.0,
        le=1.0,
        description="With an LLM: only neighbours at least this close are checked for "
        "contradiction (§4.5).",
    )
    contradiction_max_checks: int = Field(
        5, ge=0, le=50, description="With an LLM: the most contradiction checks per block (§4.5)."
    )
    llm_timeout_seconds: float = Field(
        30.0,
        gt=0,
        description="How long one LLM call may take before dream falls back to the defaults "
        "(§4.3).",
    )
    consolidate_batch_size: int = Field(
        500,
        ge=1,
        le=10_000,
        description="Inbox blocks a dream takes per chunk, each chunk one transaction (§4).",
    )
    neighbour_candidates: int = Field(
        10,
        ge=1,
        le=1000,
        description="The nearest active blocks a new block is compared with (§4.1).",
    )
    session_edge_weight: float = Field(
        0.55,
        ge=0.0,
        le=1.0,
        description="Blocks learned one after the other in a session are linked at dream time "
        "(`co_occurs`, origin `session`) with this weight; 0 links none (§4.6).",
    )
    context_weight: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="A block learned in a session is found by its own vector plus this share of "
        "the vector of the block learned just before it; 0: by its own vector alone (§4.8).",
    )


class EdgesConfig(Group):
    """Every knowledge edge (elfgraph/edges; docs/BEHAVIOUR.md §1.2)."""

    edge_degree_cap: int = Field(
        5,
        ge=1,
        le=100,
        description="The most edges a block may have; a full block gives up its weakest "
        "automatic edge for a stronger one (§1.2).",
    )
    edge_reinforce_delta: float = Field(
        0.10,
        ge=0.0,
        le=1.0,
        description="What connect() adds to an existing edge's weight, and outcome() "
        "signal × this (§8.1, §8.2).",
    )


class FeedbackConfig(Group):
    """outcome() (elfgraph/feedback; docs/BEHAVIOUR.md §8.1)."""

    outcome_prior_strength: float = Field(
        2.0,
        gt=0,
        description="How much evidence a block's confidence starts with: higher moves it less "
        "per outcome (§8.1).",
    )
    outcome_reinforce_threshold: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description="An outcome signal above this reinforces the blocks and links them with "
        "`outcome` edges (§8.1).",
    )
    penalize_threshold: float = Field(
        0.20,
        ge=0.0,
        le=1.0,
        description="An outcome signal below this makes the blocks decay faster (§8.1).",
    )
    penalty_factor: float = Field(
        2.0,
        ge=1.0,
        description="What such a bad outcome multiplies a block's decay rate by (§8.1).",
    )
    lambda_ceiling: float = Field(
        0.05,
        gt=0,
        description="The fastest decay rate (per active hour) a penalty can give a block (§8.1).",
    )


class CurationConfig(Group):
    """curate() (elfgraph/curation; docs/BEHAVIOUR.md §9)."""

    curate_interval_hours: float = Field(
        40.0,
        gt=0,
        description="Curate is due this many active hours after the last run (§9.1).",
    )
    prune_threshold: float = Field(
        0.05,
        ge=0.0,
        le=1.0,
        description="Curate archives an active block whose recency fell below this, unless it "
        "is a bridge (§9.2).",
    )
    curate_reinforce_top_n: int = Field(
        5,
        ge=0,
        description="How many blocks best by the SELF score each curate reinforces, besides the "
        "constitutional ones (§9.4).",
    )
    edge_prune_threshold: float = Field(
        0.10,
        ge=0.0,
        le=1.0,
        description="Curate deletes an edge below this weight that was never reinforced, and "
        "one whose decayed weight fell below it (§9.3).",
    )
    max_decay_fraction: float = Field(
        1.0,
        ge=0.0,
        le=1.0,
        description="The largest share of the edges one curate may remove by decay, weakest "
        "first; the rest wait for the next run. 1.0: no cap (§9.3).",
    )
    curate_lock_seconds: float = Field(
        30.0,
        ge=3.0,
        description="The lease of a curate run, renewed every third of it: a crashed run "
        "blocks the next one for at most this long (§9.1).",
    )
    curate_wait_seconds: float = Field(
        5.0,
        ge=0,
        description="How long curate() waits for a run that holds the space before it reports "
        "`busy` (§9.1).",
    )
    curate_batch_size: int = Field(
        5_000,
        ge=1,
        le=100_000,
        description="Blocks or edges curate writes per transaction (§9.1).",
    )
