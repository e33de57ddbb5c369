"""Real pages of each format (fixtures/README.md) read into typed units: code whole with its language, table
rows under their header, one entry per parameter with its own default, labelled admonitions, nested lists,
no markup left in prose, and the anchors and base-URL links a reader follows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from answerable.ingest.chunking import chunk
from answerable.ingest.loaders import Loaded, Skipped, find, load_file
from answerable.ingest.metadata import Defaults
from answerable.ingest.sections import Format, detect
from answerable.text.units import Unit, UnitKind, entry_names, sentences_of, units

FIXTURES = Path(__file__).parent / "fixtures"
BASE = Defaults(base_url="https://docs.example.com/")


def load(name: str, defaults: Defaults = BASE) -> Loaded:
    (found,) = [f for f in find([FIXTURES]) if f.path.name == name]
    (item,) = load_file(found.path, found.doc_id, defaults, rel_path=found.rel_path)
    assert isinstance(item, Loaded), item
    return item


def page_units(loaded: Loaded) -> list[tuple[tuple[str, ...], Unit]]:
    """Every unit of every chunk, with its section's heading path (overlap repeats are dropped)."""
    out: list[tuple[tuple[str, ...], Unit]] = []
    for c in chunk(loaded):
        for unit in units(c.text):
            if (c.heading_path, unit) not in out:
                out.append((c.heading_path, unit))
    return out


def of_kind(loaded: Loaded, kind: UnitKind) -> list[str]:
    return [u.text for _, u in page_units(loaded) if u.kind is kind]


# Markup a prose unit must not hold: emphasis, links, heading marks, rules, directives, roles, admonition
# openers, HTML tags, fences.
MARKUP = re.compile(
    r"\*\*|\]\(|^#+ |^---|^\.\. |:\w+:`|^!!!|^\?\?\?|^///|```|\|\||¶"
    r"|</?(?:a|b|i|p|em|strong|code|pre|span|div|br|li|ul|ol|dl|dt|dd|table|tr|td|th|h\d)[ >/]",
    re.M,
)

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")

ALL = sorted(p.name for p in FIXTURES.iterdir() if p.name != "README.md")


@pytest.mark.parametrize("name", ALL)
def test_no_markup_is_left_in_prose_items_entries_or_admonitions(name: str) -> None:
    loaded = load(name)
    plain = [
        u.text
        for _, u in page_units(loaded)
        if u.kind in (UnitKind.SENTENCE, UnitKind.ITEM, UnitKind.ENTRY, UnitKind.ADMONITION)
    ]
    assert plain
    for text in plain:
        assert not MARKUP.search(text), (name, text)
    # Nor a control character a parser uses inside (docutils marks an escape with a NUL).
    for c in chunk(loaded):
        assert not CONTROL.search(c.text), (name, c.text)
    for heading_path, _ in page_units(loaded):
        assert all(not MARKUP.search(h) for h in heading_path), heading_path


@pytest.mark.parametrize("name", ALL)
def test_chunks_never_cut_a_unit(name: str) -> None:
    """Every unit of the page's sections comes back whole from some chunk."""
    loaded = load(name)
    chunked = {u for _, u in page_units(loaded)}
    for section in loaded.sections:
        for unit in units(section.text):
            if len(unit.text) < 900:
                assert unit in chunked, unit


# --- reStructuredText (Sphinx sources) ----------------------------------------------------------------


def test_sphinx_confvals_are_entries_with_their_own_default_and_version_notes() -> None:
    loaded = load("sphinx-configuration.rst.txt")
    assert loaded.document.id == "sphinx-configuration"  # both suffixes of .rst.txt dropped
    assert loaded.document.url == "https://docs.example.com/sphinx-configuration.html"
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert (
        "`source_encoding`: The encoding of all reST source files. The recommended encoding, and the default "
        "value, is `'utf-8-sig'`." in entries
    )
    assert "`source_suffix`: Default is `{'.rst': 'restructuredtext'}`." in entries  # a later paragraph, named
    highlight = next(e for e in entries if e.startswith("`highlight_language`:"))
    assert "The default is `'default'`." in highlight and "utf-8" not in highlight
    notes = of_kind(loaded, UnitKind.ADMONITION)
    assert "Changed in version 1.3: Can now be a list of extensions." in notes
    assert "New in version 0.5: Previously, Sphinx accepted only UTF-8 encoded sources." in notes
    assert "Note: file extensions have to start with a dot (e.g. `.rst`)." in notes
    # a code-block inside a hint keeps its language and stays with the sentence that introduces it
    code = of_kind(loaded, UnitKind.CODE)
    assert any(c.startswith("Hint: An alternative way") and '```console\nmake latex O="-D' in c for c in code)
    # a literal block after "::" is code too, indentation kept
    assert any("```\nsource_suffix = {\n    '.rst': 'restructuredtext'," in c for c in code)
    # the bullets inside a confval are items under it
    assert "- If you set `today` to a non-empty value, it is used." in of_kind(loaded, UnitKind.ITEM)
    assert [s.anchor for s in loaded.sections] == [None, "general-configuration"]


def test_sphinx_options_are_one_entry_each_and_builders_too() -> None:
    loaded = load("sphinx-build.rst.txt")
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert (
        "`-a`: If given, always write all output files. The default is to only write output files for new and "
        "changed source files. (This may not apply to all builders.)" in entries
    )
    assert "`html`: Build HTML pages. This is the default builder." in entries
    assert (
        "`-t tag`: Define the tag tag. This is relevant for `only` directives that only include their content if "
        "this tag is set." in entries
    )
    assert "New in version 0.6." in of_kind(loaded, UnitKind.ADMONITION)
    assert "Important: Sphinx only recognizes the `-M` option if it is placed first." in of_kind(
        loaded, UnitKind.ADMONITION
    )
    # roles read as Sphinx shows them: `:option:` as code, `:program:` as its name
    description = next(s for s in loaded.sections if s.heading_path[-1] == "Description").text
    assert "refer to `sphinx-build -b`." in description and ":program:" not in description


def test_python_functions_are_entries_and_a_grid_table_keeps_its_header() -> None:
    loaded = load("python-tomllib.rst.txt")
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert entries[0].startswith("`load(fp, /, *, parse_float=float)`: Read a TOML file.")
    assert "`TOMLDecodeError`: Subclass of `ValueError`." in entries
    (table,) = of_kind(loaded, UnitKind.TABLE)
    assert table.startswith("| TOML | Python |\n|---|---|\n| table | dict |\n| string | str |")
    assert "| float | float (configurable with parse_float) |" in table
    assert of_kind(loaded, UnitKind.ADMONITION)[:2] == [
        "New in version 3.11.",
        "See also: The Tomli-W package is a TOML writer that can be used in conjunction with this module, providing "
        "a write API familiar to users of the standard library `marshal` and `pickle` modules.",
    ]
    assert any(c.startswith("Parsing a TOML file:\n```\nimport tomllib") for c in of_kind(loaded, UnitKind.CODE))
    assert [s.anchor for s in loaded.sections] == [None, "examples", "conversion-table"]


@pytest.mark.parametrize("name", ["python-devmode.rst.txt", "python-devmode.html"])
def test_a_nested_list_is_items_under_their_item(name: str) -> None:
    loaded = load(name)
    text = next(s.text for s in loaded.sections if s.heading_path[-1].startswith("Effects"))
    assert "- Add `default` warning filter. The following warnings are shown:\n\n  - `DeprecationWarning`" in text
    items = of_kind(loaded, UnitKind.ITEM)
    assert "- `ImportWarning`" in items and "- Buffer underflow" in items
    assert "- Add `default` warning filter. The following warnings are shown:" in items


# --- HTML (Sphinx, PostgreSQL) ------------------------------------------------------------------------


def test_sphinx_html_gives_the_same_entries_with_section_anchors() -> None:
    loaded = load("sphinx-build.html")
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert "`html`: Build HTML pages. This is the default builder." in entries
    assert any(e.startswith("`-a`: If given, always write all output files.") for e in entries)
    assert "New in version 0.6." in of_kind(loaded, UnitKind.ADMONITION)
    assert [(s.heading_path[-1], s.anchor) for s in loaded.sections][:3] == [
        ("Synopsis", "synopsis"),
        ("Description", "description"),
        ("Options", "options"),
    ]
    assert "¶" not in "\n".join(s.text for s in loaded.sections)  # permalink marks are not text
    # the page states its own address: it wins over --base-url
    assert loaded.document.url == "https://www.sphinx-doc.org/en/master/man/sphinx-build.html"


def test_python_html_keeps_code_language_and_table_header() -> None:
    loaded = load("python-tomllib.html")
    assert any(c.startswith("Parsing a TOML file:\n```python3\n") for c in of_kind(loaded, UnitKind.CODE))
    (table,) = of_kind(loaded, UnitKind.TABLE)
    assert table.startswith("| TOML | Python |\n|---|---|\n| table | dict |")
    assert "`exception tomllib.TOMLDecodeError`: Subclass of `ValueError`." in of_kind(loaded, UnitKind.ENTRY)


def test_postgresql_parameters_are_one_entry_each_with_their_own_default() -> None:
    loaded = load("postgresql-runtime-config-connection.html")
    entries = of_kind(loaded, UnitKind.ENTRY)
    port = [e for e in entries if e.startswith("`port (integer)`:")]
    assert port == [
        "`port (integer)`: The TCP port the server listens on; 5432 by default. Note that the same port number is "
        "used for all IP addresses the server listens on. This parameter can only be set at server start."
    ]
    (max_connections,) = [e for e in entries if e.startswith("`max_connections (integer)`:")]
    assert "The default is typically 100 connections" in max_connections and "5432" not in max_connections
    reserved = [e for e in entries if e.startswith("`superuser_reserved_connections (integer)`:")]
    assert any("The default value is three connections." in e for e in reserved)
    (section,) = loaded.sections
    assert (section.heading_path[-1], section.anchor) == (
        "20.3.1. Connection Settings",
        "RUNTIME-CONFIG-CONNECTION-SETTINGS",
    )
    assert "Prev" not in section.text and "Up" not in section.text.split()  # navigation is not text


def test_postgresql_tables_and_notes() -> None:
    loaded = load("postgresql-datatype-numeric.html")
    tables = of_kind(loaded, UnitKind.TABLE)
    assert tables[0].startswith("| Name | Storage Size | Description | Range |\n|---|---|---|---|\n| `smallint` |")
    assert any(
        n.startswith("Note: The maximum precision that can be explicitly specified")
        for n in of_kind(loaded, UnitKind.ADMONITION)
    )
    assert [s.anchor for s in loaded.sections] == [None, "DATATYPE-INT", "DATATYPE-NUMERIC-DECIMAL"]


# --- Markdown (MkDocs) --------------------------------------------------------------------------------


def test_mkdocs_parameter_lists_admonitions_and_tabs() -> None:
    loaded = load("mkdocstrings-usage.md")
    assert loaded.document.url == "https://docs.example.com/mkdocstrings-usage.html"
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert "`default_handler`: The handler that is used by default when no handler is specified." in entries
    assert (
        "`enabled (New in version 0.20)`: Whether to enable the plugin. Defaults to `true`. Can be used to reduce "
        "build times when doing local development. Especially useful when used with environment variables (see "
        "example below)."
    ) in entries
    code = of_kind(loaded, UnitKind.CODE)
    # a content tab's title introduces its code, whose language is kept
    assert any(c.startswith('mkdocs.yml:\n```yaml\nnav:\n  - "My page": my_page.md\n```') for c in code)
    assert any(c.startswith("src/my_package/my_module.py:\n```python\nclass MyClass:") for c in code)
    notes = of_kind(loaded, UnitKind.ADMONITION)
    assert notes[0].startswith("Note: Resources on YAML. YAML can sometimes be a bit tricky")
    # an admonition whose text introduces code is one unit with it, labelled by its title
    assert any(c.startswith("Example with the Python handler: docs/my_page.md:\n```md\n") for c in code)
    assert "Example." in notes
    assert [(s.heading_path, s.anchor) for s in loaded.sections][:2] == [
        (("Usage", "Autodoc syntax"), "autodoc-syntax"),
        (("Usage", "Global options"), "global-options"),  # the headings of raw HTML inside a tab are its text
    ]


def test_mkdocs_tables_blocks_and_alerts() -> None:
    loaded = load("pymdownx-snippets.md")
    tables = of_kind(loaded, UnitKind.TABLE)
    assert tables[0].startswith("| Option | Type | Default | Description |\n|---|---|---|---|\n| `base_path` |")
    assert "| `url_timeout` | float | `10.0` |" in "\n".join(tables)  # inlinehilite's `#!py3` mark is not code
    entries = of_kind(loaded, UnitKind.ENTRY)
    assert entries[:2] == [
        "`max_retries`: Maximum number of retry attempts (default: 3)",
        "`backoff_factor`: Backoff factor for retry attempts (default: 2)",
    ]
    notes = of_kind(loaded, UnitKind.ADMONITION)
    assert notes[0].startswith("Not Meant for User Facing Sites: Snippets is intended for documentation")
    assert any(n.startswith("Symlinks: Symlinks can be placed in the Snippets path") for n in notes)  # > [!warning]
    assert "New 10.16: `max_retries` and `backoff_factor` were introduced in 10.16." in notes


def test_markdown_alerts_definitions_and_nested_lists() -> None:
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "> [!NOTE]\n> Keys expire after **90 days**.\n\n!!! warning\n    Rotate them.\n\n"
        "Grace period\n:   24 hours, during which both keys work.\n\n"
        "- `pool_size`, the largest number of open connections, or `None` for no limit.\n(Default 50)\n"
        "- `timeout` - seconds to wait. (Default 5)\n\n1. Outer\n    - Inner one\n    - Inner two\n2. After\n"
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("admonition", "Note: Keys expire after 90 days."),
        ("admonition", "Warning: Rotate them."),
        ("entry", "`Grace period`: 24 hours, during which both keys work."),
        ("entry", "`pool_size`: the largest number of open connections, or `None` for no limit. (Default 50)"),
        ("entry", "`timeout`: seconds to wait. (Default 5)"),
        ("item", "1. Outer"),
        ("item", "- Inner one"),
        ("item", "- Inner two"),
        ("item", "2. After"),
    ]


def test_a_task_lists_boxes_are_drawn_not_quoted_as_brackets() -> None:
    """GitHub's task lists ("- [x] Done") are a checklist: the box is drawn, ticked or not, and a bracket that
    opens an item's text otherwise ("[Beta] ...", a link) stays as written."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "- [x] Exports to PDF\n- [ ] Exports to EPUB\n- [X]\tSigned builds\n- [Beta] Dark mode\n"
        "- [the guide](guide.md) explains it\n- [x]no space is no box\n"
    )
    assert [u.text for u in units(section.text)] == [
        "- ☑ Exports to PDF",
        "- ☐ Exports to EPUB",
        "- ☑ Signed builds",
        "- [Beta] Dark mode",
        "- the guide explains it",
        "- [x]no space is no box",
    ]


def test_a_paragraph_of_pictures_gives_no_text_but_a_picture_in_a_sentence_its_words() -> None:
    """A README's badges and logo are pictures, as an HTML page's images are: their alt text is no sentence
    ("PyPI version Build"). An icon inside a sentence is one of its words."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "[![PyPI version](https://img.shields.io/pypi/v/x.svg)](https://pypi.org/project/x/) "
        "[![Build](https://ci.example/badge.svg)](https://ci.example)\n\n"
        "![Architecture diagram](img/arch.png)\n\n"
        "Click the ![gear](gear.png) icon to open the settings.\n"
    )
    assert section.text == "Click the gear icon to open the settings."


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # A link whose address the site's build completes is still a link.
        ("See the [install guide]({{ site.baseurl }}/install) first.", "See the install guide first."),
        ("Read [the FAQ]({% link faq.md %}) before you ask.", "Read the FAQ before you ask."),
        # Jekyll's raw tags around what the page shows as written go; what they hold stays.
        ("{% raw %}Use `{{ name }}` in a template.{% endraw %}", "Use `{{ name }}` in a template."),
        ("Tags such as {%- raw -%}{{ x }}{%- endraw -%} print a value.", "Tags such as {{ x }} print a value."),
        # A statement alone on its line is the build's; one in code is what the page documents.
        ("{% include note.html %}\n\nThe note is above.", "The note is above."),
        ("Write `{% block content %}` in the child template.", "Write `{% block content %}` in the child template."),
        # a page that documents the syntax shows it in code as written
        ("```liquid\n[guide]({{ site.baseurl }}/install)\n```", "```liquid\n[guide]({{ site.baseurl }}/install)\n```"),
    ],
)
def test_a_templates_tags_are_read_as_the_built_site_shows_them(source: str, text: str) -> None:
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text == text


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # Hugo's shortcodes in prose: the built page shows a shortcode's `text`, or what the build puts there
        ('A {{< glossary_tooltip text="Pod" term_id="pod" >}} runs containers.', "A Pod runs containers."),
        ('Install version {{< param "version" >}} or later.', "Install version or later."),
        ('See {{< ref "install.md" >}} first.', "See first."),
        ("{{< note >}}\nBack up the data first.\n{{< /note >}}", "Back up the data first."),
        # Hugo's `highlight` shortcode is a code block in its language
        (
            '{{< highlight yaml "linenos=table" >}}\nserver:\n  port: 8080\n{{< /highlight >}}',
            "```yaml\nserver:\n  port: 8080\n```",
        ),
        # in code, a shortcode is what the page documents
        ('Write `{{< ref "install.md" >}}` to link a page.', 'Write `{{< ref "install.md" >}}` to link a page.'),
    ],
)
def test_hugo_shortcodes_are_read_as_the_built_site_shows_them(source: str, text: str) -> None:
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text == text


@pytest.mark.parametrize(
    ("source", "text"),
    [
        # VitePress: the lines a fence marks are no part of its language; a code group's tab label introduces its code
        ("```js{4}\nlet y = 2;\n```", "```js\nlet y = 2;\n```"),
        (
            "::: code-group\n```sh [npm]\nnpm install vite\n```\n```sh [pnpm]\npnpm add vite\n```\n:::",
            "npm:\n\n```sh\nnpm install vite\n```\n\npnpm:\n\n```sh\npnpm add vite\n```",
        ),
        # mdBook's includes stand for a file the page does not hold, in prose and in code
        ("Run it.\n\n{{#include ../listings/intro.md}}\n\nThen build.", "Run it.\n\nThen build."),
        (
            "The program:\n\n```rust\n{{#include ../listings/main.rs}}\n```\n\nThen build.",
            "The program:\n\nThen build.",
        ),
        # an MDX comment (Docusaurus reads `.md` as MDX) is for the page's editors
        ("Run it.\n\n{/* keep in sync with the CLI */}\n\nThen build.", "Run it.\n\nThen build."),
        # GitHub's first notes: a bold label alone on the quote's first line
        ("> **Note**\n> Keys expire after 90 days.", "> Note: Keys expire after 90 days."),
        ("> **Warning:**\n> Back up first.", "> Warning: Back up first."),
        ("> **Bold** words open\n> this quote.", "Bold words open this quote."),
    ],
)
def test_vitepress_mdbook_mdx_and_github_conventions(source: str, text: str) -> None:
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text == text


def test_a_jsx_tabs_label_introduces_what_the_tab_holds() -> None:
    """Docusaurus and Starlight tabs are JSX components: each tab's label says what its example is for, as a
    MkDocs tab's title does; the tags themselves, and a tab without a label, give no text."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        '<Tabs>\n<TabItem value="pip" label="pip">\n\n```bash\npip install fetchr\n```\n\n</TabItem>\n'
        "<TabItem value=\"conda\" label={'conda-forge'}>\n\n```bash\nconda install fetchr\n```\n\n</TabItem>\n"
        '<TabItem value="src">\n\nBuild it from the sources.\n\n</TabItem>\n</Tabs>\n'
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("code", "pip:\n```bash\npip install fetchr\n```"),
        ("code", "conda-forge:\n```bash\nconda install fetchr\n```"),
        ("sentence", "Build it from the sources."),
    ]


def test_superscripts_and_footnote_marks_are_not_read_as_digits_of_a_number() -> None:
    """ "10<sup>6</sup> bytes" is ten to the sixth, not 106 bytes; a footnote's mark after a figure is no digit
    of it (Sphinx's and the PostgreSQL manual's marks go, as a Markdown footnote's do); a superscript that is
    no figure stays as written."""
    from answerable.ingest.html import html_sections
    from answerable.ingest.markdown import markdown_sections

    _, (section,), _ = html_sections(
        "<html><body><main><h1>Limits</h1><p>The default port is 8080"
        '<a class="footnote-reference brackets" href="#f1" id="r1">1</a>. A megabyte is 10<sup>6</sup> bytes'
        '<a href="#ftn.x" class="footnote"><sup class="footnote">[7]</sup></a>, and CO<sub>2</sub> is a gas. '
        "Acme<sup>TM</sup> ships on the 3<sup>rd</sup>.</p></main></body></html>"
    )
    assert (
        section.text == "The default port is 8080. A megabyte is 10⁶ bytes, and CO₂ is a gas. AcmeTM ships on the 3rd."
    )
    (md,) = markdown_sections("Up to 2<sup>31</sup> rows, port 8080<sup>1</sup>, H<sub>2</sub>O, 1<sup>st</sup>.")
    assert md.text == "Up to 2³¹ rows, port 8080¹, H₂O, 1st."


def test_a_raised_mark_after_a_word_is_a_footnotes_mark() -> None:
    """No exponent is written on a word: "30 days<sup>1</sup>" marks a footnote, and read as "30 days¹" it hid
    the span of 30 days from the figures read. After a unit's symbol or a number a superscript is drawn."""
    from answerable.ingest.html import html_sections
    from answerable.ingest.markdown import markdown_sections

    (md,) = markdown_sections(
        "Trash keeps files for 30 days<sup>1</sup>. Rooms hold 20 m<sup>2</sup> each.<sup>a</sup> "
        "Plans cost $8 per user.<sup>†</sup> Up to 10<sup>6</sup> rows, x<sup>n</sup>."
    )
    assert (
        md.text == "Trash keeps files for 30 days. Rooms hold 20 m² each. Plans cost $8 per user. Up to 10⁶ rows, xⁿ."
    )
    _, (section,), _ = html_sections(
        "<html><body><main><h1>Trash</h1><p>Trash keeps files for 30 days<sup>1</sup>, in 20 m<sup>2</sup>.</p>"
        "</main></body></html>"
    )
    assert section.text == "Trash keeps files for 30 days, in 20 m²."


def test_built_html_code_line_numbers_and_tabs_read_as_the_markdown_wrote_them() -> None:
    """MkDocs Material and Sphinx output: a code block with line numbers (Pygments' `highlighttable`, or
    `linenos` spans inside the code) is the code alone; pymdownx.tabbed's tabs, in either style, give each
    tab's title before what it holds, not the titles run together."""
    from answerable.ingest.html import html_sections

    _, (section,), _ = html_sections(
        '<html><body><main><h1>Install</h1><table class="highlighttable"><tr><td class="linenos"><div '
        'class="linenodiv"><pre><span class="normal">1</span>\n<span class="normal">2</span></pre></div></td>'
        '<td class="code"><div><pre><code>port = 8080\nhost = "0.0.0.0"\n</code></pre></div></td></tr></table>'
        '<div class="highlight"><pre><span class="linenos">1</span>x = 1\n<span class="linenos">2</span>y = 2\n'
        '</pre></div><div class="tabbed-set tabbed-alternate"><input id="t1" type="radio"><input id="t2" '
        'type="radio"><div class="tabbed-labels"><label for="t1">pip</label><label for="t2">conda</label></div>'
        '<div class="tabbed-content"><div class="tabbed-block"><pre><code>pip install x</code></pre></div>'
        '<div class="tabbed-block"><pre><code>conda install x</code></pre></div></div></div>'
        '<div class="tabbed-set"><input id="u1" type="radio"><label for="u1">Linux</label><div '
        'class="tabbed-content"><p>Use apt.</p></div><input id="u2" type="radio"><label for="u2">macOS</label>'
        '<div class="tabbed-content"><p>Use brew.</p></div></div></main></body></html>'
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("code", '```\nport = 8080\nhost = "0.0.0.0"\n```'),
        ("code", "```\nx = 1\ny = 2\n```"),
        ("code", "pip:\n```\npip install x\n```"),
        ("code", "conda:\n```\nconda install x\n```"),
        ("sentence", "Linux:"),
        ("sentence", "Use apt."),
        ("sentence", "macOS:"),
        ("sentence", "Use brew."),
    ]


def test_rst_code_blocks_with_sphinx_options_substitutions_and_footnote_marks() -> None:
    """A Sphinx code block keeps its code whatever its options (`:linenos:`, `:emphasize-lines:`, `:caption:`;
    docutils' own `code-block` refuses them and the block was lost); a substitution reads as what the page
    defines it to be, wherever the definition stands; a footnote's mark goes with the space before it."""
    from answerable.ingest.rst import rst_sections

    (section,) = rst_sections(
        "Install\n=======\n\n|product| runs jobs in parallel [#f1]_.\n\n"
        ".. code-block:: python\n   :linenos:\n   :emphasize-lines: 2\n   :caption: app.py\n\n"
        "   import fetchr\n   fetchr.get(url)\n\n"
        ".. sourcecode:: bash\n   :lineno-start: 10\n\n   fetchr --jobs 4\n\n"
        "Ask |support| for help.\n\n.. [#f1] At most 16.\n\n"
        ".. |product| replace:: Fetchr Pro\n.. |support| replace:: the help desk\n"
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("sentence", "Fetchr Pro runs jobs in parallel."),
        ("code", "```python\nimport fetchr\nfetchr.get(url)\n```"),
        ("code", "```bash\nfetchr --jobs 4\n```"),
        ("sentence", "Ask the help desk for help."),
        ("sentence", "At most 16."),
    ]


def test_sphinx_html_field_lists_introduce_their_parameters() -> None:
    """Sphinx's HTML for an object: its field list's "Parameters:" introduces one entry per parameter, and a
    field of one paragraph is an entry of its own; the label is no entry without a description
    ("`Parameters:`:")."""
    from answerable.ingest.html import html_sections

    _, (section,), _ = html_sections(
        '<html><body><main><h1>API</h1><dl class="py function"><dt class="sig" id="get">'
        '<span class="pre">fetchr.get(url, jobs=4)</span></dt><dd><p>Download a page.</p>'
        '<dl class="field-list simple"><dt class="field-odd">Parameters<span class="colon">:</span></dt>'
        '<dd class="field-odd"><ul class="simple"><li><p><strong>url</strong> (<em>str</em>) – The address.</p>'
        "</li><li><p><strong>jobs</strong> (<em>int</em>) – How many at once. Default 4.</p></li></ul></dd>"
        '<dt class="field-even">Returns<span class="colon">:</span></dt><dd class="field-even"><p>The response.'
        "</p></dd></dl></dd></dl></main></body></html>"
    )
    got = [u.text for u in units(section.text)]
    assert got[1:] == [
        "`url (str)`: The address.",
        "`jobs (int)`: How many at once. Default 4.",
        "`Returns`: The response.",
    ]
    assert got[0].endswith("Download a page. Parameters:") and "`Parameters" not in section.text


def test_an_attribute_list_after_a_link_image_code_or_icon_is_markup() -> None:
    """MkDocs Material writes buttons, link targets and image sizes as attribute lists right after the
    element (`[Download](url){ .md-button }`); they are markup, as a paragraph's closing `{: .note }` is.
    Braces with a space before them, or that hold no attributes, are the page's text."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "[Download the installer](https://x.dev/dl){ .md-button .md-button--primary } and run it.\n\n"
        "Open the [settings](settings.md){target=_blank} page. Set `retries`{ .hl } to 3 :material-check:{ .ok }\n\n"
        '![Screenshot](shot.png){ width="300" loading=lazy }\n\n'
        'A set {1, 2} stays, [a link](x.md) {braces} too, and [JSON](y.md){"a": 1}.\n'
    )
    assert [u.text for u in units(section.text)] == [
        "Download the installer and run it.",
        "Open the settings page.",
        "Set `retries` to 3",
        'A set {1, 2} stays, a link {braces} too, and JSON{"a": 1}.',
    ]


def test_an_attribute_list_closing_a_paragraph_or_heading_is_markup_with_or_without_its_colon() -> None:
    """Python-Markdown 3 makes the colon of an attribute list optional: `{ .lead }` closing a paragraph and
    `{ data-toc-label="Limits" }` closing a heading are markup, as `{: .note }` is; the heading's anchor is
    made from its words. Braces that hold no class, id or key=value are the page's text."""
    from answerable.ingest.markdown import markdown_sections

    intro, limits = markdown_sections(
        "# Relay\n\nThe relay runs in the background. { .lead }\n\nIt keeps a set { a b } of peers.\n\n"
        '## Limits { data-toc-label="Limits" }\n\nAt most 5 peers.{: .note }\n'
    )
    assert [u.text for u in units(intro.text)] == [
        "The relay runs in the background.",
        "It keeps a set { a b } of peers.",
    ]
    assert limits.heading_path == ("Relay", "Limits") and limits.anchor == "limits"
    assert [u.text for u in units(limits.text)] == ["At most 5 peers."]


def test_a_parameter_item_with_its_type_in_braces_is_an_entry() -> None:
    """JSDoc and Node.js docs give a parameter's type in braces after its name, with no separator."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "- `options` {Object}\n"
        "  - `timeout` {number} **Default:** `0`\n"
        "  - `maxBuffer` {number} Largest amount of data in bytes. **Default:** `1024 * 1024`.\n"
        "  - `cwd` {string|URL} - Current working directory.\n"
        "- `{braces}` are code, not a type\n"
    )
    got = [(u.kind.value, u.text) for u in units(section.text)]
    assert got[:3] == [
        ("item", "- `options` {Object}"),
        ("entry", "`timeout (number)`: Default: `0`"),
        ("entry", "`maxBuffer (number)`: Largest amount of data in bytes. Default: `1024 * 1024`."),
    ]
    assert got[3] == ("entry", "`cwd (string|URL)`: Current working directory.")
    assert got[4] == ("item", "- `{braces}` are code, not a type")
    assert entry_names(got[2][1]) == ("maxBuffer",)


def test_a_typed_item_under_a_heading_that_names_code_is_that_names_entry() -> None:
    """Node.js documents a property by a heading that names it and an item that gives its type first."""
    from answerable.ingest.markdown import markdown_sections

    sections = markdown_sections(
        "# HTTP\n\n### `server.keepAliveTimeout`\n\n* {number} Timeout in milliseconds. **Default:** `5000`.\n\n"
        "The number of milliseconds of inactivity.\n\n### Class property: `Buffer.poolSize`\n\n"
        "* {integer} **Default:** `8192`\n\n## Plain heading\n\n* {number} stays an item\n"
    )
    got = {s.heading_path[-1]: [(u.kind.value, u.text) for u in units(s.text)] for s in sections}
    assert got["`server.keepAliveTimeout`"] == [
        ("entry", "`server.keepAliveTimeout (number)`: Timeout in milliseconds. Default: `5000`."),
        ("sentence", "The number of milliseconds of inactivity."),
    ]
    assert got["Class property: `Buffer.poolSize`"] == [("entry", "`Buffer.poolSize (integer)`: Default: `8192`")]
    assert got["Plain heading"] == [("item", "- {number} stays an item")]


def test_markdown_colon_containers_and_autodoc_directives() -> None:
    """Docusaurus, VitePress and MyST admonitions are notes; mkdocstrings' `::: package.Object` (rendered
    from code when the site is built) and an admonition left holding only it give no text."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        ":::tip Keep keys short-lived\nKeys expire after **90 days**.\n:::\n\n"
        "::: warning\nRotate them.\n:::\n\n:::note[Heads up]\nOld keys stop at midnight.\n:::\n\n"
        ":::{note}\nA MyST note.\n:::\n\n"
        "::: lumen.client.Client\n    options:\n        show_root_heading: true\n\n"
        '??? abstract "API Reference"\n    ::: lumen.keys.rotate\n        options:\n            heading_level: 3\n\n'
        "::: lumen\n    options:\n        members: false\n\n"
        "After the reference.\n\n::: an unclosed colon line stays prose\n"
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("admonition", "Keep keys short-lived: Keys expire after 90 days."),
        ("admonition", "Warning: Rotate them."),
        ("admonition", "Heads up: Old keys stop at midnight."),
        ("admonition", "Note: A MyST note."),
        ("sentence", "After the reference."),
        ("sentence", "::: an unclosed colon line stays prose"),
    ]


# --- the JSONL corpus ---------------------------------------------------------------------------------


def test_a_corpus_record_is_parsed_in_the_format_it_states_or_shows(tmp_path: Path) -> None:
    markdown = "# Limits\n\n| Plan | Keys |\n|---|---|\n| Free | 2 |\n\n```sh\nlumen keys ls\n```\n"
    rst = "Limits\n======\n\n.. note:: Keys expire.\n\n.. confval:: pool_size\n\n   Open connections. (Default 50)\n"
    records = [
        {"id": "md", "title": "MD", "text": markdown},
        {"id": "rst", "title": "RST", "text": rst},
        {"id": "html", "title": "HTML", "text": "<main><h2 id='x'>Limits</h2><p>Two <b>keys</b>.</p></main>"},
        {"id": "plain", "title": "Plain", "text": "The Normans were a people. #1 in 1066 | roughly."},
        {"id": "stated", "title": "Stated", "text": "# Not a heading, says the record", "format": "text"},
        {"id": "bad", "title": "Bad", "text": "x", "format": "docx"},
    ]
    path = tmp_path / "corpus.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    items = {i.document.id if isinstance(i, Loaded) else i.source: i for i in load_file(path, "c", Defaults())}
    md = items["md"]
    assert isinstance(md, Loaded)
    assert [u.kind for u in units(md.sections[0].text)] == [UnitKind.TABLE, UnitKind.CODE]
    rst_loaded = items["rst"]
    assert isinstance(rst_loaded, Loaded)
    assert sentences_of(rst_loaded.sections[0].text) == (
        "Note: Keys expire.",
        "`pool_size`: Open connections. (Default 50)",
    )
    html = items["html"]
    assert isinstance(html, Loaded) and html.sections[0].text == "Two keys."
    plain = items["plain"]
    assert isinstance(plain, Loaded) and plain.document.text == records[3]["text"]  # plain prose is left as it is
    stated = items["stated"]
    assert isinstance(stated, Loaded) and stated.document.text == "# Not a heading, says the record"
    assert all(not isinstance(i, Loaded) or "format" not in dict(i.document.extra) for i in items.values())
    (bad,) = [i for i in items.values() if isinstance(i, Skipped)]
    assert bad.reason == "format: expected one of markdown, rst, html, text, got 'docx'"


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("---\ntitle: x\n---\nText.", Format.MARKDOWN),
        ("Intro.\n\n## Setup\n\nRun it.", Format.MARKDOWN),
        ("Run:\n\n```sh\nmake\n```", Format.MARKDOWN),
        ("| a | b |\n|---|---|\n| 1 | 2 |", Format.MARKDOWN),
        ("Setup\n=====\n\nRun it.", Format.RST),
        ("Intro.\n\n.. note:: Careful.", Format.RST),
        ("<html><body><p>Hi</p></body></html>", Format.HTML),
        ("The Normans (Norman: Nourmands) were the people who in the 10th and 11th centuries gave", Format.TEXT),
        ("Rated #1 by users; costs $5 | month.", Format.TEXT),
    ],
)
def test_the_format_of_a_text_that_does_not_say(text: str, fmt: Format) -> None:
    assert detect(text) is fmt


# --- files and their addresses ------------------------------------------------------------------------


def test_sphinx_and_mkdocs_layouts_give_each_page_and_section_its_address(tmp_path: Path) -> None:
    from answerable.backends.store.base import section_url

    docs = tmp_path / "docs"
    (docs / "usage").mkdir(parents=True)
    (docs / "usage" / "quickstart.rst.txt").write_text("Quickstart\n==========\n\nIntro.\n\nSetup\n-----\n\nRun it.\n")
    (docs / "usage" / "quickstart.md").write_text("# Quickstart\n\nIntro.\n\n## Setup\n\nRun it.\n")
    (docs / "index.rst").write_text("Home\n====\n\nWelcome.\n")
    (docs / "own.md").write_text("---\nurl: https://elsewhere.example.com/own\n---\n# Own\n\nText.\n")
    found = {f.rel_path: f.doc_id for f in find([docs])}
    assert found == {
        "index.rst": "index",
        "own.md": "own",
        "usage/quickstart.md": "usage/quickstart",
        "usage/quickstart.rst.txt": "usage/quickstart",
    }
    urls = {}
    for f in find([docs]):
        (item,) = load_file(f.path, f.doc_id, BASE, rel_path=f.rel_path)
        assert isinstance(item, Loaded)
        urls[f.rel_path] = [section_url(item.document.url, s.anchor) or item.document.url for s in item.sections]
    assert urls == {
        "index.rst": ["https://docs.example.com/index.html"],
        "own.md": ["https://elsewhere.example.com/own"],  # front matter's url wins
        "usage/quickstart.md": [
            "https://docs.example.com/usage/quickstart.html",
            "https://docs.example.com/usage/quickstart.html#setup",
        ],
        "usage/quickstart.rst.txt": [
            "https://docs.example.com/usage/quickstart.html",
            "https://docs.example.com/usage/quickstart.html#setup",
        ],
    }


def test_a_parameter_item_with_its_value_as_code_in_parentheses_is_an_entry() -> None:
    """MkDocs parameter lists give a default or a type as code in parentheses after the name; the item is
    that name's entry, the parenthesis part of its name (without its backticks)."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "It accepts the following arguments:\n\n"
        "* `session_name` (`appsession`): Name of the session cookie.\n"
        "* `max_age` (`Optional[int]`): Lifetime in seconds. `None` by default.\n"
        "* `same_site` (`lax`): The SameSite policy. Valid values are `lax` and `strict`.\n"
        "* `(parentheses)` are code, not a value\n"
    )
    got = [(u.kind.value, u.text) for u in units(section.text)]
    assert ("entry", "`session_name (appsession)`: Name of the session cookie.") in got
    assert ("entry", "`max_age (Optional[int])`: Lifetime in seconds. `None` by default.") in got
    assert ("entry", "`same_site (lax)`: The SameSite policy. Valid values are `lax` and `strict`.") in got
    assert ("item", "- `(parentheses)` are code, not a value") in got
    assert entry_names(got[1][1]) == ("session_name",)


def test_an_admonition_kind_that_says_what_its_title_is_stays_before_the_title() -> None:
    """`!!! success "201 Created"` is the response on success: its kind is read with its title. A note's or
    a tip's kind says nothing of its title and is not added."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        '!!! success "`201 Created`"\n    ```json\n    {"id": 1}\n    ```\n\n'
        '!!! fail "`400 Bad Request`: A user already exists."\n    ```json\n    {"detail": "EXISTS"}\n    ```\n\n'
        '!!! tip "Speed things up"\n    Cache the results.\n\n'
        '!!! warning "Warning: experimental"\n    It may change.\n'
    )
    text = section.text
    assert "Success: `201 Created`" in text
    assert "Fail: `400 Bad Request`: A user already exists." in text
    assert "Speed things up" in text and "Tip: Speed things up" not in text
    assert "Warning: experimental" in text and "Warning: Warning" not in text


def test_a_backslash_escape_in_rest_reads_as_the_page_shows_it() -> None:
    """docutils keeps a backslash escape as a NUL before the escaped character: "directive\\ s" is the
    plural "directives" on the page, and must never reach a passage as "directive\\x00 s"."""
    from answerable.ingest.rst import rst_sections

    source = (
        "Domains\n=======\n\n"
        "A domain is a collection of markup (reStructuredText directive\\ s and roles).\n\n"
        "* Any EXCLUDE_PATTERN\\ s given are fnmatch-style patterns.\n"
        "* Use an asterisk (\\*) to match any name.\n\n"
        "Option\\ s\n  A definition, with a \\\\ backslash.\n"
    )
    texts = [u.text for s in rst_sections(source) for u in units(s.text)]
    assert texts == [
        "A domain is a collection of markup (reStructuredText directives and roles).",
        "- Any EXCLUDE_PATTERNs given are fnmatch-style patterns.",
        "- Use an asterisk (*) to match any name.",
        "`Options`: A definition, with a \\ backslash.",
    ]
    assert not any("\x00" in t for t in texts)


def test_what_a_site_build_replaces_is_not_page_text() -> None:
    """Includes, a table-of-contents marker, abbreviation definitions, Jinja statements and icon shortcodes
    are replaced when the site is built: the page holds none of their text. A code block or tab that held
    only an include is gone; one with code of its own keeps that code. An escaped marker is shown."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "[TOC]\n\nInstall the worker first. :material-download: Then start it.\n\n"
        '--8<-- "includes/glossary.md"\n\n*[CLI]: Command-line interface\n\n{% include "partials/banner.md" %}\n\n'
        "{* ../../docs_src/worker/tutorial003.py hl[5] *}\n\n{!> ../../docs_src/worker/settings.py !}\n\n"
        'Configure the queue:\n\n```python title="worker.py"\n--8<-- "docs/src/worker.py"\n```\n\n'
        'Or write it inline:\n\n```python\nqueue = Queue("jobs")\n--8<-- "docs/src/more.py"\n```\n\n'
        '=== "Docker"\n\n    ```\n    --8<-- "docker/compose.yml"\n    ```\n\n'
        '=== "Shell"\n\n    ```bash\n    worker --concurrency 4\n    ```\n\n'
        'The syntax, escaped as pymdownx escapes it:\n\n```\n;--8<-- "filename.md"\n```\n'
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("sentence", "Install the worker first."),
        ("sentence", "Then start it."),
        ("sentence", "Configure the queue:"),
        ("code", 'Or write it inline:\n```python\nqueue = Queue("jobs")\n```'),
        ("code", "Shell:\n```bash\nworker --concurrency 4\n```"),
        ("code", 'The syntax, escaped as pymdownx escapes it:\n```\n--8<-- "filename.md"\n```'),
    ]


def test_emoji_shortcodes_read_as_the_emoji_a_site_shows() -> None:
    """pymdownx.emoji (and GitHub) show `:warning:` as the emoji it names; a name that is no emoji, a time
    and a shortcode inside code stay as written."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        ":warning: Never share the token. Tests pass :white_check_mark: and reviews get a :+1:.\n\n"
        "The `:param:` field and the :nosuchemoji: name stay, and so does 10:30:00.\n\n"
        "```yaml\nicon: :rocket:\n```\n"
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("sentence", "\u26a0\ufe0f Never share the token."),
        ("sentence", "Tests pass \u2705 and reviews get a \U0001f44d."),
        ("sentence", "The `:param:` field and the :nosuchemoji: name stay, and so does 10:30:00."),
        ("code", "```yaml\nicon: :rocket:\n```"),
    ]


def test_pymdownx_inline_marks_footnotes_blocks_and_markdown_in_html_read_as_text() -> None:
    """Keys, marks, insertions, sub- and superscripts read as the text they mark (and `C++`, `a == b`,
    `2^10` stay as written); a footnote's mark goes and its text is read after the paragraph that marks it; a
    block's options are settings; an HTML element marked `markdown` holds Markdown."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(
        "Press ++ctrl+shift+p++ to open the palette.[^keys] The ==default== port is 8080 and ^^only^^ TCP is "
        "served. Water is H~2~O; the area is r^2^ times pi.\n\nC++ and i++ stay, a == b stays and 2^10 stays.\n\n"
        '<div class="grid" markdown>\nThe limit is **100** requests per minute.\n</div>\n\n'
        "/// details | Older releases\n    type: warning\n    open: true\n\nBefore 2.0 the flag was `--quick`.\n///\n\n"
        "[^keys]: On macOS, press ++cmd+shift+p++.\n"
    )
    assert [(u.kind.value, u.text) for u in units(section.text)] == [
        ("sentence", "Press Ctrl+Shift+P to open the palette."),
        ("sentence", "The default port is 8080 and only TCP is served."),
        ("sentence", "Water is H2O; the area is r2 times pi."),
        ("sentence", "On macOS, press Cmd+Shift+P."),
        ("sentence", "C++ and i++ stay, a == b stays and 2^10 stays."),
        ("sentence", "The limit is 100 requests per minute."),
        ("admonition", "Older releases: Before 2.0 the flag was `--quick`."),
    ]


def test_a_real_mkdocs_project_s_includes_and_icons_leave_no_marker() -> None:
    """FastAPI Users' pages pull their code in with pymdownx snippets and link with Material icons; its
    `index.md` is nothing but an include, so it holds no text and is skipped with the reason."""
    root = Path(__file__).parents[2] / "examples" / "realdocs" / "fastapi-users" / "docs"
    texts: list[str] = []
    skipped: list[str] = []
    for found in find([root]):
        for item in load_file(found.path, found.doc_id, BASE, rel_path=found.rel_path):
            if isinstance(item, Skipped):
                skipped.append(found.doc_id)
            else:
                texts += [u.text for c in chunk(item) for u in units(c.text)]
    assert skipped == ["index"]
    assert len(texts) > 500
    assert not [t for t in texts if "8<" in t or ":material-" in t or ":octicons-" in t]
    # the code each include stood for is not there; the code the pages hold is
    assert any(
        t.startswith("```py\nclass User(SQLAlchemyBaseUserTable[int], Base):")
        or "class User(SQLAlchemyBaseUserTable[int], Base):" in t
        for t in texts
    )


def test_docusaurus_mdx_hugo_vitepress_and_gitbook_markers_are_not_page_text(tmp_path: Path) -> None:
    """MDX's imports and exports are code the build runs and a JSX component's tags are markup (a
    capitalised tag that is closed, self-closing or has attributes; `List<String>` is prose); Hugo
    shortcodes, VitePress' `[[toc]]` and GitBook's `{% hint %}` lines wrap text without being any. An
    `.mdx` page is a Markdown page."""
    page = tmp_path / "install.mdx"
    page.write_text(
        "---\ntitle: Installing\n---\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n"
        "export const Version = ({v}) => <code>{v}</code>;\n\n"
        '<Tabs>\n  <TabItem value="npm" label="npm" default>\n\n```bash\nnpm install widget\n```\n\n'
        '  </TabItem>\n</Tabs>\n\nThe default port is <Highlight>3000</Highlight>, and a <Badge text="beta" /> '
        "goes; `List<String>` and List<String> stay.\n\nTo import data from a CSV file, run the importer.\n\n"
        '{{< note >}}\nBack up first.\n{{< /note >}}\n\n[[toc]]\n\n{% hint style="info" %}\nKeys rotate '
        "yearly.\n{% endhint %}\n",
        encoding="utf-8",
    )
    (found,) = find([tmp_path])
    (item,) = load_file(found.path, found.doc_id, BASE, rel_path=found.rel_path)
    assert isinstance(item, Loaded) and item.document.title == "Installing"
    assert [(u.kind.value, u.text) for c in chunk(item) for u in units(c.text)] == [
        ("code", "npm:\n```bash\nnpm install widget\n```"),  # the tab's label introduces its example
        ("sentence", "The default port is 3000, and a goes; `List<String>` and List<String> stay."),
        ("sentence", "To import data from a CSV file, run the importer."),
        ("sentence", "Back up first."),
        ("sentence", "Keys rotate yearly."),
    ]


def test_myst_directives_roles_and_labels_read_as_sphinx_shows_them() -> None:
    """MyST pages (Sphinx's Markdown) write directives in fences and roles in braces: an admonition is a
    note of Markdown, a code directive code in its language, an object description an entry, navigation
    and includes nothing, `eval-rst` reST; a role shows its text (code for a code object); a label before
    a heading is no text. Options go."""
    from answerable.ingest.markdown import markdown_sections

    sections = markdown_sections(
        "# Client\n\n```{note}\nTokens expire after **1 hour**.\n```\n\n"
        "```{code-block} python\n:caption: client.py\n\nclient = Client(retries=3)\n```\n\n"
        "```{py:function} connect(url, timeout=5)\n\nOpen a connection.\n\n:param timeout: Seconds to wait.\n```\n\n"
        "```{toctree}\n:maxdepth: 2\n\nintro\n```\n\n```{literalinclude} ../src/client.py\n:language: python\n```\n\n"
        "```{eval-rst}\n.. warning:: Written in reST.\n```\n\n"
        "```{admonition} Rate limits\n:class: tip\n\nAt most 100 calls a minute.\n```\n\n"
        ":::{versionadded} 2.1\n:class: small\nThe `retries` option.\n:::\n\n"
        "Call {py:func}`~client.connect` as the {ref}`setup guide <setup>` shows, or see {doc}`usage`.\n\n"
        "(tuning)=\n## Tuning\n\nRaise the pool size.\n"
    )
    got = [(s.heading_path, [(u.kind.value, u.text) for u in units(s.text)]) for s in sections]
    assert got == [
        (
            ("Client",),
            [
                ("admonition", "Note: Tokens expire after 1 hour."),
                ("code", "```python\nclient = Client(retries=3)\n```"),
                ("entry", "`connect(url, timeout=5)`: Open a connection."),
                ("entry", "`timeout`: Seconds to wait."),
                ("admonition", "Warning: Written in reST."),
                ("admonition", "Rate limits: At most 100 calls a minute."),
                ("admonition", "New in version 2.1: The `retries` option."),
                ("sentence", "Call `connect` as the setup guide shows, or see usage."),
            ],
        ),
        (("Client", "Tuning"), [("sentence", "Raise the pool size.")]),
    ]


def test_a_pep_or_an_rfc_role_shows_its_name_as_sphinx_does() -> None:
    """`{pep}`681`` is shown as "PEP 681", not as a bare "681" a reader could take for a figure."""
    from answerable.ingest.blocks import Para
    from answerable.ingest.markdown import markdown_blocks

    (para,) = markdown_blocks("Renamed to conform with {pep}`681`; see {rfc}`9110#section-8` and {pep}`the PEP <484>`.")
    assert para == Para("Renamed to conform with PEP 681; see RFC 9110 and the PEP.")


def test_a_footnote_is_read_after_the_paragraph_that_marks_it_not_under_the_last_heading() -> None:
    """A Markdown page defines its footnotes at its foot, under whatever heading comes last; the site shows
    them as notes to the words that mark them. Read there, "The digest covers every field." belongs to the
    section on signing; a note no paragraph marks stays where the page puts it."""
    from answerable.ingest.markdown import markdown_sections

    sections = markdown_sections(
        "# Webhooks\n\n## Signing\n\nEach delivery is signed with HMAC [^digest], then sent.\n\n"
        "## Retries\n\nFailed deliveries are retried 5 times.\n\n"
        "[^digest]: The digest covers every field.\n"
    )
    text = {s.heading_path[-1]: s.text for s in sections}
    assert "Each delivery is signed with HMAC, then sent.\n\nThe digest covers every field." in text["Signing"]
    assert "digest" not in text["Retries"]


def test_a_real_myst_page_reads_its_directives_and_roles_as_sphinx_shows_them() -> None:
    loaded = load("sphinx-autodoc2-quickstart.md")
    code = of_kind(loaded, UnitKind.CODE)
    assert "Install from PyPI:\n```bash\npip install sphinx-autodoc2\n```" in code  # ```{code-block} bash
    assert any(c.startswith("```restructuredtext\n.. toctree::") for c in code)  # code that shows reST stays code
    notes = of_kind(loaded, UnitKind.ADMONITION)
    assert "See also: config:package for more information on how to configure the packages to document." in notes
    assert any(n.startswith("Tip: If you don't want to include the `apidocs` directory") for n in notes)
    prose = " ".join(of_kind(loaded, UnitKind.SENTENCE) + of_kind(loaded, UnitKind.ITEM) + code)
    assert "{confval}" not in prose and "`autodoc2_packages` configuration option" in prose


_THEME_RST = (
    "Builtin themes\n==============\n\n"
    "- **linkcolor** (CSS color): Body link color.\n"
    "- **headercolor1**, **headercolor2** (CSS color): colors for <h1> and <h2>\n  headings.\n\n"
    "Write <your-name> in ``conf.py``, where a < b and c > d.\n"
)
_THEME_HTML = (
    "<h1>Builtin themes</h1><ul><li><p><strong>linkcolor</strong> (CSS color): Body link color.</p></li>"
    "<li><p><strong>headercolor1</strong>, <strong>headercolor2</strong> (CSS color): colors for &lt;h1&gt; and "
    "&lt;h2&gt;\nheadings.</p></li></ul><p>Write &lt;your-name&gt; in <code>conf.py</code>, where a &lt; b and c "
    "&gt; d.</p>"
)


@pytest.mark.parametrize(("source", "fmt"), [(_THEME_RST, "rst"), (_THEME_HTML, "html")])
def test_a_tag_a_page_shows_as_text_is_quoted_as_code(source: str, fmt: str) -> None:
    """The Sphinx theming page's "colors for <h1> and <h2> headings" (reST as written, HTML as `&lt;h1&gt;`)
    names the elements: kept as inline code it reads so in Markdown, where a bare "<h1>" is HTML. A comparison's
    "<" is no tag and stays as it is."""
    from answerable.evaluation.markup import raw_markup
    from answerable.ingest.sections import page

    (section,) = page(source, Format(fmt), f"theming.{fmt}").sections
    said = [u.text for u in units(section.text)]
    assert "`headercolor1`: colors for `<h1>` and `<h2>` headings." in said or any(
        "colors for `<h1>` and `<h2>` headings." in s for s in said
    )
    assert any("Write `<your-name>` in `conf.py`, where a < b and c > d." in s for s in said)
    assert not any(raw_markup(s) for s in said)


@pytest.mark.parametrize(
    ("source", "row"),
    [
        ("| Segment | Version |\n|---|---|\n| `b`<br>`beta` | `1.0.0b0` |", "| `b` / `beta` | `1.0.0b0` |"),
        ("| Plan | Seats |\n|---|---|\n| Team<br/>Business | 50 |", "| Team / Business | 50 |"),
        ("| Step | Do |\n|---|---|\n| 1 | Open it.<br />Then save. |", "| 1 | Open it. / Then save. |"),
    ],
)
def test_a_line_break_in_a_table_cell_separates_its_items(source: str, row: str) -> None:
    """A table cell lists items one per line with `<br>`: read as one run of words, "`b` `beta`" would no
    longer be two names a question can call the row by."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text.split("\n")[-1] == row


def test_a_line_break_in_prose_is_a_space() -> None:
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections("Keys rotate daily.<br>Old keys expire after 24 hours.")
    assert section.text == "Keys rotate daily. Old keys expire after 24 hours."


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("Build with [PEP 517][] backends.", "Build with PEP 517 backends."),
        ("Metadata follows [the standard][core metadata].", "Metadata follows the standard."),
        ("See [the guide][guide] and [this] note.", "See the guide and [this] note."),  # a bare [this] stays
        ("Index `a[1][2]` as a matrix.", "Index `a[1][2]` as a matrix."),  # code is as written
        ("Use [the docs][docs].\n\n[docs]: https://example.org", "Use the docs."),  # a defined one is a link
    ],
)
def test_a_reference_link_without_its_definition_is_its_text(source: str, text: str) -> None:
    """MkDocs sites often append the link definitions from a shared file at build time; the page alone
    holds `[text][label]`, whose brackets are markup."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text == text


def test_an_faq_that_asks_its_questions_in_paragraphs_heads_each_answer_with_its_question() -> None:
    """ "***Q***: ...?" then "***A***: ..." (or "**Question:**", "Q."): each answer is read and cited as its
    question's, as under a question heading; a real heading closes the last question."""
    from answerable.ingest.markdown import markdown_sections

    source = (
        "# FAQ\n\n## Interoperability {#interop}\n\n***Q***: What is the risk of lock-in?\n\n***A***: Not much! "
        "Everything follows the standards.\n\n**Question:** Must one use all features?\n\nNo, all features are "
        "optional.\n\nSee the [guide](guide.md).\n\nQ. Is Windows supported?\n\nA. Yes.\n\n## Migration\n\nStart here."
    )
    got = [(s.heading_path, s.anchor, s.text) for s in markdown_sections(source)]
    assert got == [
        (
            ("FAQ", "Interoperability", "What is the risk of lock-in?"),
            "interop",
            "Not much! Everything follows the standards.",
        ),
        (
            ("FAQ", "Interoperability", "Must one use all features?"),
            "interop",
            "No, all features are optional.\n\nSee the guide.",
        ),
        (("FAQ", "Interoperability", "Is Windows supported?"), "interop", "Yes."),
        (("FAQ", "Migration"), "migration", "Start here."),
    ]


@pytest.mark.parametrize(
    "source",
    [
        "The Q: What is it? form is prose.",  # not a paragraph of its own
        "Q: no question mark here",
        "- Q: What is it?\n- A: A list.",  # items, not paragraphs
    ],
)
def test_a_question_mark_alone_makes_no_heading(source: str) -> None:
    from answerable.ingest.markdown import markdown_sections

    assert [s.heading_path for s in markdown_sections(f"# Page\n\n{source}")] == [("Page",)]


def test_a_line_break_in_an_html_table_cell_separates_its_items_and_in_a_paragraph_is_a_space() -> None:
    """Built HTML (MkDocs, Sphinx) writes the same `<br>` as the Markdown source did."""
    from answerable.ingest.html import html_sections

    _, sections, _ = html_sections(
        "<html><body><main><h1>Versions</h1><p>Keys rotate daily.<br>Old keys expire.</p><table><thead><tr>"
        "<th>Segment</th><th>New version</th></tr></thead><tbody><tr><td><code>b</code><br><code>beta</code></td>"
        "<td><code>1.0.0b0</code></td></tr></tbody></table></main></body></html>"
    )
    (section,) = sections
    assert section.text.split("\n\n") == [
        "Keys rotate daily. Old keys expire.",
        "| Segment | New version |\n|---|---|\n| `b` / `beta` | `1.0.0b0` |",
    ]


@pytest.mark.parametrize(
    ("source", "text"),
    [
        (
            "Forward it; see [](../configuration/index.md#environment-variables-for-the-build).",
            "Forward it; see environment variables for the build.",
        ),
        ("The details are in [](cmakelists.md).", "The details are in cmakelists."),
        ("Read [](https://example.org/guide) first.", "Read https://example.org/guide first."),
        ("Read [the guide](guide.md) first.", "Read the guide first."),  # a link with its text is its text
        # an icon's link has a text, the icon, which the page draws: no words, and no address either
        (
            "- Ofek Lev [:material-web:](https://ofek.dev) [:fontawesome-brands-github:](https://github.com/ofek)",
            "- Ofek Lev",
        ),
    ],
)
def test_a_link_without_text_reads_as_what_its_target_names(source: str, text: str) -> None:
    """MyST shows the title of what `[](target)` points to; read as nothing, "see [](...)." was "see ."."""
    from answerable.ingest.markdown import markdown_sections

    (section,) = markdown_sections(source)
    assert section.text == text
