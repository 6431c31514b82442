"""The one bound-and-restart rule every store of kept answers follows
(``fastpaths.keep`` and ``keep_all``), and the memo built on it.

A store is checked against a model written out here, step by step: the keys kept since the
store last started from empty, which start again when a new key would make the store hold
more than its size. After every step of a generated sequence of answers the store must
hold exactly the model's keys, each with the last answer kept for it.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from skirmish.fastpaths import Memo, forget, keep, keep_all, memos

keys = st.integers(0, 12)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("keep"), keys, st.integers()),
        st.tuples(st.just("all"), st.dictionaries(keys, st.integers(), max_size=5)),
    ),
    max_size=60,
)


@given(size=st.integers(1, 8), steps=steps)
def test_a_store_holds_what_was_kept_since_it_last_started_again(size, steps):
    store: dict[int, int] = {}
    model: dict[int, int] = {}
    for step in steps:
        if step[0] == "keep":
            _, key, answer = step
            if len(model) >= size:  # full: started again, even for a key it holds
                model = {}
            model[key] = answer
            assert keep(store, key, answer, size) == answer
        else:
            answers = step[1]
            if len(model) + len(answers) > size:
                model = {}
            model.update(answers)
            keep_all(store, answers, size)
        assert store == model


def test_a_full_store_starts_again_from_empty_before_the_next_answer():
    store: dict[str, int] = {}
    for at, key in enumerate("abc"):
        keep(store, key, at, 3)
    assert store == {"a": 0, "b": 1, "c": 2}
    keep(store, "d", 3, 3)
    assert store == {"d": 3}
    keep_all(store, {"e": 4, "f": 5}, 3)
    assert store == {"d": 3, "e": 4, "f": 5}
    keep_all(store, {"g": 6}, 3)
    assert store == {"g": 6}


def test_a_memo_keeps_its_answers_bounded_and_counts_what_it_finds():
    memo: Memo[str] = Memo("a test's answers", size=2)
    computed: list[int] = []

    def compute(key: int) -> str:
        computed.append(key)
        return f"answer {key}"

    assert memo.get(1, lambda: compute(1)) == "answer 1"
    assert memo.get(1, lambda: compute(1)) == "answer 1"
    assert computed == [1]
    assert memo.find(1) == "answer 1"
    assert memo.find(2) is None
    assert (memo.hits, memo.misses) == (2, 2)
    memo.put(2, "answer 2")
    memo.put(3, "answer 3")  # full: started again
    assert memo.answers == {3: "answer 3"}
    assert memo.get(1, lambda: compute(1)) == "answer 1"
    assert computed == [1, 1]
    assert memo in memos()
    forget()
    assert not memo.answers
    assert (memo.hits, memo.misses) == (0, 0)
