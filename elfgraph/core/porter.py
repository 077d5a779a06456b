"""The Porter stemmer as Lucene's PorterStemFilter applies it (the full-text index's
`english` analyzer), so the in-process keyword index (core.keyword_index) indexes the terms
the server would. Pure.

M. F. Porter's algorithm (1980) with the three departures of his reference implementation,
which Lucene follows: words of one or two letters are left alone, "-bli" becomes "-ble"
(not "-abli" → "-able") and "-logi" becomes "-log". Snowball's "porter" differs from it
("us" → "u", "trekking" → "trekk", "incredibly" → "incredibli").

Notation of the paper: a consonant is a letter other than a, e, i, o, u, and other than a
y after a consonant; m is the number of vowel-consonant sequences of a stem
([C](VC){m}[V]); *v* "the stem holds a vowel"; *d "ends with a double consonant"; *o
"ends consonant-vowel-consonant, the last not w, x or y".
"""

from __future__ import annotations

from functools import lru_cache

# Step 2 and step 4 pick their suffix list by the word's last-but-one letter, step 3 by
# its last; within a list the first suffix the word ends with decides, and the step
# replaces it only when the stem before it meets the step's condition.
_STEP2 = {
    "a": (("ational", "ate"), ("tional", "tion")),
    "c": (("enci", "ence"), ("anci", "ance")),
    "e": (("izer", "ize"),),
    "l": (("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous")),
    "o": (("ization", "ize"), ("ation", "ate"), ("ator", "ate")),
    "s": (("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous")),
    "t": (("aliti", "al"), ("iviti", "ive"), ("biliti", "ble")),
    "g": (("logi", "log"),),
}
_STEP3 = {
    "e": (("icate", "ic"), ("ative", ""), ("alize", "al")),
    "i": (("iciti", "ic"),),
    "l": (("ical", "ic"), ("ful", "")),
    "s": (("ness", ""),),
}
_STEP4 = {
    "a": ("al",),
    "c": ("ance", "ence"),
    "e": ("er",),
    "i": ("ic",),
    "l": ("able", "ible"),
    "n": ("ant", "ement", "ment", "ent"),
    "o": ("ion", "ou"),
    "s": ("ism",),
    "t": ("ate", "iti"),
    "u": ("ous",),
    "v": ("ive",),
    "z": ("ize",),
}


def _consonant(word: str, at: int) -> bool:
    letter = word[at]
    if letter in "aeiou":
        return False
    if letter == "y":
        return at == 0 or not _consonant(word, at - 1)
    return True


def _measure(stem: str) -> int:
    """m: how many vowel-consonant sequences the stem holds."""
    count, after_vowel = 0, False
    for at in range(len(stem)):
        if _consonant(stem, at):
            if after_vowel:
                count += 1
            after_vowel = False
        else:
            after_vowel = True
    return count


def _has_vowel(stem: str) -> bool:
    return any(not _consonant(stem, at) for at in range(len(stem)))


def _double_consonant(word: str) -> bool:
    return len(word) >= 2 and word[-1] == word[-2] and _consonant(word, len(word) - 1)


def _cvc(word: str) -> bool:
    n = len(word)
    return (
        n >= 3
        and _consonant(word, n - 1)
        and not _consonant(word, n - 2)
        and _consonant(word, n - 3)
        and word[-1] not in "wxy"
    )


def _step1(word: str) -> str:
    """Plurals, -ed and -ing, then a final y after a vowel-holding stem becomes i."""
    if word.endswith("sses") or word.endswith("ies"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if word.endswith("eed"):
        if _measure(word[:-3]) > 0:
            word = word[:-1]
    else:
        for suffix in ("ed", "ing"):
            if word.endswith(suffix) and _has_vowel(word[: -len(suffix)]):
                word = word[: -len(suffix)]
                if word.endswith(("at", "bl", "iz")):
                    word += "e"
                elif _double_consonant(word):
                    if word[-1] not in "lsz":
                        word = word[:-1]
                elif _measure(word) == 1 and _cvc(word):
                    word += "e"
                break
    if word.endswith("y") and _has_vowel(word[:-1]):
        word = word[:-1] + "i"
    return word


def _replace(word: str, table: dict[str, tuple[tuple[str, str], ...]], key: str) -> str:
    """Steps 2 and 3: the first listed suffix the word ends with, replaced when m > 0."""
    for suffix, replacement in table.get(key, ()):
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            return stem + replacement if _measure(stem) > 0 else word
    return word


def _step4(word: str) -> str:
    """A last suffix dropped when the stem before it has m > 1 (-ion after s or t only)."""
    for suffix in _STEP4.get(word[-2], ()):
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            if suffix == "ion" and not stem.endswith(("s", "t")):
                continue
            return stem if _measure(stem) > 1 else word
    return word


def _step5(word: str) -> str:
    """A final e dropped (m > 1, or m = 1 and not *o), then -ll → -l when m > 1."""
    if word.endswith("e"):
        stem = word[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _cvc(stem)):
            word = stem
    if word.endswith("ll") and _measure(word) > 1:
        word = word[:-1]
    return word


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem of a lower-case word (words of two letters or fewer unchanged)."""
    if len(word) <= 2:
        return word
    word = _step1(word)
    if len(word) <= 1:
        return word
    word = _replace(word, _STEP2, word[-2])
    word = _replace(word, _STEP3, word[-1])
    if len(word) >= 2:
        word = _step4(word)
    return _step5(word) if word else word
