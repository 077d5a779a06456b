"""Cross-validation over LoCoMo conversations: choose a configuration on some, report it on
the one left out (the last table of `python -m benchmarks locomo`).

Reads the per-conversation figures of every configuration in LoCoMo results (their rows and
`--variant`s; results measured on the same conversations can be combined). For each
conversation in turn, the configuration with the best overall figure on the other
conversations (their questions pooled) is chosen, and its figures on the left-out
conversation are kept. The cross-validated figures pool the left-out results over all
conversations; the spread is that of the left-out overall figure across conversations. The
development figures are those of the configuration chosen on all conversations at once, and
each category's gap to its cross-validated figure is shown (issue 17's bar: no category more
than 0.05 below).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.locomo.report import GROUPS

#: configuration → conversation → group → {"n": questions, "R@k": value}
Figures = Mapping[str, Mapping[str, Mapping[str, Mapping[str, float]]]]


@dataclass(frozen=True)
class Fold:
    held_out: str
    chosen: str
    figures: Mapping[str, Mapping[str, float]]  # the chosen one's, on the held-out conversation


@dataclass(frozen=True)
class CrossValidated:
    metric: str
    folds: list[Fold]
    pooled: dict[str, float]  # group → the held-out figures pooled over the folds
    development: str  # the configuration chosen on every conversation
    development_pooled: dict[str, float]

    @property
    def spread(self) -> dict[str, float]:
        values = [fold.figures["overall"][self.metric] for fold in self.folds]
        return {
            "min": min(values),
            "max": max(values),
            "stdev": statistics.pstdev(values) if len(values) > 1 else 0.0,
        }


def pooled(summaries: Sequence[Mapping[str, Mapping[str, float]]], metric: str) -> dict[str, float]:
    """Each group's figure over several conversations, every question counting once."""
    result: dict[str, float] = {}
    for group in GROUPS:
        parts = [(s[group]["n"], s[group][metric]) for s in summaries if group in s]
        total = sum(n for n, _ in parts)
        if total > 0:
            result[group] = sum(n * value for n, value in parts) / total
    return result


def best(figures: Figures, conversations: Sequence[str], metric: str) -> str:
    """The configuration with the best pooled overall figure on these conversations (ties:
    the first listed)."""
    return max(
        figures,
        key=lambda name: pooled([figures[name][c] for c in conversations], metric)["overall"],
    )


def cross_validate(figures: Figures, metric: str = "R@10") -> CrossValidated:
    conversations = sorted(set.intersection(*(set(f) for f in figures.values())))
    if len(conversations) < 2:
        raise ValueError("cross-validation needs at least two conversations in every result")
    folds = []
    for held_out in conversations:
        others = [c for c in conversations if c != held_out]
        chosen = best(figures, others, metric)
        folds.append(Fold(held_out, chosen, figures[chosen][held_out]))
    development = best(figures, conversations, metric)
    return CrossValidated(
        metric,
        folds,
        pooled([fold.figures for fold in folds], metric),
        development,
        pooled([figures[development][c] for c in conversations], metric),
    )


def markdown(result: CrossValidated) -> str:
    m = result.metric
    groups = [g for g in GROUPS if g in result.pooled]
    lines = [
        f"| {m} | " + " | ".join(groups) + " |",
        "|---|" + "---:|" * len(groups),
        "| cross-validated (chosen without the conversation) | "
        + " | ".join(f"{result.pooled[g]:.3f}" for g in groups)
        + " |",
        f"| development ({result.development}, chosen on all) | "
        + " | ".join(f"{result.development_pooled.get(g, 0.0):.3f}" for g in groups)
        + " |",
        "| gap | "
        + " | ".join(
            f"{result.pooled[g] - result.development_pooled.get(g, 0.0):+.3f}" for g in groups
        )
        + " |",
        "",
        f"| left out | chosen | {m} overall | {m} multi-hop |",
        "|---|---|---:|---:|",
    ]
    for fold in result.folds:
        multi = fold.figures.get("multi-hop", {}).get(m)
        lines.append(
            f"| {fold.held_out} | {fold.chosen} | {fold.figures['overall'][m]:.3f} | "
            + (f"{multi:.3f}" if multi is not None else "-")
            + " |"
        )
    spread = result.spread
    lines += [
        "",
        f"Spread of the left-out overall {m}: {spread['min']:.3f} to {spread['max']:.3f} "
        f"(population stdev {spread['stdev']:.3f}).",
    ]
    return "\n".join(lines)


def figures_of(reports: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Every configuration's per-conversation summaries (elfgraph's, not the baselines')."""
    found: dict[str, Any] = {}
    for report in reports:
        configurations = report["settings"]["ablations"]
        for name, method in report["methods"].items():
            if name in configurations and "per_conversation" in method:
                found[name] = method["per_conversation"]
    return found
