"""The marker test's texts and embedder (tests/forgetting/test_forget_marker.py), shared with
the second process it runs (tests/support/recall_worker.py)."""

from __future__ import annotations

from elfgraph.embedding.mock import MockEmbeddingService

MARKER = "ZQX-MARKER-7431"
# The block the user asks to forget: a Self block, so that the SELF frame (cached for an
# hour) shows it, in both processes.
SECRET = f"{MARKER} is the staging root password"
# Learned again with a mark: dream archives it into SECRET as a near-duplicate (cosine
# above near_dup_exact_threshold 0.95), which absorbs its text.
SECRET_AGAIN = f"{MARKER.lower()} is the staging root password!"
# A survivor without the marker that absorbs a near-duplicate with it: forgetting that
# near-duplicate makes the survivor give its text back; its own text stays.
RUNBOOK = "The deploy runbook lives in the ops wiki"
RUNBOOK_MARKED = f"The deploy runbook lives in the ops wiki, ask about {MARKER}"
# Learned in the same session just after SECRET: its vector leans on SECRET's (§4.8).
AFTER = "The CI runs on two cores and needs a local database"
OTHERS = [
    "Lunch in the office is served at noon",
    "Tests need a local Neo4j server to run",
    "The staging cluster is rebuilt every Sunday",
]
NEAR = {(SECRET, SECRET_AGAIN): 0.97, (RUNBOOK, RUNBOOK_MARKED): 0.97}


def embedder() -> MockEmbeddingService:
    return MockEmbeddingService(similarities=NEAR)
