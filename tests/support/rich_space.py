"""A space holding every kind of thing the graph model keeps, made through the public API
(plus a few properties only a newer elfgraph would write), for the portability tests.

Blocks: inbox (learned in an open session), active (knowledge, observation, a
self/constitutional and a self/goal block with the Self label), archived as a
near-duplicate and archived by curate. Edges: similar, co_occurs (session), outcome, and
the agent's supports, contradicts and depends_on (with a note). Sessions ended and one
still open; outcome records; co-retrieval pairs; a clock, an embedding lock, a curate run.
"""

from __future__ import annotations

from dataclasses import dataclass

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.clock import FakeClock
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory

DEPLOY = "The deploy script needs AWS_PROFILE set."
STAGING = "Deploys to staging need the AWS_PROFILE of the staging account."
DUPLICATE = "The deploy script requires the AWS_PROFILE to be set."
CACHE = "Our CI pipeline caches pip wheels between runs."
BILLING = "The billing service retries failed webhooks three times."
ALICE = "Alice owns the billing service."
STALE = "The old cluster is switched off in March."
SELF = "I say when I am unsure."
GOAL = "Keep the deploy runbook current."
NOTICED = "I noticed the build was slow today."
LATER = "The on-call rota changes on Mondays."
SIMILARITIES = {(DEPLOY, STAGING): 0.8, (DEPLOY, DUPLICATE): 0.97, (BILLING, ALICE): 0.75}


def embedder() -> MockEmbeddingService:
    return MockEmbeddingService(similarities=SIMILARITIES)


@dataclass
class RichSpace:
    memory: MemorySystem
    ids: dict[str, str]  # content → block id


async def build_rich_space(make_memory: MakeMemory, database: Database, space: str) -> RichSpace:
    clock = FakeClock()
    memory = await make_memory(space, embedding_service=embedder())
    memory.clock = clock
    ids: dict[str, str] = {}
    learned = [DEPLOY, CACHE, STAGING, BILLING, STALE, ALICE]  # similar pairs not next
    async with memory.session("learning"):  # each block linked to the one before (co_occurs)
        for result, text in zip(await memory.learn_many(learned), learned, strict=True):
            ids[text] = result.block_id
        clock.advance(2.0)
    ids[SELF] = (await memory.learn(SELF, ["self/constitutional"], category="value")).block_id
    ids[GOAL] = (await memory.learn(GOAL, ["self/goal", "ops"], category="goal")).block_id
    ids[NOTICED] = (await memory.learn(NOTICED, category="observation")).block_id
    await memory.dream()
    ids[DUPLICATE] = (await memory.learn(DUPLICATE)).block_id
    await memory.dream()  # the near-duplicate is archived
    async with memory.session("work"):
        await memory.frame("attention", "deploy script staging", top_k=4)
        await memory.outcome([ids[DEPLOY], ids[BILLING]], 0.9, source="ci")
        await memory.outcome([ids[NOTICED]], 0.1, source="review")
        await memory.connect(ids[ALICE], ids[GOAL], "supports", note="Alice keeps it")
        await memory.connect(ids[CACHE], ids[GOAL], "depends_on", note="the runbook names it")
        await memory.connect(ids[BILLING], ids[SELF], "contradicts")
        clock.advance(3.0)
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.last_reinforced_at = -5000.0 "
        # what every writer of last_reinforced_at keeps with it (docs/BEHAVIOUR.md §9.2)
        "SET b.archive_due_hours = b.last_reinforced_at "
        "+ log(20.0) / coalesce(b.decay_lambda, 0.01) - 0.001",
        s=space,
        id=ids[STALE],
    )
    await memory.curate()  # archives STALE
    # Properties a newer elfgraph might write: an export carries them as they are.
    await graph_write(
        database,
        "MATCH (s:Space {name: $s}) SET s.future_setting = 'kept' WITH s "
        "MATCH (b:Block {space: $s, id: $id})-[r]-() SET b.provenance = ['wiki', 'chat'], "
        "r.future_score = 3",
        s=space,
        id=ids[ALICE],
    )
    await memory.begin_session("open")  # left open: a Session without an end
    ids[LATER] = (await memory.learn(LATER)).block_id
    clock.advance(0.5)
    return RichSpace(memory, ids)
