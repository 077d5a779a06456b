"""A tiny conversation in the LoCoMo format (written for the tests, no dataset text)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def sample() -> list[dict[str, Any]]:
    session_1 = [
        ("Ana", "I adopted a greyhound called Biscuit last week!"),
        ("Ben", "Lovely! I have been learning the cello since spring."),
        ("Ana", "Biscuit sleeps all day on the sofa."),
    ]
    session_2 = [
        ("Ben", "My cello teacher moved to Lisbon."),
        ("Ana", "Here is Biscuit at the beach."),
        ("Ben", "Thanks for the photo!"),
        ("Ben", "Thanks for the photo!"),
    ]
    conversation: dict[str, Any] = {
        "speaker_a": "Ana",
        "speaker_b": "Ben",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_2_date_time": "10:04 am on 3 June, 2023",
        "session_3_date_time": "9:00 am on 4 June, 2023",
        "session_3": [],
    }
    for number, turns in ((1, session_1), (2, session_2)):
        conversation[f"session_{number}"] = [
            {"speaker": speaker, "dia_id": f"D{number}:{i}", "text": text}
            for i, (speaker, text) in enumerate(turns, start=1)
        ]
    conversation["session_2"][1] |= {"blip_caption": "a photo of a dog on sand", "query": "dog"}
    return [
        {
            "sample_id": "conv-test",
            "conversation": conversation,
            "qa": [
                {
                    "question": "What is the name of Ana's greyhound?",
                    "answer": "Biscuit",
                    "evidence": ["D1:1"],
                    "category": 4,
                },
                {
                    "question": "Where did Ben's cello teacher move?",
                    "answer": "Lisbon",
                    "evidence": ["D2:1; D1:2"],
                    "category": 1,
                },
                {
                    "question": "When did Ana adopt the greyhound?",
                    "answer": "May 2023",
                    "evidence": ["D:1:01", "D9:9"],
                    "category": 2,
                },
                {
                    "question": "What does Biscuit do all day?",
                    "answer": "Sleeps",
                    "evidence": ["D1:3"],
                    "category": 3,
                },
                {
                    "question": "Which dog did Ben adopt?",
                    "adversarial_answer": "Biscuit",
                    "evidence": ["D1:1"],
                    "category": 5,
                },
                {"question": "Is Ana happy?", "answer": "Yes", "evidence": [], "category": 3},
            ],
        }
    ]


def write(path: Path, data: object | None = None) -> Path:
    path.write_text(json.dumps(sample() if data is None else data), encoding="utf-8")
    return path
