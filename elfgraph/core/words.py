"""Words that say nothing about what a query asks (the keyword leg, coverage). Pure."""

from __future__ import annotations

# Interrogatives and auxiliaries: in "What did Ana decide about Redis?" only "Ana",
# "decide" and "Redis" say what is wanted, while "what" and "did" match any chatty block
# and outscore a longer block that holds the answer (BM25 favours short documents). Lucene's
# English analyser already drops articles, "is", "was" and the like. Not "may" (a month).
QUESTION_WORDS = frozenset(
    {
        *("what", "when", "where", "who", "whom", "whose", "which", "why", "how"),
        *("did", "do", "does", "done", "has", "have", "had"),
        *("would", "could", "should", "can", "might", "must", "shall"),
    }
)


# The English analyser's stop words (Lucene's default English set). They are dropped here
# too: a query of stop words alone must send no keyword query at all, since an emptied
# clause would leave only the space's own required terms, which match every block.
STOP_WORDS = frozenset(
    {
        *("a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in"),
        *("into", "is", "it", "no", "not", "of", "on", "or", "such", "that", "the"),
        *("their", "then", "there", "these", "they", "this", "to", "was", "will", "with"),
    }
)
