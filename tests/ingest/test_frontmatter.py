"""Front matter: YAML and TOML into the same checked metadata, refused aliases, errors with their line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from answerable.ingest.loaders import Loaded, Skipped, load_file
from answerable.ingest.metadata import Defaults


def load_one(path: Path) -> Loaded | Skipped:
    (item,) = list(load_file(path, path.stem, Defaults()))
    return item


def test_toml_front_matter_restricts_the_page_like_yaml(tmp_path: Path) -> None:
    path = tmp_path / "pager.md"
    path.write_text(
        '+++\ntitle = "TOML Page"\ntenant = "secret"\nacl = ["staff"]\nupdated_at = 2026-05-02\n+++\n'
        "# TOML Page\n\nInternal only: the escalation pager number is 555-0199.\n"
    )
    loaded = load_one(path)
    assert isinstance(loaded, Loaded)
    d = loaded.document
    assert (d.tenant, d.acl, d.title, str(d.updated_at)) == ("secret", ("staff",), "TOML Page", "2026-05-02")
    assert "+++" not in d.text and "tenant" not in d.text


@pytest.mark.parametrize(
    ("front", "reason"),
    [
        ('Tenant = "secret"', "Tenant: not a field; a page is restricted only by `tenant`"),
        ("acl = []", "acl: empty"),
        ('title = "x"\nacl = [staff]', "front matter: not valid TOML: Invalid value (line 3, column 8)"),
    ],
)
def test_toml_front_matter_gets_every_check_of_fields(tmp_path: Path, front: str, reason: str) -> None:
    path = tmp_path / "page.md"
    path.write_text(f"+++\n{front}\n+++\nText.\n")
    item = load_one(path)
    assert isinstance(item, Skipped) and reason in item.reason


def test_yaml_anchors_and_aliases_are_refused_before_they_expand(tmp_path: Path) -> None:
    rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    rows += [f"{x}: &{x} [{','.join([f'*{p}'] * 10)}]" for p, x in zip("abcde", "bcdef", strict=True)]
    path = tmp_path / "laughs.md"
    path.write_text("---\n" + "\n".join(rows) + "\ntitle: Laughs\n---\n# Laughs\nBody.\n")
    started = time.perf_counter()
    item = load_one(path)
    assert isinstance(item, Skipped)
    assert "line 2, column 4: anchors and aliases (& and *) are not allowed in front matter" in item.reason
    assert time.perf_counter() - started < 1
    path.write_text("---\nbase: &b {owner: docs}\npage:\n  <<: *b\n---\nText.\n")  # a merge key is an alias too
    item = load_one(path)
    assert isinstance(item, Skipped) and "anchors and aliases" in item.reason


def test_yaml_errors_name_the_line_of_the_file_and_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.md"
    path.write_text('---\ntitle: ok\nowner: "unterminated\n---\n# Bad\nx\n')
    item = load_one(path)
    assert isinstance(item, Skipped)
    assert item.reason == (
        "front matter: not valid YAML (line 4, column 1: found unexpected end of stream, "
        "while scanning a quoted scalar at line 3, column 8)"
    )


@pytest.mark.parametrize("rule", ["----------", "--- x", "+++++"])
def test_only_an_exact_delimiter_opens_front_matter(tmp_path: Path, rule: str) -> None:
    path = tmp_path / "rule.md"
    path.write_text(f"{rule}\n# Long rule\n\nText.\n")
    loaded = load_one(path)
    assert isinstance(loaded, Loaded) and loaded.document.title == "Long rule"


def test_a_delimiter_with_trailing_spaces_still_opens_front_matter(tmp_path: Path) -> None:
    path = tmp_path / "spaces.md"
    path.write_text("---  \ntitle: Spaced\nacl: [staff]\n---   \nText.\n")
    loaded = load_one(path)
    assert isinstance(loaded, Loaded) and (loaded.document.title, loaded.document.acl) == ("Spaced", ("staff",))
