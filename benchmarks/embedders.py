"""Packaged offline embedders compared on LoCoMo, quality per millisecond, without the database.

    python -m benchmarks.embedders --data ../shared/data/locomo/locomo-dev.json [--only NAME …]

For each candidate of `benchmarks.embedder_candidates` (installed ones only), in a process of
its own: load time, every turn of each conversation embedded as dream would (normalised text,
one batch per conversation: ms per block and blocks/s), every question embedded alone as recall
would (ms per query, median and p95), then plain cosine ranking of the turns: R@1/5/10/20 per
category and per conversation (the same figures as the LoCoMo harness's cosine baseline), the
weights' size on disk and the process's peak RSS. The quality is that of the vector leg
alone; `python -m benchmarks.locomo --embedder NAME` gives the full pipeline.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.locomo.data import load
from benchmarks.locomo.metrics import Scored, percentile, recall_at, summarise

KS = (1, 5, 10, 20)


def measure(name: str, data: Path) -> dict[str, Any]:
    from benchmarks.embedder_candidates import CANDIDATES
    from elfgraph.core.text import normalised_text

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    candidate = CANDIDATES[name]()
    candidate.passages(["warm up"])
    candidate.queries(["warm up"])
    load_s = time.perf_counter() - started
    conversations = load(data)
    per_conversation: dict[str, Any] = {}
    scored_all: list[Scored] = []
    embed_s = 0.0
    blocks = 0
    query_ms: list[float] = []
    for conversation in conversations:
        turns = conversation.turns
        started = time.perf_counter()
        matrix = candidate.passages([normalised_text(t.text) for t in turns])
        embed_s += time.perf_counter() - started
        blocks += len(turns)
        scored: list[Scored] = []
        for question in conversation.questions:
            started = time.perf_counter()
            vector = candidate.queries([normalised_text(question.text)])[0]
            query_ms.append((time.perf_counter() - started) * 1000)
            scores = (matrix @ vector).astype(np.float64)
            order = np.lexsort((np.arange(len(scores)), -scores))[: max(KS)]
            ranked = [{turns[int(i)].dia_id} for i in order]
            scored.append(
                Scored(question.category, {k: recall_at(ranked, question.evidence, k) for k in KS})
            )
        per_conversation[conversation.sample_id] = summarise(scored, KS)
        scored_all += scored
    size = sum(path.stat().st_size for path in candidate.model_files)
    return {
        "name": name,
        "package": candidate.package,
        "dimensions": candidate.dimensions,
        "model_mb": size / 1e6,
        "load_s": load_s,
        "ms_per_block": embed_s * 1000 / blocks,
        "blocks_per_s": blocks / embed_s,
        "query_ms": {"p50": statistics.median(query_ms), "p95": percentile(query_ms, 0.95)},
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "model_rss_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024,
        "overall": summarise(scored_all, KS),
        "per_conversation": per_conversation,
    }


def table(results: list[dict[str, Any]]) -> str:
    groups = ["overall", "multi-hop", "temporal", "open-domain", "single-hop"]
    conversations = sorted(results[0]["per_conversation"]) if results else []
    lines = [
        "| embedder | dims | MB | "
        + " | ".join(f"R@10 {g}" for g in groups)
        + " | "
        + " | ".join(conversations)
        + " | ms/block | blocks/s | query ms p50 / p95 | load s | RSS MB |",
        "|---|---:|---:|" + "---:|" * (len(groups) + len(conversations) + 5),
    ]
    for r in results:
        lines.append(
            f"| {r['name']} | {r['dimensions']} | {r['model_mb']:.0f} | "
            + " | ".join(f"{r['overall'][g]['R@10']:.3f}" for g in groups)
            + " | "
            + " | ".join(
                f"{r['per_conversation'][c]['overall']['R@10']:.3f}" for c in conversations
            )
            + f" | {r['ms_per_block']:.2f} | {r['blocks_per_s']:.0f} | "
            f"{r['query_ms']['p50']:.1f} / {r['query_ms']['p95']:.1f} | {r['load_s']:.1f} | "
            f"{r['model_rss_mb']:.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from benchmarks.embedder_candidates import CANDIDATES

    p = argparse.ArgumentParser(prog="python -m benchmarks.embedders", description=__doc__)
    p.add_argument("--data", type=Path, default=Path("../shared/data/locomo/locomo-dev.json"))
    p.add_argument("--only", nargs="*", default=list(CANDIDATES))
    p.add_argument("--out", type=Path, default=Path("benchmarks/results/embedders.json"))
    p.add_argument("--one", help=argparse.SUPPRESS)  # the child process's candidate
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(measure(args.one, args.data)))
        return 0
    results = []
    for name in args.only:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.embedders", "--data", str(args.data), "--one", name],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            print(f"{name}: skipped ({done.stderr.strip().splitlines()[-1:]})", file=sys.stderr)
            continue
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(f"{name}: R@10 {results[-1]['overall']['overall']['R@10']:.3f}", file=sys.stderr)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
