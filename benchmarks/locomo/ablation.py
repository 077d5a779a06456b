"""The LoCoMo ablation table (issue 17): each retrieval feature with and without it.

    python -m benchmarks.locomo.ablation [--data FILE] [--out FILE] [--conversations …]

Two ingestions of every conversation, one per setting a dream decides: the defaults
(contextual vectors, §4.8) and `context_weight=0` (each turn found by its own vector). On the
first, recall runs under the full pipeline, each leg alone, no expansion, the
expansion limits (§7.3), and without or with other weights for dates (§7.8), speakers
(§7.9), the priors' share (§7.4) and coverage (§7.10); on the second, the full pipeline
and no expansion. One row per configuration: R@10 overall, per category and per
conversation, recall p50 / p95 at top_k 10 (the whole call, query embedding included),
and the configuration that produced it. Then the leave-one-conversation-out
cross-validation over every row (benchmarks/locomo/crossval.py): for each conversation,
the row best on the other ones.
`make bench-locomo` runs it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import anyio

from benchmarks.locomo.__main__ import DEFAULT_DATA
from benchmarks.locomo.crossval import cross_validate, figures_of
from benchmarks.locomo.crossval import markdown as crossval_markdown
from benchmarks.locomo.report import GROUPS
from benchmarks.locomo.run import Options, run
from benchmarks.machine import machine_line
from benchmarks.write_path import RESULTS

#: Recall-time variants measured on the default ingestion (name: MemoryConfig changes).
VARIANTS: dict[str, dict[str, Any]] = {
    "expansion-4x5": {"expansion_seeds": 4, "expansion_neighbours": 5},  # before issue 17
    "expansion-4x2": {"expansion_seeds": 4, "expansion_neighbours": 2},
    "expansion-1x5": {"expansion_seeds": 1, "expansion_neighbours": 5},
    # Dates and "when" (§7.8) and speakers (§7.9): each without, all without, and values
    # either side of the defaults (0.3, 0.2, 0.2) for the cross-validation to choose among.
    "no-temporal": {"temporal_weight": 0.0},
    "no-when": {"when_weight": 0.0},
    "no-speaker": {"speaker_weight": 0.0},
    "no-dates-no-speaker": {"temporal_weight": 0.0, "when_weight": 0.0, "speaker_weight": 0.0},
    "temporal-0.15": {"temporal_weight": 0.15},
    "temporal-0.5": {"temporal_weight": 0.5},
    "speaker-0.1": {"speaker_weight": 0.1},
    "speaker-0.3": {"speaker_weight": 0.3},
    "when-0.1": {"when_weight": 0.1},
    "when-0.3": {"when_weight": 0.3},
    "own-frame-weights": {"prior_weight": 1.0},  # before issue 17's fourth part
    "no-coverage": {"coverage_weight": 0.0},
    "neither-cap-nor-coverage": {"prior_weight": 1.0, "coverage_weight": 0.0},
    "prior-0.1": {"prior_weight": 0.1},
    "prior-0.3": {"prior_weight": 0.3},
    "coverage-0.2": {"coverage_weight": 0.2},
    # Diversity (§7.4): none, and the design's 0.3 (before issue 17's sixth part).
    "no-diversity": {"diversity_weight": 0.0},
    "diversity-0.3": {"diversity_weight": 0.3},
    # The keyword leg by Lucene's scores instead of the space's own BM25 (§7.2): alone on
    # the server the two agree; among other spaces only this one moves (--crowd).
    "no-keyword-cache": {"keyword_cache": False},
}
NO_CONTEXT = "no-context"  # the prefix of the rows of the second ingestion


def measure(data: Path, conversations: list[str], limit: int | None = None) -> dict[str, Any]:
    common: dict[str, Any] = {
        "data": data,
        "baselines": False,
        "conversations": conversations,
        "limit_questions": limit,
        "ks": (10,),
    }
    with_context = anyio.run(
        run,
        Options(
            ablations=("full", "no-expansion", "vector", "keyword"),
            variants=VARIANTS,
            warm_up=50,
            **common,
        ),
    )
    alone = anyio.run(
        run,
        Options(
            ablations=("full", "no-expansion"),
            memory={"context_weight": 0.0},
            warm_up=0,
            **common,
        ),
    )
    report = dict(with_context)
    report["methods"] = dict(with_context["methods"]) | {
        f"{NO_CONTEXT}: {name}": method for name, method in alone["methods"].items()
    }
    report["settings"] = dict(with_context["settings"])
    report["settings"]["ablations"] = dict(with_context["settings"]["ablations"]) | {
        f"{NO_CONTEXT}: {name}": {"context_weight": 0.0, **changes}
        for name, changes in alone["settings"]["ablations"].items()
    }
    report["ingest_without_context"] = alone["ingest"]
    return report


def table(report: dict[str, Any]) -> str:
    methods, settings = report["methods"], report["settings"]["ablations"]
    conversations = report["data"]["conversations"]
    groups = [g for g in GROUPS if g in methods["full"]["summary"]]
    lines = [
        f"{machine_line(report['machine'])}; {report['data']['file']} "
        f"({len(conversations)} conversations, {report['data']['questions']} questions), "
        f"embedder {report['settings']['embedder']}. R@10:",
        "",
        f"| configuration | {' | '.join(groups)} | {' | '.join(conversations)} | "
        "p50 / p95 ms (top_k 10) |",
        "|---|" + "---:|" * (len(groups) + len(conversations) + 1),
    ]
    for name, method in methods.items():
        summary, per = method["summary"], method["per_conversation_R@10"]
        timing = method.get("latency_by_top_k", {}).get("10", {})
        changes = ", ".join(f"{k}={v}" for k, v in settings.get(name, {}).items()) or "defaults"
        lines.append(
            f"| {name} (`{changes}`) | "
            + " | ".join(f"{summary[g]['R@10']:.3f}" for g in groups)
            + " | "
            + " | ".join(f"{per.get(c, 0.0):.3f}" for c in conversations)
            + f" | {timing.get('p50_ms', 0.0):.1f} / {timing.get('p95_ms', 0.0):.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.locomo.ablation", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA)
    p.add_argument("--conversations", nargs="*", default=[])
    p.add_argument("--limit-questions", type=int, help="at most N per conversation (a smoke run)")
    p.add_argument("--out", type=Path, default=RESULTS / "locomo-ablation.json")
    args = p.parse_args(argv)
    report = measure(args.data, args.conversations, args.limit_questions)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(table(report))
    print()
    if len(report["data"]["conversations"]) > 1:  # a fold needs another conversation
        print(crossval_markdown(cross_validate(figures_of([report]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
