"""The vector leg from sketches (elfgraph/retrieval/sketch_rows.py), alone, in the process:
how many of the exact nearest it finds, how long a query takes, what it holds, against the
exact product over float32 rows. No Neo4j.

    python -m benchmarks.sketch_leg [--rows 100000] [--answers 28,48] [--first-pass 512,1024,2048]
        [--npy data.npy [--queries questions.npy]] [--out results.json]

Vectors: clustered synthetic ones (benchmarks/hnsw_width.py's, the default), or rows of a .npy
file of real embeddings (queries: a second file, else 300 rows held out of the first). For each
first pass and number of answers: recall of the exact n nearest (by float32 cosine), and the
median and p95 of 300 queries, one at a time as recall asks. 28 answers is what recall asks
for at top_k 5 (4·top_k + a margin of 8), 48 at top_k 10.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.hnsw_width import vectors
from benchmarks.machine import describe_process, machine_line
from benchmarks.write_path import percentile
from elfgraph.core.sketch import quantised_rows
from elfgraph.retrieval.sketch_rows import SketchRows


def timed_queries(search: Any, queries: np.ndarray) -> tuple[list[float], list[Any]]:
    latencies, answers = [], []
    for query in queries:
        start = time.perf_counter()
        answers.append(search(query))
        latencies.append(1000 * (time.perf_counter() - start))
    return latencies, answers


def measure(data: np.ndarray, queries: np.ndarray, answers: list[int], passes: list[int]) -> Any:
    sketches, _ = quantised_rows(data)
    alive = np.ones(len(data), dtype=bool)
    rows: list[dict[str, Any]] = []
    for n in answers:
        exact_ms, exact = timed_queries(
            lambda q, n=n: np.argpartition(-(data @ q), n - 1)[:n], queries
        )
        rows.append({"answers": n, "first_pass": None, **stats(exact_ms), "recall": 1.0})
        for first_pass in passes:
            index = SketchRows(data.shape[1], first_pass=first_pass)
            start = time.perf_counter()
            index.append(sketches)
            built = time.perf_counter() - start
            latencies, found = timed_queries(
                lambda q, n=n, index=index: index.nearest(q, n, alive)[0], queries
            )
            kept = [
                len(set(f.tolist()) & set(e.tolist())) / n
                for f, e in zip(found, exact, strict=True)
            ]
            rows.append(
                {
                    "answers": n,
                    "first_pass": first_pass,
                    **stats(latencies),
                    "recall": statistics.fmean(kept),
                    "build_s": built,
                    "bytes_per_row": index.nbytes / len(index),
                }
            )
    return rows


def stats(latencies: list[float]) -> dict[str, float]:
    return {"p50_ms": statistics.median(latencies), "p95_ms": percentile(latencies, 0.95)}


def report(result: dict[str, Any]) -> None:
    print(machine_line(result["machine"]))
    print(f"{result['rows']:,} rows of {result['dimensions']}, {result['queries']} queries")
    print(
        "| answers | first pass | recall of the exact | p50 ms | p95 ms | build s | bytes a row |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|")
    for row in result["results"]:
        first = "exact float32 product" if row["first_pass"] is None else f"{row['first_pass']:,}"
        build = f"{row['build_s']:.2f}" if "build_s" in row else "–"
        size = (
            f"{row['bytes_per_row']:.0f}"
            if "bytes_per_row" in row
            else str(4 * result["dimensions"])
        )
        print(
            f"| {row['answers']} | {first} | {row['recall']:.3f} | {row['p50_ms']:.2f} | "
            f"{row['p95_ms']:.2f} | {build} | {size} |"
        )


def parser() -> argparse.ArgumentParser:
    parse = argparse.ArgumentParser(prog="python -m benchmarks.sketch_leg", description=__doc__)
    parse.add_argument("--rows", type=int, default=100_000)
    parse.add_argument("--answers", default="28,48")
    parse.add_argument("--first-pass", default="512,1024,2048")
    parse.add_argument("--npy", help="a .npy file of embeddings (rows)")
    parse.add_argument("--queries", help="a .npy file of query embeddings")
    parse.add_argument("--out", type=Path, default=Path("benchmarks/results/sketch_leg.json"))
    return parse


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    data, queries = vectors(args.rows, args.npy, args.queries)
    result = {
        "machine": describe_process(),
        "rows": len(data),
        "dimensions": int(data.shape[1]),
        "queries": len(queries),
        "source": args.npy or "clustered synthetic",
        "results": measure(
            data,
            queries,
            [int(n) for n in args.answers.split(",")],
            [int(n) for n in args.first_pass.split(",")],
        ),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    report(result)


if __name__ == "__main__":
    main()
