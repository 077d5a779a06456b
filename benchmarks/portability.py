"""`python -m benchmarks portability`: export and import, a space of N blocks to a file
and back.

    python -m benchmarks portability [--sizes 10000 100000] [--repeats 3 1]

Each size builds one space straight in the graph with benchmarks/curate.py's rows (blocks
with 384-dimension float32 embeddings, as every embedder elfgraph ships makes them, and
sketches; ~2.5 edges per block), locked to its model, waits until the server is idle,
then times `export_space` to a file and `import_space` of that file into a new
space, each in a process of its own so that its peak resident memory is its own (VmHWM
of the child, from /proc/self/status: the whole Python process, interpreter and libraries
included; not ru_maxrss, which Linux carries over from the parent across fork and exec).
Each import is checked (the same counts), dropped, and the server left to settle before
the next. Results: benchmarks/results/portability.json and a table in docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import anyio
import numpy as np

from benchmarks.corpus import facts
from benchmarks.curate import (
    BUILD_BATCH,
    CREATE_BLOCKS,
    CREATE_EDGES,
    DIMENSIONS,
    _write,
    block_rows,
    edge_rows,
    local_server_pid,
    settle,
)
from benchmarks.figures import percentile
from benchmarks.machine import describe
from benchmarks.publish import header, publish
from elfgraph.portability.export import export_space
from elfgraph.portability.importing import import_space
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space, lock_space_embedding
from elfgraph.store.database import Database


async def build(database: Database, space: str, size: int) -> None:
    """curate.py's space, its embeddings made float32 values and the space locked to them."""
    rng = random.Random(size)
    await lock_space_embedding(database, space, model="mock-hash-384", dimensions=DIMENSIONS)
    texts = facts(size, duplicate_share=0.0, unique=True)
    for start in range(0, size, BUILD_BATCH):
        rows = block_rows(texts[start : start + BUILD_BATCH], start, rng)
        for row in rows:
            vector = np.asarray(row["props"]["embedding"], dtype=np.float32)
            row["props"]["embedding"] = vector.astype(np.float64).tolist()
        await database.write(_write, CREATE_BLOCKS, {"space": space, "rows": rows})
    edges = edge_rows(size, rng)
    for start in range(0, len(edges), 10_000):
        chunk = edges[start : start + 10_000]
        await database.write(_write, CREATE_EDGES, {"space": space, "rows": chunk})


async def child(action: str, space: str, path: str) -> dict[str, Any]:
    """One export or import, timed, in this (fresh) process."""
    database = await open_database()
    try:
        started = time.perf_counter()
        if action == "export":
            result: Any = await export_space(database, space, path)
        else:
            result = await import_space(database, path, space=space)
        seconds = time.perf_counter() - started
    finally:
        await database.close()
    return {
        "seconds": seconds,
        "counts": result.counts,
        "bytes": (await anyio.Path(path).stat()).st_size,
        "peak_rss_mib": peak_rss_mib(),
    }


def peak_rss_mib() -> float:
    """This process's peak resident memory since it started (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # elsewhere: close enough


def run_child(action: str, space: str, path: Path) -> dict[str, Any]:
    """`action` in a fresh process (so that its peak memory is its own); what it measured.
    RuntimeError with the end of its stderr when it fails."""
    argv = ["-m", "benchmarks.portability", "--child", action, space, str(path)]
    done = subprocess.run([sys.executable, *argv], check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{action} of {space} failed:\n{done.stderr[-3000:]}")
    measured: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return measured


async def one_size(size: int, repeats: int, pid: int | None, folder: Path) -> dict[str, Any]:
    database = await open_database()
    space = f"bench-port-{uuid.uuid4().hex[:8]}"
    try:
        started = time.perf_counter()
        await build(database, space, size)
        build_seconds = time.perf_counter() - started
        await settle(pid)
        path = folder / f"{space}.jsonl"
        exports = []
        for _ in range(repeats):
            exports.append(await anyio.to_thread.run_sync(run_child, "export", space, path))
        imports = []
        for run in range(repeats):
            copy = f"{space}-copy{run}"
            try:
                imports.append(await anyio.to_thread.run_sync(run_child, "import", copy, path))
                assert imports[-1]["counts"] == exports[-1]["counts"], "the import lost records"
            finally:
                await drop_space(database, copy)
            await settle(pid)
        return {
            "size": size,
            "repeats": repeats,
            "build_seconds": build_seconds,
            "counts": exports[-1]["counts"],
            "bytes": exports[-1]["bytes"],
            "export": summary(exports, size),
            "import": summary(imports, size),
        }
    finally:
        await drop_space(database, space)
        await database.close()


def summary(runs: list[dict[str, Any]], size: int) -> dict[str, Any]:
    seconds = [r["seconds"] for r in runs]
    return {
        "seconds_median": statistics.median(seconds),
        "seconds_p95": percentile(seconds, 0.95),
        "blocks_per_second_median": size / statistics.median(seconds),
        "peak_rss_mib_max": max(r["peak_rss_mib"] for r in runs),
        "runs": runs,
    }


async def measure(sizes: list[int], repeats: list[int]) -> dict[str, Any]:
    database = await open_database()
    try:
        report: dict[str, Any] = {"machine": await describe(database), "results": []}
        pid = local_server_pid(database)
    finally:
        await database.close()
    with tempfile.TemporaryDirectory(prefix="elfgraph-portability-") as folder:
        for size, count in zip(sizes, repeats, strict=True):
            result = await one_size(size, count, pid, Path(folder))
            report["results"].append(result)
            print(
                f"{size:>7}: export {result['export']['seconds_median']:.1f} s, "
                f"import {result['import']['seconds_median']:.1f} s, "
                f"{result['bytes'] / 2**20:.0f} MiB",
                flush=True,
            )
    return report


def table(report: dict[str, Any]) -> str:
    lines = [
        "| blocks | edges | file MiB | runs | export s (median / p95) | export blocks/s "
        "| export peak RSS MiB | import s (median / p95) | import blocks/s "
        "| import peak RSS MiB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["results"]:
        ex, im = r["export"], r["import"]
        lines.append(
            f"| {r['size']:,} | {r['counts']['edge']:,} | {r['bytes'] / 2**20:,.0f} | "
            f"{r['repeats']} | {ex['seconds_median']:.1f} / {ex['seconds_p95']:.1f} | "
            f"{ex['blocks_per_second_median']:,.0f} | {ex['peak_rss_mib_max']:.0f} | "
            f"{im['seconds_median']:.1f} / {im['seconds_p95']:.1f} | "
            f"{im['blocks_per_second_median']:,.0f} | {im['peak_rss_mib_max']:.0f} |"
        )
    return "\n".join(lines)


def render(report: dict[str, Any], images: Path) -> str:
    return "\n".join([header(report), "", table(report)])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks portability", description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--repeats", type=int, nargs="+", default=[3, 1])
    parser.add_argument("--out", type=Path, help="write only this file (not the kept result)")
    parser.add_argument("--no-doc", action="store_true", help="leave docs/BENCHMARKS.md alone")
    parser.add_argument("--child", nargs=3, metavar=("ACTION", "SPACE", "PATH"), help="internal")
    args = parser.parse_args(argv)
    if args.child:  # one export or import in this fresh process (run_child)
        print(json.dumps(anyio.run(child, *args.child)))
        return
    if len(args.repeats) != len(args.sizes):
        parser.error("--repeats takes one count for each size")
    report = anyio.run(measure, args.sizes, args.repeats)
    print(table(report))
    publish("portability", report, argv, out=args.out, doc=not args.no_doc)


if __name__ == "__main__":  # the child processes' entry (run_child)
    main(sys.argv[1:])
