"""A page's includes (Markdown's, reST's) read as the site's build reads them, inside the folder allowed and
nowhere else: the folder ingested, or the project folder the caller names."""

from __future__ import annotations

from pathlib import Path

from answerable.ingest.chunking import chunk
from answerable.ingest.includes import with_includes
from answerable.ingest.loaders import Loaded, find, load_file
from answerable.ingest.metadata import Defaults
from answerable.text.units import units

APP = "import widget\n\napp = widget.App(port=8080)\napp.run()\n"
PARTS = "# --8<-- [start:setup]\nwidget.setup(retries=3)\n# --8<-- [end:setup]\nwidget.teardown()\n"


def write(tmp_path: Path, files: dict[str, str]) -> Path:
    """Each file of `files` (path under `tmp_path`: text) written; the project folder `proj` returned."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path / "proj"


# outside the project: never read
SECRET = {"secret.txt": "the launch code is 0000\n"}


def project(tmp_path: Path) -> Path:
    """An MkDocs project: its config, README and code beside `docs/`, a secret above and a hidden file in it."""
    return write(
        tmp_path,
        {
            **SECRET,
            "proj/mkdocs.yml": "site_name: Widget\nnav:\n  - Home: index.md\n  - Guide: guide.md\n",
            "proj/README.md": "# Widget\n\nWidget sends **usage reports** every night.\n",
            "proj/docs_src/app.py": APP,
            "proj/docs_src/parts.py": PARTS,
            "proj/.env": "TOKEN=hunter2\n",
            "proj/docs/index.md": '--8<-- "README.md"\n',
            "proj/docs/includes/note.md": '!!! note\n    Ports below 1024 need root.\n\n--8<-- "docs/loop.md"\n',
            "proj/docs/loop.md": 'Loops stop here.\n\n--8<-- "docs/loop.md"\n',
            "proj/docs/guide.md": (
                '# Guide\n\nStart the app:\n\n```py\n--8<-- "docs_src/app.py"\n```\n\n'
                'Only the port:\n\n```py\n--8<-- "docs_src/app.py:3:3"\n```\n\n'
                'Set it up:\n\n```py\n--8<-- "docs_src/parts.py:setup"\n```\n\n'
                "The whole app again:\n\n{* docs_src/app.py hl[3] *}\n\n{! includes/note.md !}\n\n"
                '```\n--8<-- "../secret.txt"\n--8<-- ".env"\n--8<-- "/etc/hostname"\n'
                '--8<-- "docs_src/missing.py"\n```\n'
            ),
        },
    )


def loaded_units(root: Path, include_root: Path | None = None) -> dict[str, list[tuple[str, str]]]:
    """Each page of `root/docs` as units, its includes read from `include_root` (default: what `find` allows)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for found in find([root / "docs"]):
        for item in load_file(
            found.path,
            found.doc_id,
            Defaults(),
            rel_path=found.rel_path,
            nav_title=found.nav_title,
            include_root=include_root or found.include_root,
        ):
            if isinstance(item, Loaded):
                out[found.doc_id] = [(u.kind.value, u.text) for c in chunk(item) for u in units(c.text)]
    return out


def test_includes_are_read_from_the_project_as_the_site_builds_them(tmp_path: Path) -> None:
    root = project(tmp_path)
    got = loaded_units(root, include_root=root)
    # index.md is only an include of the project's README, read from the folder of mkdocs.yml
    assert got["index"] == [("sentence", "Widget sends usage reports every night.")]
    guide = got["guide"]
    assert ("code", "Start the app:\n```py\nimport widget\n\napp = widget.App(port=8080)\napp.run()\n```") in guide
    assert ("code", "Only the port:\n```py\napp = widget.App(port=8080)\n```") in guide  # lines 3 to 3
    assert ("code", "Set it up:\n```py\nwidget.setup(retries=3)\n```") in guide  # the named section alone
    assert any(k == "code" and t.startswith("The whole app again:\n```python\nimport widget") for k, t in guide)
    # included Markdown is Markdown, and a file that includes itself is read once
    assert ("admonition", "Note: Ports below 1024 need root.") in guide
    assert [t for _, t in guide].count("Loops stop here.") == 1


def test_by_default_only_the_folder_ingested_is_read(tmp_path: Path) -> None:
    """Files beside the docs folder were not named: the project's README and code stay out unless the
    caller names the project folder; an include inside the docs folder is read."""
    got = loaded_units(project(tmp_path))
    assert "index" not in got  # nothing but an include of ../README.md: skipped
    text = "\n".join(t for ts in got.values() for _, t in ts)
    assert "widget" not in text and "8<" not in text
    assert ("admonition", "Note: Ports below 1024 need root.") in got["guide"]  # docs/includes/note.md


def test_nothing_outside_the_project_hidden_or_absolute_is_read(tmp_path: Path) -> None:
    root = project(tmp_path)
    text = "\n".join(str(t) for ts in loaded_units(root, include_root=root).values() for _, t in ts)
    assert "0000" not in text and "hunter2" not in text and "8<" not in text
    # the code block that named only files it may not read is gone, with nothing left of it
    assert "/etc/hostname" not in text and "missing.py" not in text


def test_a_block_of_file_names_is_read_and_prose_between_two_markers_is_kept(tmp_path: Path) -> None:
    root = project(tmp_path)
    page = root / "docs" / "blocks.md"
    page.write_text("--8<--\ndocs_src/app.py\nREADME.md\n--8<--\n\nKept prose.\n--8<--\nMore kept prose.\n--8<--\n")
    text = with_includes(page.read_text(), page, root, max_bytes=10_000)
    assert "app.run()" in text and "usage reports" in text  # both files of the block
    assert "Kept prose." in text and "More kept prose." in text  # no block: its lines are prose


def test_without_a_root_or_over_the_budget_the_marker_stays_for_the_parser_to_drop(tmp_path: Path) -> None:
    root = project(tmp_path)
    page = root / "docs" / "guide.md"
    source = page.read_text()
    assert with_includes(source, page, root, max_bytes=10) == source  # app.py is over the 10 bytes left
    assert "import widget" in with_includes(source, page, root, max_bytes=10_000)
    no_root = [
        (u.kind.value, u.text)
        for item in load_file(page, "guide", Defaults())
        if isinstance(item, Loaded)
        for c in chunk(item)
        for u in units(c.text)
    ]
    assert not any("widget" in t for _, t in no_root)


def rst_project(tmp_path: Path) -> Path:
    """A Sphinx project: a page that includes the example code beside `docs/` and a page beside it."""
    return write(
        tmp_path,
        {
            **SECRET,
            "proj/examples/app.py": (
                "import widget\n\n# start-setup\napp = widget.App(port=8080)\n# end-setup\napp.run()\n\n\n"
                "class Shop:\n    @staticmethod\n    def open(hour: int) -> bool:\n        return hour >= 9\n\n"
                "    def close(self) -> None:\n        pass\n"
            ),
            "proj/docs/shared.rst": "All widgets log to ``/var/log/widget``.\n",
            "proj/docs/guide.rst": (
                "Guide\n=====\n\nStart the app:\n\n.. literalinclude:: ../examples/app.py\n   :language: python\n"
                "   :start-after: # start-setup\n   :end-before: # end-setup\n\nThe imports:\n\n"
                ".. literalinclude:: ../examples/app.py\n   :lines: 1-2\n\n.. include:: shared.rst\n\n"
                "Opening hours:\n\n.. literalinclude:: ../examples/app.py\n   :pyobject: Shop.open\n\n"
                "Not defined:\n\n.. literalinclude:: ../examples/app.py\n   :pyobject: Shop.sell\n\n"
                "Not applied:\n\n.. literalinclude:: ../examples/app.py\n   :prepend: # head\n\n"
                ".. literalinclude:: /../../secret.txt\n\n"
                "To show a file, write::\n\n   .. literalinclude:: ../examples/app.py\n"
            ),
        },
    )


# a directive shown in a literal block is an example of one, never read
EXAMPLE = ("code", "To show a file, write:\n```\n.. literalinclude:: ../examples/app.py\n```")


def rst_units(root: Path, include_root: Path | None = None) -> list[tuple[str, str]]:
    (found,) = [f for f in find([root / "docs"]) if f.rel_path == "guide.rst"]
    (item,) = load_file(found.path, found.doc_id, Defaults(), include_root=include_root or found.include_root)
    assert isinstance(item, Loaded)
    return [(u.kind.value, u.text) for c in chunk(item) for u in units(c.text)]


def test_a_rest_page_s_literalincludes_and_includes_read_as_sphinx_reads_them(tmp_path: Path) -> None:
    """Paths relative to the page; :start-after:, :end-before:, :lines: and :pyobject: (the code parsed, never
    run) cut the file as Sphinx does; an object the file does not define, an option this reader cannot
    apply (:prepend:) and a path out of the folder leave no text."""
    root = rst_project(tmp_path)
    assert rst_units(root, include_root=root) == [
        ("code", "Start the app:\n```python\napp = widget.App(port=8080)\n```"),
        ("code", "The imports:\n```python\nimport widget\n```"),
        ("sentence", "All widgets log to `/var/log/widget`."),
        (
            "code",
            "Opening hours:\n```python\n@staticmethod\ndef open(hour: int) -> bool:\n    return hour >= 9\n```",
        ),
        ("sentence", "Not defined:"),
        ("sentence", "Not applied:"),
        EXAMPLE,
    ]
    # by default only the folder ingested: the example code beside it stays out, the shared page is read
    assert rst_units(root) == [
        ("sentence", "Start the app:"),
        ("sentence", "The imports:"),
        ("sentence", "All widgets log to `/var/log/widget`."),
        ("sentence", "Opening hours:"),
        ("sentence", "Not defined:"),
        ("sentence", "Not applied:"),
        EXAMPLE,
    ]
