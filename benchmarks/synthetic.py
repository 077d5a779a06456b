"""A synthetic long-conversation set whose evidence is known by construction (issue 62's
second data set), generated deterministically: nothing is downloaded or committed.

No package on the index ships long-conversation data with evidence labels that installs
offline (LongMemEval, MSC and LoCoMo are published on hubs or in repositories; benchd-harness
0.2.0 and dialsim 0.0.36, the packages that name them, hold code only), so
`conversations(seed)` writes its own. Its text is not LoCoMo's: every line
comes from the templates below, written for this module. Each conversation is two people
(names not in LoCoMo) talking over 16 sessions, 10 to 25 days apart, at a time of day drawn
for each session. Every session mixes *fact turns* (one person tells a thing: adopted a pet,
took up an instrument, a trip, a job, a race, a hobby, a book), the other's *reply* naming
them, and *small talk* that shares the facts' vocabulary (music, travel, work, books) without
telling anything. Since the generator places every fact turn, each question's evidence is the
set of turns that state what it asks:

- single-hop: a thing only one of the two did ("Which city did Priya travel to?");
- speaker: a thing both did, differently ("What instrument did Tomas start learning?"): the
  evidence is the named person's turn, the other's is the distractor;
- temporal: "When did Priya adopt her pet?" (the fact turn), and "What did Priya tell about
  in March 2022?" (her fact turns of the sessions in that month; a period question that names
  no topic, answered only through the day and the speaker);
- multi-hop: "What hobbies has Priya taken up?" (all her hobby turns, across sessions).

The turns are LoCoMo `Turn`s, so the harness learns them in the same three layouts.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from benchmarks.locomo.data import Conversation, Question, Session, Turn, inline_turn

PAIRS = (
    ("Priya", "Tomas"),
    ("Ines", "Kwame"),
    ("Hana", "Oskar"),
    ("Leila", "Mateo"),
    ("Freya", "Ravi"),
    ("Amara", "Lukas"),
)
SESSIONS = 16
# kind: (values, the fact's template, the question)
KINDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "pet": (
        ("kitten", "beagle", "parrot", "rabbit", "tortoise"),
        "I adopted a {v} from the shelter this week, it already rules the flat.",
        "What pet did {p} adopt?",
    ),
    "instrument": (
        ("cello", "trumpet", "ukulele", "harp", "accordion"),
        "I finally signed up for {v} lessons, my teacher is very patient.",
        "What instrument did {p} start learning?",
    ),
    "trip": (
        ("Tallinn", "Porto", "Kyoto", "Valparaiso", "Marrakesh"),
        "We just got back from a trip to {v}, the food was unforgettable.",
        "Which city did {p} travel to?",
    ),
    "job": (
        ("nurse", "carpenter", "data analyst", "translator", "baker"),
        "Big news, I got hired as a {v} and I start on Monday.",
        "What job did {p} get?",
    ),
    "race": (
        ("half marathon", "10k trail run", "triathlon", "charity swim", "cycling sportive"),
        "I completed the {v} on Sunday, my legs are still sore.",
        "What race did {p} complete?",
    ),
    "course": (
        ("astronomy", "Portuguese", "watercolour", "first aid", "woodworking"),
        "I enrolled in an evening course on {v}, the first class was fun.",
        "What evening course did {p} enrol in?",
    ),
    "car": (
        ("red hatchback", "camper van", "electric scooter", "vintage motorbike", "cargo bike"),
        "We finally bought a {v}, no more waiting for buses.",
        "What vehicle did {p} buy?",
    ),
    "dish": (
        ("dumplings", "paella", "sourdough", "ramen", "tamales"),
        "I learned to make {v} from scratch, it took all afternoon.",
        "What dish did {p} learn to make?",
    ),
}
HOBBIES = ("pottery", "birdwatching", "rock climbing", "knitting", "chess", "gardening")
BOOKS = ("The Glass Orchard", "Salt Roads", "A Winter Loom", "Nine Lanterns", "Quiet Harbour")
REPLIES = (
    "That's wonderful, {p}! How did it go?",
    "Wow {p}, I did not expect that. Tell me more!",
    "{p}, that sounds like a big step. I'm proud of you.",
    "Good for you, {p}! You deserve it.",
)
SMALL_TALK = (
    "Music always helps me relax after a long day.",
    "Travel is exciting but the airports wear me out.",
    "Work has been busy, lots of meetings this week.",
    "I keep buying books faster than I can read them.",
    "The weather was lovely, we had lunch in the park.",
    "My sister called, she says hello.",
    "I should exercise more, maybe a short run tomorrow.",
    "Pets make a home feel so much warmer.",
    "Have you tried the new cafe near the station?",
    "I cooked soup and it was way too salty.",
    "Learning anything new takes so much patience.",
    "Sundays are for sleeping in, honestly.",
)


def conversations(seed: int = 62, pairs: int = len(PAIRS)) -> list[Conversation]:
    """`pairs` conversations, the same for the same seed."""
    return [_conversation(random.Random(seed * 100 + i), i, PAIRS[i]) for i in range(pairs)]


def _conversation(rng: random.Random, index: int, people: tuple[str, str]) -> Conversation:
    # Facts: (person, kind, value, text); both people get the "speaker" kinds.
    kinds = list(KINDS)
    rng.shuffle(kinds)
    shared, single = kinds[:4], kinds[4:]
    facts: list[tuple[str, str, str, str]] = []
    for kind in shared:
        values, template, _ = KINDS[kind]
        a, b = rng.sample(values, 2)
        facts += [(people[0], kind, a, template.format(v=a)), (people[1], kind, b, template)]
        facts[-1] = (people[1], kind, b, template.format(v=b))
    for n, kind in enumerate(single):
        values, template, _ = KINDS[kind]
        value = rng.choice(values)
        facts.append((people[n % 2], kind, value, template.format(v=value)))
    for person in people:
        for hobby in rng.sample(HOBBIES, 3):
            facts.append((person, "hobby", hobby, f"Lately I've been getting into {hobby}."))
        for book in rng.sample(BOOKS, 2):
            facts.append((person, "book", book, f"I stayed up to finish reading {book}."))
    rng.shuffle(facts)
    start = datetime(2021 + index % 3, 1 + rng.randrange(12), 1 + rng.randrange(27), 9)
    sessions: list[Session] = []
    placed: dict[int, str] = {}  # fact index → dia id
    day = start
    per_session = -(-len(facts) // SESSIONS)
    for number in range(1, SESSIONS + 1):
        at = day.replace(hour=rng.randrange(8, 22), minute=rng.randrange(60))
        turns: list[Turn] = []
        mine = range((number - 1) * per_session, min(len(facts), number * per_session))

        def say(
            speaker: str, text: str, at: datetime = at, turns: list[Turn] = turns, n: int = number
        ) -> str:
            dia_id = f"D{n}:{len(turns) + 1}"
            turns.append(inline_turn(dia_id, speaker, text, at))
            return dia_id

        for _ in range(rng.randrange(4, 9)):
            say(people[len(turns) % 2], rng.choice(SMALL_TALK))
        for f in mine:
            person, _, _, text = facts[f]
            other = people[1] if person == people[0] else people[0]
            placed[f] = say(person, text)
            say(other, rng.choice(REPLIES).format(p=person))
            say(people[rng.randrange(2)], rng.choice(SMALL_TALK))
        sessions.append(Session(number, at, turns))
        day += timedelta(days=rng.randrange(10, 26))
    questions = _questions(facts, placed, sessions, shared, people)
    return Conversation(f"syn-{index + 1}", sessions, questions)


def _questions(
    facts: list[tuple[str, str, str, str]],
    placed: dict[int, str],
    sessions: list[Session],
    shared: list[str],
    people: tuple[str, str],
) -> list[Question]:
    questions: list[Question] = []
    when_words = {"pet": "adopt a pet", "job": "get a new job", "race": "complete a race"}
    when_words |= {"instrument": "start music lessons", "trip": "travel abroad"}
    when_words |= {"course": "enrol in a course", "car": "buy a vehicle", "dish": "learn a recipe"}
    for f, (person, kind, _, _) in enumerate(facts):
        if kind in KINDS:
            category = 6 if kind in shared else 4
            questions.append(Question(KINDS[kind][2].format(p=person), category, (placed[f],)))
            if kind not in shared:
                questions.append(
                    Question(f"When did {person} {when_words[kind]}?", 2, (placed[f],))
                )
    for person in people:
        hobbies = tuple(
            placed[f] for f, x in enumerate(facts) if x[0] == person and x[1] == "hobby"
        )
        questions.append(Question(f"What hobbies has {person} taken up?", 1, hobbies))
        books = tuple(placed[f] for f, x in enumerate(facts) if x[0] == person and x[1] == "book")
        questions.append(Question(f"Which books has {person} read?", 1, books))
    # Period questions: a month in which the person told something, naming no topic.
    dated = {s.number: s.date for s in sessions}
    by_month: dict[tuple[str, int, int], list[str]] = {}
    for f, (person, _, _, _) in enumerate(facts):
        at = dated[int(placed[f][1:].split(":")[0])]
        by_month.setdefault((person, at.year, at.month), []).append(placed[f])
    for (person, year, month), evidence in sorted(by_month.items()):
        name = datetime(year, month, 1).strftime("%B")
        questions.append(
            Question(f"What did {person} tell about in {name} {year}?", 2, tuple(evidence))
        )
    return questions
