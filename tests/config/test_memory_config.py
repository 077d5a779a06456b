"""MemoryConfig defaults (docs/BEHAVIOUR.md §11) and loading from YAML and variables."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import GROUPS, EdgesConfig, MemoryConfig, RetrievalConfig
from elfgraph.errors import ConfigError

pytestmark = pytest.mark.usefixtures("clean_env")  # no ELFGRAPH_MEMORY__* of the caller's


def test_defaults_are_those_of_the_behaviour_spec() -> None:
    memory = MemoryConfig()
    assert memory.inbox_threshold == 10
    assert memory.curate_interval_hours == 40
    assert memory.prune_threshold == 0.05
    assert memory.top_k == 5
    assert memory.curate_reinforce_top_n == 5
    assert memory.contradiction_threshold == 0.80
    assert memory.contradiction_similarity_prefilter == 0.40
    assert memory.near_dup_exact_threshold == 0.95
    assert memory.near_dup_near_threshold == 0.90
    assert memory.edge_score_threshold == 0.45
    assert memory.edge_degree_cap == 5
    assert memory.edge_prune_threshold == 0.10
    assert memory.edge_reinforce_delta == 0.10
    assert memory.outcome_prior_strength == 2.0
    assert memory.outcome_reinforce_threshold == 0.5
    assert memory.penalize_threshold == 0.20
    assert memory.penalty_factor == 2.0
    assert memory.lambda_ceiling == 0.05
    assert memory.co_retrieval_edge_threshold == 3
    assert memory.co_retrieval_edge_weight == 0.55
    assert memory.co_retrieval_staging_max == 1000
    assert memory.max_decay_fraction == 1.0
    assert memory.max_content_bytes == 32 * 1024


def test_variables_override_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELFGRAPH_MEMORY__INBOX_THRESHOLD", "25")
    monkeypatch.setenv("ELFGRAPH_MEMORY__EDGE_DEGREE_CAP", "7")
    config = ElfgraphConfig.load()
    assert (config.memory.inbox_threshold, config.memory.edge_degree_cap) == (25, 7)


def test_yaml_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "elfgraph.yaml"
    path.write_text("memory:\n  top_k: 8\n  max_decay_fraction: 0.25\n", encoding="utf-8")
    config = ElfgraphConfig.from_yaml(path)
    assert (config.memory.top_k, config.memory.max_decay_fraction) == (8, 0.25)
    assert config.memory.inbox_threshold == 10


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("memory:\n  edge_degree_cap: 0\n", "edge_degree_cap"),
        ("memory:\n  near_dup_exact_threshold: 1.5\n", "near_dup_exact_threshold"),
        ("memory:\n  no_such_field: 1\n", "no_such_field"),
        ("memory: [unclosed\n", "not valid YAML"),
        ("- a list\n", "must hold a mapping"),
    ],
)
def test_bad_yaml_is_a_config_error_naming_the_problem(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        ElfgraphConfig.from_yaml(path)
    assert problem in caught.value.message
    assert caught.value.recovery


def test_a_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="Cannot read"):
        ElfgraphConfig.from_yaml(tmp_path / "absent.yaml")


def test_retrieval_knobs_default_to_the_full_pipeline_and_are_validated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    memory = MemoryConfig()
    assert (memory.retrieval_legs, memory.graph_expansion) == ("hybrid", True)
    assert (memory.fusion, memory.keyword_weight) == ("relative", 0.7)
    assert (memory.activation_spread, memory.session_edge_weight) == (0.8, 0.55)
    assert (memory.spread_hops, memory.session_weight) == (2, 0.05)
    assert memory.diversity_weight == 0.2
    for bad in ({"keyword_weight": 1.5}, {"activation_spread": -0.1}, {"fusion": "max"}):
        with pytest.raises(ValidationError):
            MemoryConfig(**bad)  # type: ignore[arg-type]
    monkeypatch.setenv("ELFGRAPH_MEMORY__RETRIEVAL_LEGS", "keyword")
    monkeypatch.setenv("ELFGRAPH_MEMORY__GRAPH_EXPANSION", "false")
    loaded = ElfgraphConfig.load().memory
    assert (loaded.retrieval_legs, loaded.graph_expansion) == ("keyword", False)
    monkeypatch.setenv("ELFGRAPH_MEMORY__RETRIEVAL_LEGS", "both")
    with pytest.raises(ConfigError, match="retrieval_legs"):
        ElfgraphConfig.load()


def test_settings_are_grouped_like_the_packages() -> None:
    memory = MemoryConfig()
    assert memory.retrieval.top_k == 5
    assert memory.consolidation.inbox_threshold == 10
    assert memory.curation.curate_interval_hours == 40
    assert memory.edges.edge_degree_cap == 5
    assert memory.feedback.outcome_prior_strength == 2.0
    assert memory.learning.max_content_bytes == 32 * 1024
    names = [name for group in GROUPS.values() for name in group.model_fields]
    assert len(names) == len(set(names)), "a flat name must belong to one group"


def test_flat_and_grouped_names_build_the_same_config() -> None:
    flat = MemoryConfig(top_k=8, edge_degree_cap=7)  # type: ignore[call-arg]
    grouped = MemoryConfig(retrieval=RetrievalConfig(top_k=8), edges=EdgesConfig(edge_degree_cap=7))
    assert flat == grouped
    assert flat.top_k == 8  # elfmem-style flat reading still works
    mixed = MemoryConfig(retrieval={"fusion": "rrf"}, top_k=3)  # type: ignore[arg-type, call-arg]
    assert (mixed.retrieval.fusion, mixed.retrieval.top_k) == ("rrf", 3)
    with pytest.raises(AttributeError):
        _ = flat.no_such_setting


def test_grouped_variables_and_dotenv_are_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(
        "ELFGRAPH_MEMORY__CURATION__CURATE_INTERVAL_HOURS=12\nELFGRAPH_MEMORY__TOP_K=9\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("ELFGRAPH_MEMORY__RETRIEVAL__KEYWORD_WEIGHT", "0.4")
    memory = ElfgraphConfig.load().memory
    assert memory.curation.curate_interval_hours == 12  # from .env, grouped
    assert memory.retrieval.top_k == 9  # from .env, flat
    assert memory.retrieval.keyword_weight == 0.4  # from the environment, grouped


def test_precedence_arguments_then_variables_then_dotenv_then_yaml(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    yaml_file = tmp_path / "elfgraph.yaml"
    yaml_file.write_text(
        "memory:\n  top_k: 1\n  edge_degree_cap: 1\n  inbox_threshold: 1\n"
        "  curation:\n    curate_interval_hours: 1\n",
        encoding="utf-8",
    )
    (tmp_path / ".env").write_text(
        "ELFGRAPH_MEMORY__TOP_K=2\nELFGRAPH_MEMORY__EDGE_DEGREE_CAP=2\n"
        "ELFGRAPH_MEMORY__INBOX_THRESHOLD=2\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("ELFGRAPH_CONFIG_FILE", str(yaml_file))
    monkeypatch.setenv("ELFGRAPH_MEMORY__TOP_K", "3")
    monkeypatch.setenv("ELFGRAPH_MEMORY__EDGE_DEGREE_CAP", "3")
    memory = ElfgraphConfig.load(memory={"top_k": 4}).memory
    assert memory.retrieval.top_k == 4  # argument
    assert memory.edges.edge_degree_cap == 3  # variable
    assert memory.consolidation.inbox_threshold == 2  # .env
    assert memory.curation.curate_interval_hours == 1  # YAML
    assert memory.feedback.penalty_factor == 2.0  # default


def test_a_bad_config_file_variable_is_a_config_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ELFGRAPH_CONFIG_FILE", str(tmp_path / "missing.yaml"))
    with pytest.raises(ConfigError, match="Cannot read config file"):
        ElfgraphConfig.load()


def test_behaviour_md_lists_each_group_with_exactly_its_fields() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "BEHAVIOUR.md").read_text("utf-8")
    for group, model in GROUPS.items():
        (line,) = [row for row in text.splitlines() if row.startswith(f"| `{group}` |")]
        listed = {name.strip() for name in line.split("|")[2].split(",")}
        assert listed == set(model.model_fields), group


def test_every_setting_says_what_it_does() -> None:
    """The configuration reference of the docs site is generated from these descriptions
    (docs/hooks/reference.py), so a setting without one would be listed with no effect."""
    missing = [
        f"{group}.{name}"
        for group, model in GROUPS.items()
        for name, field in model.model_fields.items()
        if not (field.description or "").strip()
    ]
    assert missing == []
