"""The generated parts of docs/BENCHMARKS.md: each lies between two HTML-comment markers of
its benchmark, and a run rewrites only its own part (the notes around it stay)."""

from __future__ import annotations

from pathlib import Path


def write_doc_section(doc: Path, start: str, end: str, body: str) -> None:
    """Replace what lies between the two markers with `body`; the first time, append the
    markers and `body` at the end of the document (or of a new one)."""
    section = f"{start}\n{body}\n{end}"
    text = doc.read_text(encoding="utf-8") if doc.exists() else "# Benchmarks\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    doc.write_text(text, encoding="utf-8")
