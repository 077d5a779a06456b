"""The suite's two plots: latency against size (log-log) and throughput against size.
Needs matplotlib (`pip install 'elfgraph[bench]'`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def plot(report: dict[str, Any], folder: Path) -> dict[str, Path]:
    """Write the PNGs; their titles and paths."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no display
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    parts = report["parts"]
    written: dict[str, Path] = {}

    figure, axis = plt.subplots(figsize=(7, 4.5))
    if "read" in parts:
        rows = [r for r in parts["read"]["results"] if not r["clustered"]]
        sizes = [r["active"] for r in rows]
        for key, label in (("recall", "recall"), ("frame", "frame")):
            axis.plot(sizes, [r[key]["p50_ms"] for r in rows], "o-", label=f"{label} p50")
            axis.plot(sizes, [r[key]["p95_ms"] for r in rows], "o--", label=f"{label} p95")
    if "curate" in parts:
        rows = parts["curate"]["results"]
        axis.plot(
            [r["size"] for r in rows],
            [r["seconds_median"] * 1000 for r in rows],
            "s-",
            label="curate median",
        )
    if "write" in parts:
        for embedder in sorted({r["embedder"] for r in parts["write"]["results"]}):
            rows = [r for r in parts["write"]["results"] if r["embedder"] == embedder]
            axis.plot(
                [r["size"] for r in rows],
                [r["dream_seconds_median"] * 1000 for r in rows],
                "^-",
                label=f"dream ({embedder}) median",
            )
    axis.set(xscale="log", yscale="log", xlabel="blocks", ylabel="milliseconds")
    axis.set_title("Latency against size")
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=8)
    path = folder / "bench_latency.png"
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    written["Latency against size"] = path

    if "write" in parts:
        figure, axis = plt.subplots(figsize=(7, 4.5))
        for embedder in sorted({r["embedder"] for r in parts["write"]["results"]}):
            rows = [r for r in parts["write"]["results"] if r["embedder"] == embedder]
            sizes = [r["size"] for r in rows]
            axis.plot(
                sizes,
                [r["dream_blocks_per_s_median"] for r in rows],
                "o-",
                label=f"dream ({embedder})",
            )
            axis.plot(
                sizes,
                [r["learn_blocks_per_s_median"] for r in rows],
                "o--",
                label=f"learn_many ({embedder})",
            )
        axis.set(xscale="log", xlabel="blocks", ylabel="blocks per second")
        axis.set_title("Throughput against size")
        axis.grid(True, which="both", alpha=0.3)
        axis.legend(fontsize=8)
        path = folder / "bench_throughput.png"
        figure.tight_layout()
        figure.savefig(path, dpi=110)
        plt.close(figure)
        written["Throughput against size"] = path
    return written
