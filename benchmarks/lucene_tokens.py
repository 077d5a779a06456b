"""Lucene's own terms for a sample of texts: the fixture elfgraph.core.analysis is tested
against (tests/core/test_analysis.py), so the in-process keyword index indexes what the
full-text index would.

    python -m benchmarks.lucene_tokens [--out tests/core/data/lucene_english.tsv]

Needs Java 17+ and the local server's jars (`elfgraph neo4j start` fetches them once): the
sample is run through benchmarks/lucene/Tokens.java, Lucene 9's EnglishAnalyzer. The
sample is the project's own prose (every eighth line of README.md and docs/*.md, and every
distinct word of them alone, for the stemmer), the benchmark corpus's facts and questions,
and a list of edge cases (possessives, contractions, numbers, emoji, hyphens). One line a
text: the text, a tab, its terms space-separated.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

from benchmarks.corpus import facts
from benchmarks.read_path import questions
from elfgraph.neo4j_server.distribution import ensure_distribution
from elfgraph.neo4j_server.java import find_java

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "core" / "data" / "lucene_english.tsv"
SOURCE = Path(__file__).parent / "lucene" / "Tokens.java"
EDGE_CASES = [
    "John's dog doesn't like U.S. politics, 3.5 times and 3,000 more!",
    "I'm off to do some taekwondo at the e-mail_server café 🎉🎉 👍🏽 🧘\u200d♀️",
    "CS:GO at 10:30; the users' guide; Caroline’s art; IT'S HERE",
    "running ran runs runner hiking hikes hiked trekking generously incredibly psychology",
    "relational conditional rational valency hesitancy digitizer conformabli radicalli",
    "differentli vileli analogousli vietnamization predication operator feudalism",
    "decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate",
    "formative formalize electriciti electrical hopeful goodness revival allowance",
    "inference airliner gyroscopic adjustable defensible irritant replacement adjustment",
    "dependent adoption homologou communism activate angulariti homologous effective",
    "bowdlerize probate rate cease controll roll agreed feed plastered bled motoring sing",
    "conflated troubled sized hopping tanned falling hissing fizzed failing filing happy sky",
    "caresses ponies ties caress cats feed agreed disabled matting mating meeting milling",
    "a an and are as at be but by for if in into is it no not of on or such that the",
]


def sample() -> list[str]:
    lines: list[str] = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        lines += [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    prose = [line for line in lines if line and not line.startswith(("|", "```", "<!--"))]
    words = sorted({w for line in prose for w in re.findall(r"[A-Za-z]+", line)})
    texts = EDGE_CASES + prose[::8] + words + facts(100, seed=3) + questions(50, seed=5)
    return list(dict.fromkeys(t.replace("\n", " ").replace("\t", " ") for t in texts))


def lucene_terms(texts: list[str]) -> list[list[str]]:
    jars = ensure_distribution()
    classpath = ":".join(str(p) for p in sorted(jars.glob("lucene-*.jar")))
    java = find_java()
    done = subprocess.run(
        [str(java.executable), "-cp", classpath, str(SOURCE)],
        input="\n".join(texts) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout.split("\n")[: len(texts)]
    return [line.split() for line in out]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.lucene_tokens", description=__doc__)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    texts = sample()
    found = lucene_terms(texts)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{text}\t{' '.join(terms)}" for text, terms in zip(texts, found, strict=True)]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(texts)} texts, {sum(map(len, found))} terms -> {args.out}")


if __name__ == "__main__":
    main()
