"""The LoCoMo report's names for its rows and groups, and its per-category bar chart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.locomo.data import ALL_CATEGORIES as CATEGORIES

LABELS = {
    "full": "elfgraph: full pipeline",
    "no-expansion": "elfgraph: no graph expansion or spreading",
    "vector": "elfgraph: vector leg only",
    "keyword": "elfgraph: keyword leg only",
    "bm25": "BM25 over turns (no database)",
    "cosine": "cosine over turns (no database)",
}
GROUPS = ["overall", *CATEGORIES.values()]


def chart(report: dict[str, Any], path: Path, k: int = 10) -> None:
    """Grouped bars: recall@k per category (and overall), one bar per method."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    methods = report["methods"]
    groups = [g for g in GROUPS if g in methods[next(iter(methods))]["summary"]]
    width = 0.8 / len(methods)
    figure, axes = plt.subplots(figsize=(10, 4.8), dpi=110)
    for i, (name, method) in enumerate(methods.items()):
        values = [method["summary"][g][f"R@{k}"] for g in groups]
        positions = [x + (i - (len(methods) - 1) / 2) * width for x in range(len(groups))]
        bars = axes.bar(positions, values, width, label=LABELS.get(name, name))
        axes.bar_label(bars, fmt="%.2f", fontsize=6, padding=1)
    axes.set_xticks(range(len(groups)), groups)
    axes.set_ylabel(f"recall@{k} of evidence turns")
    axes.set_ylim(0, 1)
    axes.set_title(
        f"LoCoMo ({report['data']['file']}, {report['data']['questions']} questions): "
        f"recall@{k} by category"
    )
    axes.legend(fontsize=8, loc="upper left", ncols=2)
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path)
    plt.close(figure)
