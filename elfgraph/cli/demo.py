"""`elfgraph demo`: learn a small sample about a fictional project, dream, show the graph.

The sample holds a few near-duplicates on purpose, so the dream shows deduplication as
well as linking. The demo space is recreated on every run.
"""

from __future__ import annotations

from dataclasses import dataclass

from elfgraph.config.connection import Settings
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.embedding.base import EmbeddingService
from elfgraph.learning.models import LearnResult
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.models import FrameResult
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.status.models import SystemStatus

SAMPLE: list[tuple[str, list[str], str]] = [
    ("Lighthouse is a tide-forecasting service for small harbours.", ["project"], "knowledge"),
    ("Lighthouse's API is written in Python with FastAPI.", ["stack"], "knowledge"),
    ("The Lighthouse API is built in Python using FastAPI.", ["stack"], "knowledge"),
    ("Forecasts are stored in Postgres, one table per harbour.", ["stack", "data"], "knowledge"),
    ("Tide readings arrive every ten minutes from buoy sensors.", ["data"], "knowledge"),
    ("Buoy sensors send tide readings every 10 minutes.", ["data"], "knowledge"),
    ("Raw sensor readings are kept in S3 for two years.", ["data"], "knowledge"),
    ("The forecast model is retrained every Sunday night.", ["model"], "knowledge"),
    ("Retraining the forecast model takes about forty minutes.", ["model"], "observation"),
    ("Model accuracy dropped after the March storm season.", ["model"], "observation"),
    ("We decided to add wind speed as a model feature.", ["model"], "decision"),
    ("Wind speed was added as a feature of the forecast model.", ["model"], "decision"),
    ("Deploys go out on Tuesdays and Thursdays.", ["ops"], "decision"),
    ("Never deploy on Fridays: the harbour masters plan weekends then.", ["ops"], "decision"),
    ("Staging mirrors production but with synthetic harbours.", ["ops"], "knowledge"),
    ("The on-call rota changes every Monday at nine.", ["ops"], "knowledge"),
    ("Alerts go to the #lighthouse-ops channel.", ["ops"], "knowledge"),
    ("Priya leads the forecasting model work.", ["people"], "knowledge"),
    ("Tomás owns the sensor ingestion pipeline.", ["people", "data"], "knowledge"),
    ("Tomás is responsible for the sensor ingestion pipeline.", ["people", "data"], "knowledge"),
    ("Mei runs the harbour-master relationships.", ["people"], "knowledge"),
    ("Harbour masters want forecasts at least 48 hours ahead.", ["users"], "preference"),
    ("Harbour masters prefer plain-text alerts over dashboards.", ["users"], "preference"),
    ("The public dashboard is rebuilt nightly with static pages.", ["product"], "knowledge"),
    ("API keys are rotated every ninety days.", ["security"], "knowledge"),
    ("Sensor data is not personal data, but harbour contacts are.", ["security"], "knowledge"),
    (
        "Contacts of harbour masters must never leave the EU region.",
        ["security", "self/constitutional"],
        "decision",
    ),
    ("The ingestion pipeline retries failed buoy uploads three times.", ["data"], "knowledge"),
    ("Failed buoy uploads are retried three times by ingestion.", ["data"], "knowledge"),
    ("Postgres backups run hourly and are tested monthly.", ["ops", "data"], "knowledge"),
    ("Latency of the forecast endpoint is about 120 ms at p95.", ["ops"], "observation"),
    ("The next milestone is support for river estuaries.", ["roadmap", "self/goal"], "knowledge"),
    ("Estuary support needs salinity readings from new sensors.", ["roadmap"], "knowledge"),
    ("Be concise when reporting to harbour masters.", ["self/value"], "preference"),
]


QUESTIONS = [
    "Who looks after the sensor pipeline?",
    "When are we allowed to deploy?",
    "What do harbour masters want from us?",
]


@dataclass(frozen=True)
class DemoReport:
    learned: list[LearnResult]
    dreamed: ConsolidateResult | None
    answers: list[tuple[str, FrameResult]]
    identity: FrameResult
    status: SystemStatus


async def run_demo(
    space: str = "demo",
    settings: Settings | None = None,
    embedding_service: EmbeddingService | None = None,
) -> DemoReport:
    """Recreate the demo space, learn the sample in one session, dream."""
    database = await open_database(settings)
    try:
        await drop_space(database, space)
        async with MemorySystem.managed(
            space, database=database, embedding_service=embedding_service
        ) as memory:
            async with memory.session("demo"):
                learned = await memory.learn_many(
                    [
                        {"content": text, "tags": tags, "category": category, "source": "demo"}
                        for text, tags, category in SAMPLE
                    ]
                )
                dreamed = await memory.dream()
                answers = [(q, await memory.frame("attention", q, top_k=3)) for q in QUESTIONS]
                identity = await memory.frame("self")
            return DemoReport(learned, dreamed, answers, identity, await memory.status())
    finally:
        await database.close()
