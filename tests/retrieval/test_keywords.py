"""The keyword leg's query text: plain words for Lucene, without question or stop words."""

from __future__ import annotations

from elfgraph.retrieval.keywords import keyword_terms


def test_question_words_are_left_out_of_the_keyword_query() -> None:
    assert keyword_terms("What did Ana decide about Redis?") == "ana decide about redis"
    assert keyword_terms("When did we move to May's plan?") == "we move may s plan"
    assert keyword_terms("How?") == "how"  # nothing else: the question words stay
    assert keyword_terms("") is None
    assert keyword_terms('"quoted" OR (x AND y*)~') == "quoted x y"


def test_stop_words_alone_send_no_keyword_query() -> None:
    # The analyser would drop them, leaving only the space's own required terms.
    assert keyword_terms("the and of") is None
    assert keyword_terms("Is it?") is None
    assert keyword_terms("what is the plan") == "plan"
