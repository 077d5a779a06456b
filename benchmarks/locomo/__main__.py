"""LoCoMo retrieval quality: recall@k of the evidence turns of each question.

    python -m benchmarks.locomo --data ../shared/data/locomo/locomo-dev.json

One space per conversation: each turn is learned as a block ("Speaker: text", the photo
caption when there is one, the session's date), one session per LoCoMo session, then one
dream. Every question of categories 1-4 goes through `recall(question, top_k=k)` for
k = 1, 5, 10, 20, under each ablation (full pipeline, no graph expansion, vector leg only,
keyword leg only); plain BM25 and plain cosine over the same turns, computed here without
the database, are the baselines. Results: benchmarks/results/locomo.json, markdown on
stdout, and with --chart a per-category bar chart. The data is CC BY-NC: read it from
where it lies, never copy it into the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import anyio

from benchmarks.locomo.metrics import KS
from benchmarks.locomo.report import chart, markdown
from benchmarks.locomo.run import ABLATIONS, Options, run
from benchmarks.machine import ROOT
from benchmarks.write_path import RESULTS
from elfgraph.config.memory import GROUP_OF, MemoryConfig
from elfgraph.errors import ElfgraphError

#: The development subset, beside the repository (never inside it: the licence is CC BY-NC).
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo-dev.json"


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
    """`NAME:FIELD=VALUE[,FIELD=VALUE…]`: one more configuration to measure."""
    name, sep, settings = text.partition(":")
    if not sep or not name or name in ABLATIONS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not NAME:FIELD=VALUE[,FIELD=VALUE] with a new name "
            "(e.g. kw05:keyword_weight=0.5)"
        )
    return name, dict(memory_setting(part) for part in settings.split(",") if part)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.locomo",
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.splitlines()[2:]),
    )
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="a LoCoMo JSON file")
    p.add_argument(
        "--ablations",
        nargs="+",
        choices=list(ABLATIONS),
        default=list(ABLATIONS),
        help="which configurations to measure (default: all four)",
    )
    p.add_argument("--no-baselines", action="store_true", help="skip BM25 and cosine")
    p.add_argument("--conversations", nargs="*", default=[], help="sample ids (default: all)")
    p.add_argument("--limit-questions", type=int, help="at most N questions per conversation")
    p.add_argument(
        "--embedder",
        default="local",
        help="local (ELFGRAPH_EMBEDDER's model), minilm, e5-small, mock, or candidate:NAME "
        "(benchmarks/embedder_candidates.py)",
    )
    p.add_argument("--warm-up", type=int, default=200, help="untimed recalls first")
    p.add_argument(
        "--set",
        dest="memory",
        type=memory_setting,
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a MemoryConfig value for every ablation, e.g. --set fusion=rrf",
    )
    p.add_argument(
        "--variant",
        dest="variants",
        type=variant,
        action="append",
        default=[],
        metavar="NAME:FIELD=VALUE[,…]",
        help="one more configuration measured on the same spaces, e.g. "
        "kw05:keyword_weight=0.5 (cross-validate with python -m benchmarks.locomo.crossval)",
    )
    p.add_argument("--ks", type=int, nargs="+", default=list(KS), help="the k of recall@k")
    p.add_argument("--out", type=Path, default=RESULTS / "locomo.json")
    p.add_argument(
        "--strict-ids",
        action="store_true",
        help="count only the block a turn was learned as, not the survivor its id resolves "
        "to when dream archived it as a near-duplicate (the figures before issue 17)",
    )
    p.add_argument(
        "--crowd",
        type=int,
        default=0,
        metavar="N",
        help="first learn and dream N synthetic facts into another space of the same database "
        "(other tenants: the indexes are shared), dropped at the end",
    )
    p.add_argument("--chart", type=Path, help="write the per-category bar chart (PNG) here")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.limit_questions is not None and args.limit_questions < 1:
        parser().error("--limit-questions must be at least 1")
    options = Options(
        data=args.data,
        ablations=args.ablations,
        baselines=not args.no_baselines,
        conversations=args.conversations,
        limit_questions=args.limit_questions,
        embedder=args.embedder,
        warm_up=max(0, args.warm_up),
        memory=dict(args.memory),
        resolve_superseded=not args.strict_ids,
        variants=dict(args.variants),
        ks=tuple(sorted(set(args.ks))),
        crowd=max(0, args.crowd),
    )
    try:
        for changes in [{}, *options.variants.values()]:
            MemoryConfig(**(options.memory | changes))
        report = anyio.run(run, options)
    except ElfgraphError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.chart:
        chart(report, args.chart)
    print()
    print(markdown(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
