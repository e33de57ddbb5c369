"""Jupyter notebooks read as the Markdown page a docs site shows them as: Markdown cells, code cells as code
in the notebook's language, text outputs after them; rich outputs, errors and raw cells give no text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from answerable.core.errors import InputError
from answerable.ingest.chunking import chunk
from answerable.ingest.loaders import Loaded, Skipped, find, load_file
from answerable.ingest.metadata import Defaults
from answerable.ingest.notebook import MAX_OUTPUT_CHARS, notebook_markdown
from answerable.text.units import units

FIXTURES = Path(__file__).parent / "fixtures"


def cell(kind: str, source: str | list[str], outputs: list[dict[str, object]] | None = None) -> dict[str, object]:
    found: dict[str, object] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        found["outputs"] = outputs or []
    return found


def notebook(*cells: dict[str, object], language: str = "python") -> str:
    meta = {"kernelspec": {"language": language, "name": "k"}, "language_info": {"name": language}}
    return json.dumps({"cells": list(cells), "metadata": meta, "nbformat": 4, "nbformat_minor": 5})


def page_units(path: Path, defaults: Defaults | None = None) -> tuple[Loaded, list[tuple[str, str]]]:
    (found,) = [f for f in find([path.parent]) if f.path == path]
    (item,) = load_file(found.path, found.doc_id, defaults or Defaults(), rel_path=found.rel_path)
    assert isinstance(item, Loaded), item
    return item, [(u.kind.value, u.text) for c in chunk(item) for u in units(c.text)]


def test_cells_and_text_outputs_read_as_the_page_shows_them(tmp_path: Path) -> None:
    (tmp_path / "tour.ipynb").write_text(
        notebook(
            cell("markdown", ["# Quick tour\n", "\n", "Load a dataset with `load()`:"]),
            cell(
                "code",
                ["import widget\n", "ds = widget.load('iris')\n", "print(len(ds))"],
                [{"output_type": "stream", "name": "stdout", "text": ["150\n"]}],
            ),
            cell(
                "code",
                "ds.head()",
                [{"output_type": "execute_result", "data": {"text/html": "<table/>", "text/plain": "a b"}}],
            ),
            cell(
                "code",
                "ds.plot()",
                [{"output_type": "display_data", "data": {"image/png": "iVBO", "text/plain": "<Figure>"}}],
            ),
            cell("code", "ds.mean()", [{"output_type": "execute_result", "data": {"text/plain": "5.84"}}]),
            cell(
                "code", "1/0", [{"output_type": "error", "ename": "ZeroDivisionError", "evalue": "", "traceback": []}]
            ),
            cell(
                "code", "ds.dump()", [{"output_type": "stream", "name": "stdout", "text": "x" * (MAX_OUTPUT_CHARS + 1)}]
            ),
            cell("raw", "raw text for LaTeX"),
            cell("markdown", "## Plotting\n\nCall `ds.plot()` to draw it."),
        ),
        encoding="utf-8",
    )
    item, got = page_units(tmp_path / "tour.ipynb", Defaults(base_url="https://docs.example.org/"))
    assert item.document.title == "Quick tour" and item.document.url == "https://docs.example.org/tour.html"
    assert got == [
        (
            "code",
            "Load a dataset with `load()`:\n```python\nimport widget\nds = widget.load('iris')\nprint(len(ds))\n```",
        ),
        ("code", "```text\n150\n```"),
        ("code", "```python\nds.head()\n```"),
        ("code", "```python\nds.plot()\n```"),
        ("code", "```python\nds.mean()\n```"),
        ("code", "```text\n5.84\n```"),
        ("code", "```python\n1/0\n```"),
        ("code", "```python\nds.dump()\n```"),
        ("sentence", "Call `ds.plot()` to draw it."),
    ]


def test_a_code_cell_holding_backticks_stays_one_block() -> None:
    text = notebook(cell("code", 'doc = """\n```\nshown\n```\n"""'))
    assert notebook_markdown(text) == '````python\ndoc = """\n```\nshown\n```\n"""\n````\n'


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not a Jupyter notebook: invalid JSON at line 1"),
        ('{"metadata": {}}', "not a Jupyter notebook: no list of cells"),
        ("[1, 2]", "not a Jupyter notebook: no list of cells"),
    ],
)
def test_a_file_that_is_no_notebook_is_refused_with_the_reason(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem):
        notebook_markdown(text)
    (tmp_path / "bad.ipynb").write_text(text, encoding="utf-8")
    (tmp_path / "good.md").write_text("# Good\n\nKept.\n", encoding="utf-8")
    items = [it for f in find([tmp_path]) for it in load_file(f.path, f.doc_id, Defaults(), rel_path=f.rel_path)]
    assert [type(it).__name__ for it in items] == ["Skipped", "Loaded"]  # the rest of the batch goes on
    assert isinstance(items[0], Skipped) and items[0].reason.startswith(problem)


def test_a_real_notebook_reads_with_its_language_and_without_its_image() -> None:
    item, octave = page_units(FIXTURES / "sphinx-book-theme-ntbk_octave.ipynb")
    assert item.document.title == "Octave"
    assert octave[0] == ("sentence", "This is an octave notebook.")
    assert octave[1][0] == "code" and octave[1][1].startswith("```octave\nx = linspace(-8, 8, 41)';")
    assert not any("image/png" in t or "iVBOR" in t or "<Figure" in t for _, t in octave)
