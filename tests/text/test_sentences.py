"""Sentence splitting stays linear in the length of a paragraph, and unchanged for ordinary ones."""

from __future__ import annotations

from typing import Any

import pytest

from answerable.text import sentences as text_sentences
from answerable.text.sentences import fast_sentences, sentences


class RecordingSegmenter:
    """pysbd, recording the length of every text it is given (its time grows with the square of that)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.lengths: list[int] = []

    def segment(self, text: str) -> list[str]:
        self.lengths.append(len(text))
        return list(self.inner.segment(text))


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> RecordingSegmenter:
    recording = RecordingSegmenter(text_sentences._segmenter())
    monkeypatch.setattr(text_sentences, "_segmenter", lambda: recording)
    return recording


def test_a_long_paragraph_reaches_pysbd_in_bounded_windows(recorder: RecordingSegmenter) -> None:
    words = ["alpha", "beta", "e.g.", "export", "Dr.", "gamma", "lumen", "v2.3", "queue", "delta"]
    log = " ".join(words[(n * 7) % len(words)] for n in range(12_000))  # 60 KB, no sentence end, no line break
    pieces = sentences(log)
    assert max(recorder.lengths) <= 4000
    assert sum(recorder.lengths) < 3 * len(log)  # each character is segmented a bounded number of times
    assert " ".join(pieces) == log  # nothing lost, nothing repeated


def test_windows_give_the_sentences_of_the_whole_paragraph(recorder: RecordingSegmenter) -> None:
    prose = " ".join(
        f"Sentence {n} says that Dr. Rivera rotated key {n} at 10.{n % 60:02d} a.m. on the U.S. cluster!"
        if n % 5 == 0
        else f"Line {n} has no end mark\nso the line break ends it"
        if n % 7 == 0
        else f"Sentence {n} is short."
        for n in range(400)
    )
    assert len(prose) > 12_000
    whole = [s.strip() for s in text_sentences._segmenter().inner.segment(prose) if s.strip()]
    recorder.lengths.clear()
    assert sentences(prose) == whole
    assert max(recorder.lengths) <= 4000


def test_an_ordinary_paragraph_is_segmented_whole(recorder: RecordingSegmenter) -> None:
    para = "Keys rotate from the Security tab. Old keys expire after 24 hours (see Dr. Rivera's note). " * 20
    assert sentences(para) == [s.strip() for s in recorder.inner.segment(para) if s.strip()]
    assert recorder.lengths == [len(para)]


def test_fast_sentences_end_after_a_word_not_after_an_initial_or_an_abbreviation() -> None:
    assert fast_sentences("I use SSO. How do I reset my password?") == ["I use SSO.", "How do I reset my password?"]
    assert fast_sentences("When did Kenneth L. Gile take office?") == ["When did Kenneth L. Gile take office?"]
    assert fast_sentences("Where is St. Mary's, and who built it?") == ["Where is St. Mary's, and who built it?"]
    assert fast_sentences("It was 1995. Then what?") == ["It was 1995.", "Then what?"]


def test_the_names_an_entry_defines() -> None:
    from answerable.text.units import entry_names

    assert entry_names("`pool_size (integer)`: The largest number of open connections.") == ("pool_size",)
    assert entry_names("`-q --quiet`: Print nothing.") == ("-q", "--quiet")
    assert entry_names("`-o FILE, --output=FILE`: Where to write.") == ("-o", "FILE", "--output")
    assert entry_names("`cache and ~/.cache`: Where results are kept.") == ("cache", "~/.cache")
    assert entry_names("``na`me``: a name with a backtick.") == ("na`me",)
    assert entry_names("Note: not an entry.") == ()
    assert entry_names("The `pool_size`: is not an entry either.") == ()


def test_what_an_entry_says_of_its_names() -> None:
    from answerable.text.units import entry_description

    assert entry_description("`pool_size (integer)`: The largest number of open connections.") == (
        "The largest number of open connections."
    )
    assert entry_description("``na`me``: a name: with a colon.") == "a name: with a colon."
    assert entry_description("`toctree`:") == ""
    assert entry_description("Note: not an entry.") == ""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'For example, `request.session["cart"].append(item)` does not mark it as modified. Assign it back.',
            ['For example, `request.session["cart"].append(item)` does not mark it as modified.', "Assign it back."],
        ),
        (
            "Call `client.get(url).json()` for the body. It raises on errors.",
            ["Call `client.get(url).json()` for the body.", "It raises on errors."],
        ),
        (
            "Set `logging.config.dictConfig({'version': 1}).Handlers` first. Then start.",
            ["Set `logging.config.dictConfig({'version': 1}).Handlers` first.", "Then start."],
        ),
        # a stray backtick joins nothing
        ("A lone ` mark here. Then more. And `x.y` too.", ["A lone ` mark here.", "Then more.", "And `x.y` too."]),
    ],
)
def test_no_sentence_is_cut_inside_an_inline_code_span(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Paths in .gitignore are skipped. Use .env files.", ["Paths in .gitignore are skipped.", "Use .env files."]),
        (
            "Stubs are read as .pyi, and notebooks as .ipynb files.",
            ["Stubs are read as .pyi, and notebooks as .ipynb files."],
        ),
        (
            "Workflows live in the .github folder. Push to run them.",
            ["Workflows live in the .github folder.", "Push to run them."],
        ),
        ("Release 3.11.2 is out. Upgrade soon.", ["Release 3.11.2 is out.", "Upgrade soon."]),
    ],
)
def test_no_sentence_is_cut_inside_a_dotted_name(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected
