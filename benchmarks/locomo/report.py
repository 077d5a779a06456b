"""The report of a LoCoMo run as markdown tables and a per-category bar chart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchmarks.locomo.data import CATEGORIES
from benchmarks.machine import machine_line

LABELS = {
    "full": "elfgraph: full pipeline",
    "no-expansion": "elfgraph: no graph expansion or spreading",
    "vector": "elfgraph: vector leg only",
    "keyword": "elfgraph: keyword leg only",
    "bm25": "BM25 over turns (no database)",
    "cosine": "cosine over turns (no database)",
}
GROUPS = ["overall", *CATEGORIES.values()]


def markdown(report: dict[str, Any]) -> str:
    data, methods = report["data"], report["methods"]
    ks = report["settings"]["ks"]
    counts = methods[next(iter(methods))]["summary"]
    header = " | ".join(f"{g} ({int(counts[g]['n'])})" for g in GROUPS if g in counts)
    lines = [
        f"{machine_line(report['machine'])}; {data['file']} "
        f"({len(data['conversations'])} conversations, {data['questions']} questions), "
        f"embedder {report['settings']['embedder']}.",
        "",
        f"Recall@k, {' / '.join(f'R@{k}' for k in ks)}, per category (number of questions):",
        "",
        f"| method | {header} |",
        "|---|" + "---:|" * sum(1 for g in GROUPS if g in counts),
    ]
    for name, method in methods.items():
        summary = method["summary"]
        cells = [
            " / ".join(f"{summary[g][f'R@{k}']:.3f}" for k in ks) for g in GROUPS if g in summary
        ]
        lines.append(f"| {LABELS.get(name, name)} | {' | '.join(cells)} |")
    lines += ["", "| method | recall p50 / p95 ms (top_k 10) |", "|---|---:|"]
    for name, method in methods.items():
        by_k = method.get("latency_by_top_k", {}).get("10")
        if by_k:
            lines.append(
                f"| {LABELS.get(name, name)} | {by_k['p50_ms']:.1f} / {by_k['p95_ms']:.1f} |"
            )
    lines += [
        "",
        "| conversation | turns | questions | active blocks | edges | learn s | dream s |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for row in report["ingest"]:
        lines.append(
            f"| {row['conversation']} | {row['turns']} | {row['questions']} | "
            f"{row['active_blocks']} | {row['edges']} | {row['learn_s']:.2f} | "
            f"{row['dream_s']:.2f} |"
        )
    return "\n".join(lines)


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
