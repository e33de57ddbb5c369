"""The user docs say what the code does: the README's snippet and decision run as shown, and each reference
page under docs/reference/ is held to the code it documents (commands and options, policy settings,
environment settings, reason codes), so a change to one without the other fails here."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import click
import pytest

from answerable import ReasonCode, decide, load_policy
from answerable.core.policy import SETTINGS as POLICY_SETTINGS
from answerable.core.policy import _Invalid, _toml_value
from answerable.core.reasons import KEYWORDS_NEXT_STEP, SEARCH_MISSES
from answerable.core.settings import SETTINGS as ENV_SETTINGS
from answerable.interfaces.cli import main
from tests.conftest import NOW, ROOT
from tests.core.test_gate_seeds import load_fixture
from tests.test_architecture import LAYERS

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference"
USER_PAGES = sorted(p for p in (ROOT / "README.md", ROOT / "CHANGELOG.md", *DOCS.rglob("*.md")) if p.exists())


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _section(page: str, heading: str) -> str:
    """The text under a heading (`## Settings`), up to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#+ |\Z)", page, re.S | re.M)
    assert match, f"no section {heading!r}"
    return match.group(1)


def _rows(text: str, cells: int) -> list[list[str]]:
    """The rows of the Markdown tables in `text` that have `cells` cells, header and rule rows left out."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith("|---"):
            continue
        parts = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip()[1:-1])]
        if len(parts) == cells:
            rows.append(parts)
    return rows[1:] if rows and rows[0][0] in ("setting", "code", "option", "check") else rows


# --- README --------------------------------------------------------------------------------------------


def test_readme_starts_with_the_two_commands() -> None:
    block = README.split("```", 2)[1]
    assert "make run" in block and "make test" in block


def test_readme_library_snippet_calls_check_and_promises_its_output() -> None:
    code = re.findall(r"```python\n(.*?)\n```", README, re.S)[0]
    assert "answerable.check(" in code
    assert any(line.startswith("# -> ") for line in code.splitlines())


@pytest.mark.models
def test_readme_library_snippet_prints_what_it_says(capsys: pytest.CaptureFixture[str]) -> None:
    code = re.findall(r"```python\n(.*?)\n```", README, re.S)[0]
    exec(compile(code, "README.md (python block 1)", "exec"), {"__name__": "readme"})
    printed = capsys.readouterr().out.splitlines()
    promised = [line.removeprefix("# -> ") for line in code.splitlines() if line.startswith("# -> ")]
    assert printed == promised


# --- the decision object -------------------------------------------------------------------------------

EXAMPLES = {  # status: the evidence fixture and profile its example is the decision of
    "answer": ("1-supported.json", "strict"),
    "partial": ("3-partial.json", "assist"),
    "abstain": ("4-conflicting.json", "strict"),
}


def _json_blocks(text: str) -> list[dict[str, object]]:
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", text, re.S)]


def _produced(status: str) -> dict[str, object]:
    name, profile = EXAMPLES[status]
    return decide(load_fixture(name), load_policy().profile(profile), NOW).to_dict()


def test_decision_page_shows_every_status_as_the_gate_produces_it() -> None:
    blocks = _json_blocks(_read(REFERENCE / "decision.md"))
    assert sorted(str(b["status"]) for b in blocks) == sorted(EXAMPLES)
    for block in blocks:
        assert block == _produced(str(block["status"]))


def test_readme_decision_is_what_the_gate_produces() -> None:
    blocks = _json_blocks(README)
    assert len(blocks) == 1
    assert blocks[0] == _produced(str(blocks[0]["status"]))


# --- docs/reference/cli.md -----------------------------------------------------------------------------


def _commands() -> list[tuple[str, click.Command, click.Context]]:
    out: list[tuple[str, click.Command, click.Context]] = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        ctx = click.Context(cmd, info_name=path[-1])
        out.append((" ".join(path), cmd, ctx))
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name])

    walk(main, ["answerable"])
    return out


CLI_PAGE = _read(REFERENCE / "cli.md")


@pytest.mark.parametrize(("name", "cmd", "ctx"), _commands(), ids=lambda v: v if isinstance(v, str) else "")
def test_cli_page_documents_the_command_with_every_option(name: str, cmd: click.Command, ctx: click.Context) -> None:
    section = _section(CLI_PAGE, name)
    usage = f"`{name} {' '.join(cmd.collect_usage_pieces(ctx))}`"
    assert usage in section, f"{name}: the usage line {usage} is not on the page"
    options = {
        opt
        for p in cmd.params
        if isinstance(p, click.Option)
        for opt in (*p.opts, *p.secondary_opts)
        if opt.startswith("--") and opt != "--help"
    }
    documented = {opt for row in _rows(section, 3) for opt in re.findall(r"`(--[a-z][a-z-]*)", row[0])}
    missing, extra = sorted(options - documented), sorted(documented - options)
    assert documented == options, f"{name}: missing {missing}, extra {extra}"


def test_cli_page_documents_no_command_that_does_not_exist() -> None:
    headed = set(re.findall(r"^#+ (answerable(?: [a-z-]+)*)$", CLI_PAGE, re.M))
    assert headed == {name for name, _, _ in _commands()}


# --- docs/reference/policy.md --------------------------------------------------------------------------


def _expected_value(setting: object) -> str:
    try:
        setting.parse(None)  # type: ignore[attr-defined]
    except _Invalid as exc:
        return str(exc)
    raise AssertionError(f"{setting} accepts None")


def test_policy_page_lists_every_setting_with_meaning_value_and_default() -> None:
    rows = _rows(_section(_read(REFERENCE / "policy.md"), "Settings"), 4)
    expected = [
        [
            f"`{s.name}`",
            s.meaning,
            _expected_value(s),
            "required" if s.default is None else f"`{_toml_value(s.default)}`",
        ]
        for s in POLICY_SETTINGS
    ]
    assert rows == expected


def _shipped(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    if isinstance(value, frozenset):
        value = sorted(str(v) for v in value)
    elif isinstance(value, tuple):
        value = [str(v) for v in value]
    return _toml_value(value)


def test_policy_page_shows_the_shipped_profiles_values() -> None:
    rows = _rows(_section(_read(REFERENCE / "policy.md"), "The shipped profiles"), 3)
    policy = load_policy()
    expected = [
        [f"`{s.name}`", *(f"`{_shipped(getattr(policy.profile(p), s.name))}`" for p in ("strict", "assist"))]
        for s in POLICY_SETTINGS
        if s.name != "description"
    ]
    assert rows == expected


# --- docs/reference/environment.md ---------------------------------------------------------------------


def test_environment_page_lists_every_setting_with_its_variable_and_default() -> None:
    rows = [row[:4] for row in _rows(_read(REFERENCE / "environment.md"), 5)]

    def default(value: str | None) -> str:
        return "unset" if value is None else "empty" if value == "" else f"`{value}`"

    assert rows == [[f"`{s.name}`", f"`{s.env}`", default(s.default), s.help] for s in ENV_SETTINGS]


# --- docs/reference/reason-codes.md --------------------------------------------------------------------


def test_reason_codes_page_gives_every_code_its_meaning_and_next_step_in_order() -> None:
    page = _read(REFERENCE / "reason-codes.md")
    rows = [r for r in _rows(page, 3) if r[0].strip("`") in {c.value for c in ReasonCode}][: len(ReasonCode)]
    assert rows == [[f"`{c}`", c.meaning, c.next_step] for c in ReasonCode]
    assert f'"{KEYWORDS_NEXT_STEP}"' in page  # a search of a few words' next step
    paragraph = page[page.index(KEYWORDS_NEXT_STEP) - 700 : page.index(KEYWORDS_NEXT_STEP)]
    assert all(f"`{code}`" in paragraph for code in SEARCH_MISSES)


# --- every page ----------------------------------------------------------------------------------------


def test_architecture_page_names_every_layer_and_its_picture_is_svg() -> None:
    page = _read(DOCS / "architecture.md")
    assert "architecture.svg" in page
    svg = ET.parse(DOCS / "architecture.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    drawn = " ".join(t.strip() for t in svg.itertext())
    for layer in LAYERS:
        assert f"`{layer}`" in page and layer in drawn, layer


@pytest.mark.parametrize("page", USER_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_that_exist(page: Path) -> None:
    text = re.sub(r"```.*?```", "", _read(page), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#") or target == "...":  # "..." elides a quoted link
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{page.relative_to(ROOT)} links to {target}, which does not exist"


@pytest.mark.parametrize("page", USER_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_user_docs_name_no_issue_number_or_seed_article(page: Path) -> None:
    text = _read(page)
    assert not re.search(r"\bissues? #?\d", text, re.I), page
    assert not re.search(r"\bseed articles?\b|\b(first|second|third) seed\b|\bseeds/", text, re.I), page


def test_the_shipped_policy_file_carries_no_measurements() -> None:
    toml = _read(ROOT / "src" / "answerable" / "core" / "default_policy.toml")
    header = toml.split("[policy]")[0]
    assert len(header.splitlines()) <= 12
    assert not re.search(r"%|AUROC|AURC|->|held[- ]out", toml)
