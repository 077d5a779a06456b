"""The warm-up's facts: short, varied sentences in the shape agents learn, from a seed.

Varied so that dream links and ranks them as it does real blocks; every twentieth repeats
an earlier one, so the near-duplicate path runs too.
"""

from __future__ import annotations

import random

_SUBJECTS = (
    "the billing service",
    "the deploy script",
    "the search cluster",
    "the staging database",
    "the mobile app",
    "the nightly backup",
    "the payments API",
    "the auth gateway",
    "the data pipeline",
    "the status page",
    "the metrics exporter",
    "the web frontend",
)
_FACTS = (
    "runs on {tech} since {month}",
    "is owned by {person} on the {team} team",
    "needs {tech} version {number} or later",
    "failed {number} times last week because of {tech}",
    "was moved to {tech} by {person}",
    "pages {person} when its latency passes {number} ms",
    "reads its settings from {tech}",
    "is reviewed by the {team} team every {month}",
)
_TECH = ("Postgres", "Redis", "Kafka", "Kubernetes", "Terraform", "nginx", "S3", "Vault")
_PEOPLE = ("Maria", "Dev", "Aiko", "Tomás", "Priya", "Jon", "Lena", "Omar")
_TEAMS = ("platform", "payments", "search", "mobile", "security", "data")
_MONTHS = ("January", "March", "May", "July", "September", "November")

SPEAKERS = ("Maria", "Dev")


def facts(count: int, *, seed: int = 64) -> list[str]:
    """`count` sentences; about one in twenty repeats an earlier one word for word."""
    rng = random.Random(seed)  # noqa: S311 - scratch text, not secrets
    made: list[str] = []
    for index in range(count):
        if index >= 20 and index % 20 == 0:
            made.append(made[rng.randrange(index)])
            continue
        fact = rng.choice(_FACTS).format(
            tech=rng.choice(_TECH),
            person=rng.choice(_PEOPLE),
            team=rng.choice(_TEAMS),
            month=rng.choice(_MONTHS),
            number=rng.randrange(2, 900),
        )
        made.append(f"{rng.choice(_SUBJECTS).capitalize()} {fact} (note {index}).")
    return made


def questions(count: int, *, seed: int = 65) -> list[str]:
    """Questions in the words of the facts, so recall's legs all find something."""
    rng = random.Random(seed)  # noqa: S311 - scratch text, not secrets
    return [
        f"Who owns {rng.choice(_SUBJECTS)} and does it use {rng.choice(_TECH)}?"
        for _ in range(count)
    ]
