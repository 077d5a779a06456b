"""`python -m benchmarks locomo`: recall on LoCoMo and on the synthetic set (benchmarks/
synthetic.py), each learned in three layouts (issue 62), cross-validated.

    python -m benchmarks locomo [--data FILE] [--layouts metadata inline header]
        [--conversations conv-26 …] [--limit-questions N] [--synthetic-pairs N]
        [--embedder local|minilm|e5-small|mock]

The same turns are learned three ways (benchmarks/locomo/data.py's LAYOUTS): `metadata`, the
text alone with `speaker` and `occurred_at` (the session's date and time) as data; `inline`,
"Speaker: text (8 May 2023)"; `header`, "Speaker (1:56 pm on 8 May, 2023): text", no metadata.
One fresh space per conversation (benchmarks/locomo/evaluate.py: one elfgraph session per
conversation session, a fake clock a minute per turn, one dream with the local embedder).
Every question of categories 1-4 (LoCoMo) and of the synthetic set's five kinds goes through
`recall(question, top_k=10)` and `top_k=20`: R@k is the share of its evidence turns among the
first k blocks, R@1 and R@5 read from the top_k=10 call. Each configuration of CONFIGURATIONS
is measured on the same ingestion; the cross-validation leaves one conversation out at a time,
over LoCoMo's and the synthetic set's together, chooses the configuration with the best pooled
R@10 on all the others (so no weight is chosen on one data set alone, nor on the conversation
it is scored on), and reports it on the one left out. Latency: the defaults' recall at
top_k 10, the query's embedding made before the timed call.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio

from benchmarks.locomo.crossval import best, pooled
from benchmarks.locomo.data import LAYOUTS
from benchmarks.locomo.metrics import KS
from benchmarks.locomo.report import GROUPS
from benchmarks.locomo.run import Options, make_embedder, run
from benchmarks.machine import ROOT
from benchmarks.publish import header, publish
from benchmarks.synthetic import PAIRS, conversations
from elfgraph.core.text import normalised_text
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.errors import ElfgraphError

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo" / "locomo-dev.json"
#: Recall-time configurations measured on each ingestion (name: MemoryConfig changes): the
#: defaults, and the weights of the speaker and period lifts either side of them.
CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "speaker-0.2": {"speaker_weight": 0.2},
    "speaker-0.6": {"speaker_weight": 0.6},
    "temporal-0.3": {"temporal_weight": 0.3},
    "temporal-0.7": {"temporal_weight": 0.7},
    "no-speaker": {"speaker_weight": 0.0},
    "no-temporal": {"temporal_weight": 0.0},
}
METRICS = [f"R@{k}" for k in KS]


class Remembering:
    """An embedder that keeps the vectors of the texts it was primed with, so a timed
    recall does not include its query's embedding."""

    def __init__(self, inner: EmbeddingService) -> None:
        self.inner = inner
        self.kept: dict[str, Vector] = {}

    @property
    def model_name(self) -> str:
        return self.inner.model_name

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    async def prime(self, query: str) -> None:
        text = normalised_text(query)
        if text not in self.kept:
            self.kept[text] = await self.inner.embed(text)

    async def embed(self, text: str) -> Vector:
        kept = self.kept.get(text)
        return kept if kept is not None else await self.inner.embed(text)

    async def embed_batch(self, texts: list[str]) -> list[Vector]:
        return await self.inner.embed_batch(texts)


def measure(args: argparse.Namespace) -> dict[str, Any]:
    embedder = Remembering(make_embedder(args.embedder))
    sets: dict[str, dict[str, Any]] = {"locomo": {"data": args.data}}
    if args.synthetic_pairs > 0:
        sets["synthetic"] = {
            "data": Path("synthetic"),
            "given": conversations(62, args.synthetic_pairs),
        }
    found: dict[str, Any] = {"layouts": {}}
    for layout in args.layouts:
        found["layouts"][layout] = {}
        for name, source in sets.items():
            report = anyio.run(
                run,
                Options(
                    **source,
                    conversations=args.conversations if name == "locomo" else (),
                    limit_questions=args.limit_questions,
                    ablations=("full",),
                    variants=CONFIGURATIONS,
                    baselines=False,
                    warm_up=50,
                    layout=layout,
                    prefixes=True,
                    embedder_given=embedder,
                ),
            )
            found.setdefault("machine", report["machine"])
            found["layouts"][layout][name] = report
            print(
                f"{layout} / {name}: R@10 "
                f"{report['methods']['full']['summary']['overall']['R@10']:.3f}",
                flush=True,
            )
    return found


def merged(paths: Sequence[Path]) -> dict[str, Any]:
    """One report of the layouts of several (runs side by side, one layout each)."""
    reports = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    report = dict(reports[0])
    report["layouts"] = {k: v for r in reports for k, v in r["layouts"].items()}
    report["runs"] = [r.get("command") for r in reports]
    return report


Figures = Mapping[str, Mapping[str, Mapping[str, Mapping[str, float]]]]


def figures(reports: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """configuration → unit (a conversation of either set) → its summary."""
    merged: dict[str, dict[str, Any]] = {}
    for report in reports.values():
        for name, method in report["methods"].items():
            merged.setdefault(name, {}).update(method["per_conversation"])
    return merged


def cross_validated(found: Figures, units: Sequence[str]) -> dict[str, Any]:
    """Leave one unit out (a conversation of LoCoMo or of the synthetic set): the
    configuration best on the pooled R@10 of all the others, scored on it."""
    everything = sorted(set.intersection(*(set(f) for f in found.values())))
    chosen = {u: best(found, [o for o in everything if o != u], "R@10") for u in units}
    development = best(found, everything, "R@10")  # both sets' conversations
    return {
        "chosen": chosen,
        "development": development,
        "pooled": {m: pooled([found[chosen[u]][u] for u in units], m) for m in METRICS},
        "development_pooled": {
            m: pooled([found[development][u] for u in units], m) for m in METRICS
        },
    }


def _row(
    label: str, figures_by_metric: Mapping[str, Mapping[str, float]], groups: list[str]
) -> str:
    r10 = figures_by_metric["R@10"]
    return (
        f"| {label} | "
        + " | ".join(f"{figures_by_metric[m].get('overall', 0.0):.3f}" for m in METRICS)
        + " | "
        + " | ".join(f"{r10.get(g, 0.0):.3f}" for g in groups)
        + " |"
    )


def render_set(layouts: Mapping[str, Any], name: str) -> list[str]:
    lines: list[str] = []
    first = next(iter(layouts.values()))[name]
    summary = first["methods"]["full"]["summary"]
    groups = [g for g in GROUPS if g in summary and g != "overall"]
    lines += [
        f"| {name}: layout (cross-validated) | "
        + " | ".join(METRICS)
        + " | "
        + " | ".join(f"R@10 {g}" for g in groups)
        + " | p50 / p95 ms |",
        "|---|" + "---:|" * (len(METRICS) + len(groups) + 1),
    ]
    for layout, reports in layouts.items():
        found = figures(reports)
        units = reports[name]["data"]["conversations"]
        result = cross_validated(found, units)
        timing = reports[name]["methods"]["full"].get("latency_by_top_k", {}).get("10")
        row = _row(layout, result["pooled"], groups)
        lines.append(
            row[:-2]
            + (f" | {timing['p50_ms']:.1f} / {timing['p95_ms']:.1f} |" if timing else " | – |")
        )
        dev = result["development_pooled"]["R@10"]
        gaps = [
            result["pooled"]["R@10"].get(g, 0.0) - dev.get(g, 0.0) for g in ["overall", *groups]
        ]
        lines.append(
            f"| {layout}: development ({result['development']}), gap R@10 | "
            + " | ".join("" for _ in METRICS[:-2])
            + f" | {dev.get('overall', 0.0):.3f} | {gaps[0]:+.3f} | "
            + " | ".join(
                f"{dev.get(g, 0.0):.3f} ({gap:+.3f})"
                for g, gap in zip(groups, gaps[1:], strict=True)
            )
            + " | |"
        )
    return lines


def render(report: dict[str, Any], images: Path) -> str:
    layouts = report["layouts"]
    sets = list(next(iter(layouts.values())))
    parts = [header(report), ""]
    for name in sets:
        data = next(iter(layouts.values()))[name]["data"]
        parts += [
            f"**{name}** ({data['file']}, {len(data['conversations'])} conversations, "
            f"{data['questions']} questions). Each layout's first row: chosen without the "
            "conversation; its second: the configuration chosen on every conversation of both "
            "sets, its R@10 on this set and each category's gap to the cross-validated figure.",
            "",
            *render_set(layouts, name),
            "",
        ]
    parts += ["R@10 of each configuration (all conversations of the set):", ""]
    for name in sets:
        configs = list(next(iter(layouts.values()))[name]["methods"])
        parts += [
            f"| {name} | " + " | ".join(configs) + " |",
            "|---|" + "---:|" * len(configs),
        ]
        for layout, reports in layouts.items():
            methods = reports[name]["methods"]
            parts.append(
                f"| {layout} | "
                + " | ".join(f"{methods[c]['summary']['overall']['R@10']:.3f}" for c in configs)
                + " |"
            )
        parts.append("")
    parts.append(
        "Chosen per left-out conversation (R@10 on all the others, both sets): "
        + "; ".join(
            f"{layout}: "
            + ", ".join(
                f"{u} {c}"
                for u, c in cross_validated(
                    figures(reports),
                    [u for r in reports.values() for u in r["data"]["conversations"]],
                )["chosen"].items()
            )
            for layout, reports in layouts.items()
        )
        + "."
    )
    return "\n".join(parts)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m benchmarks locomo", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="a LoCoMo JSON file")
    p.add_argument("--layouts", nargs="*", default=list(LAYOUTS), choices=LAYOUTS)
    p.add_argument("--conversations", nargs="*", default=[], help="LoCoMo sample ids")
    p.add_argument("--limit-questions", type=int, help="at most N per conversation (a smoke run)")
    p.add_argument("--synthetic-pairs", type=int, default=len(PAIRS), help="0: LoCoMo alone")
    p.add_argument("--embedder", default="local", help="local, minilm, e5-small or mock")
    p.add_argument(
        "--merge",
        nargs="*",
        type=Path,
        default=[],
        help="combine the layouts of these results (runs of one layout each) instead of running",
    )
    p.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    p.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    return p


def main(argv: list[str]) -> None:
    args = parser().parse_args(argv)
    try:
        report = merged(args.merge) if args.merge else measure(args)
    except ElfgraphError as exc:  # a missing or malformed file
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from exc
    publish("locomo", report, argv, out=args.out, doc=not args.no_doc)
