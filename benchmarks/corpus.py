"""Seeded synthetic knowledge blocks for benchmarks: short facts about a fictional project."""

from __future__ import annotations

import random

SERVICES = ["billing", "search", "auth", "ingest", "reports", "gateway", "notifier", "ledger"]
TECH = ["Postgres", "Redis", "Kafka", "S3", "gRPC", "GraphQL", "Rust", "Go", "Python", "Neo4j"]
PURPOSES = [
    "caching session tokens",
    "storing audit events",
    "streaming usage records",
    "serving nightly exports",
    "rate limiting partners",
    "indexing product reviews",
    "retrying failed webhooks",
    "computing monthly invoices",
]
OWNERS = ["Ana", "Bilal", "Chen", "Dora", "Emeka", "Farah", "Gus", "Hana", "Ivo", "June"]
TEMPLATES = [
    "The {service} service uses {tech} for {purpose}.",
    "{owner} owns the {service} service and prefers {tech}.",
    "We decided to move {purpose} in {service} to {tech} in sprint {n}.",
    "Incident {n}: {service} lost {purpose} after a {tech} upgrade.",
    "The {service} team reviews {tech} changes on day {n} of each sprint.",
]


def facts(
    count: int, *, seed: int = 7, duplicate_share: float = 0.05, unique: bool = False
) -> list[str]:
    """`count` facts; about `duplicate_share` of them repeat an earlier one verbatim. With
    `unique`, a text the templates happen to produce twice gets a suffix instead."""
    rng = random.Random(seed)
    out: list[str] = []
    seen: set[str] = set()
    for i in range(count):
        if out and rng.random() < duplicate_share:
            out.append(rng.choice(out))
            continue
        text = rng.choice(TEMPLATES).format(
            service=rng.choice(SERVICES),
            tech=rng.choice(TECH),
            purpose=rng.choice(PURPOSES),
            owner=rng.choice(OWNERS),
            n=i,
        )
        if unique and text in seen:
            text = f"{text} (note {i})"
        seen.add(text)
        out.append(text)
    return out
