"""The plans elfgraph's own queries run with: `Profiled` sends chosen query files as
`PROFILE <query>` and keeps each run's operators and db hits. The server strips PROFILE
before it looks the plan up, so a profiled run uses the plan a plain one would (the cached
one, or a new one made the same way), and still returns its rows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

import elfgraph.store.transaction as transaction
from elfgraph.store.quiet import quiet
from elfgraph.store.transaction import Transaction

# Operators that read an index or a label from end to end, or every relationship: what a
# plan made from the statistics of an empty index chooses where a seek was meant.
SCANS = (
    "NodeIndexScan",
    "NodeByLabelScan",
    "AllNodesScan",
    "DirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan",
    "NodeIndexContainsScan",
    "NodeIndexEndsWithScan",
)


@dataclass(frozen=True)
class Operator:
    name: str
    details: str
    db_hits: int
    rows: int


@dataclass(frozen=True)
class Run:
    query: str
    operators: list[Operator]

    @property
    def db_hits(self) -> int:
        return sum(op.db_hits for op in self.operators)

    def scans(self) -> list[str]:
        """Each scanning operator, with what it reads."""
        return [
            f"{self.query}: {op.name} {op.details}" for op in self.operators if op.name in SCANS
        ]


def _operators(plan: Mapping[str, Any]) -> list[Operator]:
    arguments = plan.get("args", {})
    found = [
        Operator(
            name=str(plan["operatorType"]).split("@")[0],
            details=str(arguments.get("Details", ""))[:200],
            db_hits=int(plan.get("dbHits", 0)),
            rows=int(plan.get("rows", 0)),
        )
    ]
    for child in plan.get("children", []):
        found += _operators(child)
    return found


@dataclass
class Profiled:
    """Profile every run of the named query files while installed (`install`)."""

    names: set[str]
    runs: list[Run] = field(default_factory=list)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        plain = transaction._run

        async def run(
            tx: Transaction, name: str, returns: transaction.Returns, params: Mapping[str, Any]
        ) -> list[Any] | Any:
            if name not in self.names:
                return await plain(tx, name, returns, params)
            found = transaction._checked(tx, name, returns, params)
            result = await tx.driver_tx.run(f"PROFILE {found.text}", quiet(params))
            if returns == "many":
                rows: list[Any] = [dict(record) async for record in result]
            else:
                record = await result.single() if returns != "none" else None
                rows = [] if record is None else [record]
            summary = await result.consume()
            assert summary.profile is not None
            self.runs.append(Run(name, _operators(summary.profile)))
            return rows

        monkeypatch.setattr(transaction, "_run", run)

    def of(self, name: str) -> list[Run]:
        return [run for run in self.runs if run.query == name]

    def scans(self) -> list[str]:
        return [scan for run in self.runs for scan in run.scans()]
