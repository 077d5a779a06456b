"""The memory model's tunables (docs/BEHAVIOUR.md §11), grouped like the packages that use them.

    MemoryConfig(curation=CurationConfig(curate_interval_hours=20))
    MemoryConfig(curate_interval_hours=20)          # the same: flat names still work

Each group holds the settings of one package: `learning`, `consolidation`, `retrieval`,
`edges`, `feedback`, `curation`. Field names are elfmem's, so they are unique across the
groups, and a flat name (`MemoryConfig(top_k=8)`, `ELFGRAPH_MEMORY__TOP_K=8`, a flat
`memory:` mapping in YAML) is put into its group. Reading a flat name
(`config.memory.top_k`) still works at run time for code written against elfmem; new code
reads the group (`config.memory.retrieval.top_k`). Out-of-range values are refused.

Each field's description says what it does: the configuration reference of the docs site
(docs/reference/configuration.md) is generated from these fields, so it cannot drift.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, model_validator

from elfgraph.config.groups import (
    ConsolidationConfig,
    CurationConfig,
    EdgesConfig,
    FeedbackConfig,
    Group,
    LearningConfig,
)
from elfgraph.config.retrieval import RetrievalConfig

__all__ = [
    "GROUPS",
    "GROUP_OF",
    "ConsolidationConfig",
    "CurationConfig",
    "EdgesConfig",
    "FeedbackConfig",
    "LearningConfig",
    "MemoryConfig",
    "RetrievalConfig",
]


GROUPS: dict[str, type[Group]] = {
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
