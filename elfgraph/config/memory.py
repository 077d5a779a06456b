"""The memory model's tunables (BEHAVIOUR.md §11) and how to load them.

`ElfgraphConfig(memory=MemoryConfig(...))`, from code, a YAML file
(`ElfgraphConfig.from_yaml("elfgraph.yaml")`) or `ELFGRAPH_MEMORY__<FIELD>` variables
(e.g. `ELFGRAPH_MEMORY__INBOX_THRESHOLD=20`). Out-of-range values are a ConfigError.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from elfgraph.errors import ConfigError


class MemoryConfig(BaseModel):
    """Constants of the memory model; the defaults are BEHAVIOUR.md §11's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    inbox_threshold: int = Field(10, ge=1)
    curate_interval_hours: float = Field(40.0, gt=0)
    prune_threshold: float = Field(0.05, ge=0.0, le=1.0)
    top_k: int = Field(5, ge=1, le=1000)
    curate_reinforce_top_n: int = Field(5, ge=0)
    contradiction_threshold: float = Field(0.80, ge=0.0, le=1.0)
    contradiction_similarity_prefilter: float = Field(0.40, ge=-1.0, le=1.0)
    contradiction_max_checks: int = Field(5, ge=0, le=50)
    near_dup_exact_threshold: float = Field(0.95, ge=0.0, le=1.0)
    near_dup_near_threshold: float = Field(0.90, ge=0.0, le=1.0)
    edge_score_threshold: float = Field(0.45, ge=0.0, le=1.0)
    edge_degree_cap: int = Field(5, ge=1, le=100)
    edge_prune_threshold: float = Field(0.10, ge=0.0, le=1.0)
    edge_reinforce_delta: float = Field(0.10, ge=0.0, le=1.0)
    outcome_prior_strength: float = Field(2.0, gt=0)
    outcome_reinforce_threshold: float = Field(0.5, ge=0.0, le=1.0)
    penalize_threshold: float = Field(0.20, ge=0.0, le=1.0)
    penalty_factor: float = Field(2.0, ge=1.0)
    lambda_ceiling: float = Field(0.05, gt=0)
    co_retrieval_edge_threshold: int = Field(3, ge=1)
    co_retrieval_edge_weight: float = Field(0.55, ge=0.0, le=1.0)
    co_retrieval_staging_max: int = Field(1000, ge=0)
    max_decay_fraction: float = Field(1.0, ge=0.0, le=1.0)
    # Not in elfmem: limits and knobs of this implementation.
    max_content_bytes: int = Field(32 * 1024, ge=1)
    max_tags: int = Field(32, ge=0)
    max_tag_length: int = Field(64, ge=1)
    llm_timeout_seconds: float = Field(30.0, gt=0)
    consolidate_batch_size: int = Field(500, ge=1, le=10_000)
    neighbour_candidates: int = Field(10, ge=1, le=1000)
    # Retrieval (see elfgraph/fusion.py). How the two legs combine: "relative" (each min-max
    # scaled over its seeds), "convex" (their raw scores) or "rrf" (ranks only).
    fusion: Literal["relative", "convex", "rrf"] = "relative"
    keyword_weight: float = Field(0.6, ge=0.0, le=1.0)  # the keyword leg's share of the mix
    # Which legs seed recall: both, or one alone (for ablations and embedder-less setups:
    # "keyword" makes no query embedding, so connect_by_query then finds no match).
    retrieval_legs: Literal["hybrid", "vector", "keyword"] = "hybrid"
    # The graph's part: the seeds' 1-hop neighbours join the candidates, and each candidate
    # gets activation_spread × the best edge weight·similarity of the seeds it is linked to
    # by an associative edge (not similar, not contradicts). False: neither.
    graph_expansion: bool = True
    activation_spread: float = Field(0.5, ge=0.0, le=1.0)
    # Blocks learned one after the other in a session are linked at dream time (co_occurs,
    # origin "session") with this weight; 0 links none.
    session_edge_weight: float = Field(0.55, ge=0.0, le=1.0)
    curate_lock_seconds: float = Field(300.0, gt=0)  # lease of a curate run, renewed per batch
    curate_wait_seconds: float = Field(5.0, ge=0)  # how long curate() waits for a running one
    curate_batch_size: int = Field(5_000, ge=1, le=100_000)  # blocks or edges per transaction


class ElfgraphConfig(BaseSettings):
    """Everything a MemorySystem is tuned by; `memory` holds the model's constants."""

    model_config = SettingsConfigDict(
        env_prefix="ELFGRAPH_", env_nested_delimiter="__", extra="ignore", frozen=True
    )

    memory: MemoryConfig = MemoryConfig()

    @classmethod
    def load(cls, **values: Any) -> ElfgraphConfig:
        """From keyword values and `ELFGRAPH_MEMORY__*` variables; bad values → ConfigError."""
        try:
            return cls(**values)
        except ValidationError as exc:
            raise _config_error(exc, "the ELFGRAPH_MEMORY__* variables or arguments") from exc

    @classmethod
    def from_yaml(cls, path: str | Path) -> ElfgraphConfig:
        """Read a YAML file with a top-level `memory:` mapping (variables still apply)."""
        file = Path(path)
        try:
            loaded = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        except OSError as exc:
            raise ConfigError(
                f"Cannot read config file {file}: {exc.strerror}.",
                recovery="Check the path, or pass config=ElfgraphConfig() for the defaults.",
            ) from exc
        except yaml.YAMLError as exc:
            raise ConfigError(
                f"Config file {file} is not valid YAML: {exc}",
                recovery="Fix the YAML syntax (a `memory:` mapping of field: value).",
            ) from exc
        if not isinstance(loaded, dict):
            raise ConfigError(
                f"Config file {file} must hold a mapping, not {type(loaded).__name__}.",
                recovery="Write it as `memory:` followed by indented `field: value` lines.",
            )
        try:
            return cls(**loaded)
        except ValidationError as exc:
            raise _config_error(exc, str(file)) from exc


def _config_error(exc: ValidationError, where: str) -> ConfigError:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
    )
    return ConfigError(
        f"Invalid elfgraph configuration: {problems}.",
        recovery=f"Fix the values named above in {where}; see MemoryConfig for ranges.",
    )
