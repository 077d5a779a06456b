"""`python -m benchmarks.locomo.ablation`: the LoCoMo ablation table (issue 17), each retrieval
feature with and without it, cross-validated over the conversations.

    python -m benchmarks.locomo.ablation [--data FILE] [--conversations conv-26 …]
        [--limit-questions N]
        [--embedder local|minilm|e5-small] [--set FIELD=VALUE …] [--variant NAME:FIELD=VALUE …]
        [--crowd N] [--no-baselines]

One fresh space per conversation (benchmarks/locomo/evaluate.py: each turn one block, one
elfgraph session per LoCoMo session, a fake clock a minute per turn, one dream with the
local embedder and no LLM). Two ingestions of every conversation, one per setting a dream
decides: the defaults (contextual vectors, §4.8) and `context_weight=0` (each turn found by
its own vector). On the first, recall runs under the full pipeline, each leg alone, no
expansion, the expansion limits (§7.3), and without or with other weights for dates (§7.8),
speakers (§7.9), the priors' share (§7.4), coverage (§7.10), diversity (§7.4) and the keyword
cache (§7.2), then any `--variant`; on the second, the full pipeline and no expansion. Every
question of categories 1-4 is recalled at top_k 10 after 50 warm-up recalls; R@10 is the
share of its evidence turns among the blocks returned (identical turns are one block). BM25
and cosine over the same turns, without the database, are the baselines. One row per
configuration: R@10 overall, per category and per conversation, recall p50 / p95 (the whole
call, query embedding included), and the configuration that produced it. Then the
leave-one-conversation-out cross-validation over every configuration
(benchmarks/locomo/crossval.py): for each conversation, the row best on the other ones.
`--crowd N` first learns and dreams N synthetic facts into another space of the database
(other tenants: the indexes are shared). `make bench-locomo` runs it. The data is CC BY-NC:
read it from where it lies (LoCoMo's `locomo10.json` format), never copy it into the
repository. Results: benchmarks/results/locomo.json, the tables and a chart in
docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import anyio

from benchmarks.locomo.crossval import cross_validate, figures_of
from benchmarks.locomo.crossval import markdown as crossval_markdown
from benchmarks.locomo.report import GROUPS, LABELS, chart
from benchmarks.locomo.run import ABLATIONS, Options, run
from benchmarks.machine import ROOT
from benchmarks.publish import header, publish
from elfgraph.config.memory import GROUP_OF, MemoryConfig
from elfgraph.errors import ElfgraphError

#: The development subset, beside the repository (never inside it: the licence is CC BY-NC).
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo-dev.json"
#: The rows the chart shows: each leg, the graph, and the baselines.
CHARTED = ("full", "no-expansion", "vector", "keyword", "bm25", "cosine")

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


def measure(options: Options) -> dict[str, Any]:
    """Both ingestions of every conversation, every configuration; one report."""
    with_context = anyio.run(
        run,
        Options(
            **common(options),
            ablations=("full", "no-expansion", "vector", "keyword"),
            variants=VARIANTS | dict(options.variants),
            memory=options.memory,
            baselines=options.baselines,
            warm_up=50,
        ),
    )
    alone = anyio.run(
        run,
        Options(
            **common(options),
            ablations=("full", "no-expansion"),
            memory={**options.memory, "context_weight": 0.0},
            baselines=False,
            warm_up=0,
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


def common(options: Options) -> dict[str, Any]:
    """What both ingestions share."""
    return {
        "data": options.data,
        "conversations": options.conversations,
        "limit_questions": options.limit_questions,
        "embedder": options.embedder,
        "crowd": options.crowd,
        "ks": (10,),
    }


def table(report: dict[str, Any]) -> str:
    methods, settings = report["methods"], report["settings"]["ablations"]
    conversations = report["data"]["conversations"]
    groups = [g for g in GROUPS if g in methods["full"]["summary"]]
    lines = [
        f"{report['data']['file']} ({len(conversations)} conversations, "
        f"{report['data']['questions']} questions), embedder {report['settings']['embedder']}"
        + (f", settings {report['settings']['memory']}" if report["settings"].get("memory") else "")
        + (
            f", among {report['settings']['crowd_blocks']:,} blocks of another space"
            if report["settings"].get("crowd_blocks")
            else ""
        )
        + ". R@10:",
        "",
        f"| configuration | {' | '.join(groups)} | {' | '.join(conversations)} | "
        "p50 / p95 ms (top_k 10) |",
        "|---|" + "---:|" * (len(groups) + len(conversations) + 1),
    ]
    for name, method in methods.items():
        summary, per = method["summary"], method["per_conversation_R@10"]
        timing = method.get("latency_by_top_k", {}).get("10")
        if name in settings:
            changes = ", ".join(f"{k}={v}" for k, v in settings[name].items()) or "defaults"
            label = f"{name} (`{changes}`)"
        else:  # a baseline: no configuration of elfgraph's
            label = LABELS.get(name, name)
        lines.append(
            f"| {label} | "
            + " | ".join(f"{summary[g]['R@10']:.3f}" for g in groups)
            + " | "
            + " | ".join(f"{per.get(c, 0.0):.3f}" for c in conversations)
            + (f" | {timing['p50_ms']:.1f} / {timing['p95_ms']:.1f} |" if timing else " | – |")
        )
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    parts = [header(report), "", table(report)]
    if len(report["data"]["conversations"]) > 1:  # a fold needs another conversation
        parts += ["", crossval_markdown(cross_validate(figures_of([report])))]
    charted = {name: report["methods"][name] for name in CHARTED if name in report["methods"]}
    path = images / "locomo_by_category.png"
    chart({**report, "methods": charted}, path)
    return "\n".join([*parts, "", f"![LoCoMo recall@10 by category]({images.name}/{path.name})"])


def memory_setting(text: str) -> tuple[str, Any]:
    """`field=value` for a MemoryConfig field, the value read as JSON when it parses."""
    name, sep, value = text.partition("=")
    if not sep or name not in GROUP_OF:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not FIELD=VALUE with a MemoryConfig field "
            f"(e.g. fusion=rrf, graph_expansion=false)"
        )
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def variant(text: str) -> tuple[str, dict[str, Any]]:
    """`NAME:FIELD=VALUE[,FIELD=VALUE…]`: one more row, measured on the default ingestion."""
    name, sep, settings = text.partition(":")
    if not sep or not name or name in ABLATIONS or name in VARIANTS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME:FIELD=VALUE[,FIELD=VALUE] with a new name "
            "(e.g. kw05:keyword_weight=0.5)"
        )
    return name, dict(memory_setting(part) for part in settings.split(",") if part)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m benchmarks.locomo.ablation", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="a LoCoMo JSON file")
    p.add_argument("--conversations", nargs="*", default=[], help="sample ids (default: all)")
    p.add_argument("--limit-questions", type=int, help="at most N per conversation (a smoke run)")
    p.add_argument(
        "--embedder",
        default="local",
        help="local (ELFGRAPH_EMBEDDER's model), minilm, e5-small, or mock",
    )
    p.add_argument(
        "--set",
        dest="memory",
        type=memory_setting,
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a MemoryConfig value under every row, e.g. --set keyword_weight=0.6",
    )
    p.add_argument(
        "--variant",
        dest="variants",
        type=variant,
        action="append",
        default=[],
        metavar="NAME:FIELD=VALUE[,…]",
        help="one more row on the default ingestion, e.g. kw05:keyword_weight=0.5",
    )
    p.add_argument(
        "--crowd", type=int, default=0, metavar="N", help="N synthetic blocks in another space"
    )
    p.add_argument("--no-baselines", action="store_true", help="skip BM25 and cosine")
    p.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    p.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    return p


def main(argv: list[str]) -> None:
    args = parser().parse_args(argv)
    if args.limit_questions is not None and args.limit_questions < 1:
        parser().error("--limit-questions must be at least 1")
    options = Options(
        data=args.data,
        conversations=args.conversations,
        limit_questions=args.limit_questions,
        embedder=args.embedder,
        memory=dict(args.memory),
        variants=dict(args.variants),
        crowd=max(0, args.crowd),
        baselines=not args.no_baselines,
    )
    try:
        for changes in [
            {},
            {"context_weight": 0.0},
            *VARIANTS.values(),
            *options.variants.values(),
        ]:
            MemoryConfig(**(options.memory | changes))  # a bad value fails before the run
        report = measure(options)
    except ElfgraphError as exc:  # a missing or malformed file, a setting out of range
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from exc
    print(table(report))
    # `python -m benchmarks locomo` is benchmarks/locomo/layouts.py now (issue 62): this
    # ablation table of every feature is a probe, written to --out alone.
    publish("locomo", report, argv, out=args.out or Path("locomo-ablation.json"), doc=False)
