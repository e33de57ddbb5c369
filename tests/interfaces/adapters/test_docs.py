"""docs/adapters.md runs as written: its Python snippets, in order, with the real packages and models, print
what the page says they print (each `# -> ...` line under a print)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

PAGE = (ROOT / "docs" / "adapters.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)\n```", PAGE, re.S)


def test_the_page_has_a_snippet_for_each_adapter() -> None:
    assert any("adapters.langchain import GatedRetrievalQA" in b for b in BLOCKS)
    assert any("adapters.llamaindex import AnswerableNodePostprocessor, AnswerableQueryEngine" in b for b in BLOCKS)
    assert all("# -> " in b for b in BLOCKS)


@pytest.mark.models
def test_the_snippets_print_what_the_page_says(capsys: pytest.CaptureFixture[str]) -> None:
    # One namespace for the page, as a reader pastes the snippets one after another into one session.
    namespace: dict[str, object] = {"__name__": "adapters_md"}
    for n, block in enumerate(BLOCKS):
        exec(compile(block, f"docs/adapters.md (python block {n + 1})", "exec"), namespace)
        printed = capsys.readouterr().out.splitlines()
        promised = [line.removeprefix("# -> ") for line in block.splitlines() if line.startswith("# -> ")]
        assert printed == promised, f"python block {n + 1}"
