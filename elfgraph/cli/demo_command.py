"""`elfgraph demo`: the sample memory of the README's quickstart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table
from rich.text import Text

from elfgraph.cli._common import errors_as_exit, model_notice, out, run

if TYPE_CHECKING:
    from elfgraph.cli.demo import DemoReport
    from elfgraph.retrieval.models import FrameResult


def components_table(frame: FrameResult) -> Table:
    """Why each block is there: its score and the five components behind it."""
    table = Table(show_edge=False, pad_edge=False)
    for column in ("score", "similarity", "confidence", "recency", "centrality", "reinf.", ""):
        table.add_column(column, justify="right" if column else "left")
    for b in frame.blocks:
        table.add_row(
            f"{b.score:.2f}",
            f"{b.similarity:.2f}",
            f"{b.confidence:.2f}",
            f"{b.recency:.2f}",
            f"{b.centrality:.2f}",
            f"{b.reinforcement:.2f}",
            ("(expanded) " if b.was_expanded else "") + b.content[:48],
        )
    return table


def bold(text: str) -> Text:
    return Text(text, style="bold")


@errors_as_exit
def demo(
    space: Annotated[str, typer.Option(help="Space to (re)create for the demo.")] = "demo",
) -> None:
    """Learn a sample about a fictional project, dream, and show where to look."""
    from elfgraph.cli.demo import run_demo
    from elfgraph.config.connection import load_settings
    from elfgraph.neo4j_server import LocalNeo4j

    settings = load_settings()

    async def work() -> DemoReport:
        return await run_demo(space, settings, model_notice())

    out.print("Learning the sample and dreaming …")
    report = run(work)
    created = sum(1 for r in report.learned if r.status == "created")
    out.print(f"Learned {len(report.learned)} facts: {created} stored in the inbox.")
    if report.dreamed is not None:
        out.print(f"Dream: {report.dreamed.summary}")
    for question, frame in report.answers:
        out.print()
        out.print(bold(f"frame('attention', {question!r})"))
        out.print(frame.text)
        out.print(components_table(frame))
    out.print()
    out.print(bold("frame('self')"))
    out.print(report.identity.text or "(no self/ blocks)")
    out.print()
    out.print(f"Status: {report.status.summary}")
    out.print()
    local = LocalNeo4j(settings.neo4j_home).status()
    if settings.neo4j_uri is None and local.running:
        out.print(Text("Neo4j Browser: ") + bold(str(local.browser_url)))
        out.print("Log in with the credentials of: eval $(.venv/bin/elfgraph neo4j env)")
    else:
        out.print("Neo4j Browser: http://<your Neo4j host>:7474/browser/ (Docker: localhost)")
    out.print("Paste this to see the graph:")
    out.print(
        f"  MATCH (b:Block {{space: '{space}', status: 'active'}}) "
        "OPTIONAL MATCH (b)-[r]-(c:Block) RETURN b, r, c"
    )
