"""Page text by heading: Markdown headings, fences and comments; every visible text run of an HTML page."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from answerable.core.types import Document
from answerable.engine.indexing import document_hash
from answerable.ingest.chunking import ChunkConfig, chunk
from answerable.ingest.loaders import Loaded, html_sections, load_file, markdown_sections
from answerable.ingest.metadata import Defaults


def load_one(path: Path) -> Loaded:
    (item,) = list(load_file(path, path.stem, Defaults()))
    assert isinstance(item, Loaded), item
    return item


def by_heading(loaded: Loaded) -> dict[tuple[str, ...], str]:
    return {s.heading_path: s.text for s in loaded.sections}


# --- Markdown -----------------------------------------------------------------------------------------


def test_setext_headings_give_the_title_and_the_heading_path(tmp_path: Path) -> None:
    path = tmp_path / "backup.md"
    path.write_text(
        "Setext Title\n============\n\nBody under the title. The nightly backup runs at 02:30 UTC.\n\n"
        "Sub Section\n-----------\n\nSnapshots are kept for 12 days.\n\n- a list item\n---\n\nAfter the rule.\n"
    )
    loaded = load_one(path)
    assert loaded.document.title == "Setext Title"
    assert by_heading(loaded) == {
        ("Setext Title",): "Body under the title. The nightly backup runs at 02:30 UTC.",
        # the rule after the list is layout, not text
        ("Setext Title", "Sub Section"): "Snapshots are kept for 12 days.\n\n- a list item\n\nAfter the rule.",
    }


def test_a_fence_closes_only_with_its_own_character_and_length() -> None:
    body = (
        "# Fences\n\n````markdown\n```python\nprint('x')\n```\n# Inside four backticks, not a heading\n````\n\n"
        "## After fence\n\n~~~\n```\n# inside tildes\n~~~\n\n## After mixed\n\nMixed text.\n"
    )
    sections = markdown_sections(body)
    assert [s.heading_path for s in sections] == [
        ("Fences",),
        ("Fences", "After fence"),
        ("Fences", "After mixed"),
    ]
    assert "# Inside four backticks, not a heading" in sections[0].text
    assert "# inside tildes" in sections[1].text


def test_a_closing_hash_sequence_is_removed_only_after_a_space() -> None:
    sections = markdown_sections("## Using C#\n\nC# text.\n\n## Tidy ##\n\nx\n\n### F# and C# #\n\ny\n")
    assert [s.heading_path[-1] for s in sections] == ["Using C#", "Tidy", "F# and C#"]


def test_html_comments_in_markdown_are_not_page_text() -> None:
    body = (
        "# Export\n\nThe export limit is 2 GB. <!-- inline: secret abc123 -->Per file.\n\n"
        "<!-- hidden comment: secret token abc123 -->\n\n<!--\nmany lines\nsecret\n-->\nVisible after.\n\n"
        "Write `<!-- a comment -->` to hide text.\n\n```html\n<!-- kept inside code -->\n```\n"
    )
    (section,) = markdown_sections(body)
    assert "secret" not in section.text and "many lines" not in section.text
    assert "The export limit is 2 GB. Per file." in section.text and "Visible after." in section.text
    assert "`<!-- a comment -->`" in section.text and "<!-- kept inside code -->" in section.text


# --- HTML ---------------------------------------------------------------------------------------------

ARTICLE = """<html><head><title>Article page</title></head><body>
<header><a href="/">Home</a> Site banner</header>
<article>
<header><h1 id="rotate-keys">Rotating API keys</h1><p class="byline">Updated yesterday</p></header>
<section id="how">
<h2 id="how-to-rotate">How to rotate</h2>
Keys rotate from the <b>Security</b> tab.<br>Old keys expire after 24 hours.
<p>Use the <code>lumen</code>&nbsp;CLI: <code>lumen key</code>s are listed with <code>lumen keys ls</code>.
Click <em>Cancel plan</em>. Use<b>bold</b>word.</p>
<pre><code>server:
  port: 8443
  tls: true
</code></pre>
<pre><code># download and run the installer
curl -sSL https://get.lumen.example | sh</code></pre>
<dl><dt>Grace period</dt><dd>24 hours during which both keys work.</dd></dl>
<ul><li>Outer item<ul><li>Inner item about tokens</li></ul></li></ul>
<table><tr><th>Plan</th><th>Seats</th></tr><tr><td>Starter</td><td>5</td></tr><tr><td>Team</td><td>25</td></tr></table>
<div>Loose div text about the refund window of 14 days.</div><span>Burst allowance is 100.</span>
<p>Outer paragraph <div>with a div inside</div> and its tail.</p>
</section>
</article>
<footer>Copyright</footer>
</body></html>"""


def test_html_keeps_every_visible_text_run(tmp_path: Path) -> None:
    path = tmp_path / "art.html"
    path.write_text(ARTICLE)
    loaded = load_one(path)
    sections = by_heading(loaded)
    assert list(sections) == [("Rotating API keys",), ("Rotating API keys", "How to rotate")]
    assert sections[("Rotating API keys",)] == "Updated yesterday"
    text = sections[("Rotating API keys", "How to rotate")]
    for run in (
        "Keys rotate from the Security tab. Old keys expire after 24 hours.",  # text outside p, and after <br>
        "Use the `lumen` CLI: `lumen key`s are listed with `lumen keys ls`. Click Cancel plan. Useboldword.",
        "```\nserver:\n  port: 8443\n  tls: true\n```",  # <pre> keeps its line breaks and indentation
        "```\n# download and run the installer\ncurl -sSL https://get.lumen.example | sh\n```",  # not a heading
        "`Grace period`: 24 hours during which both keys work.",  # a definition is one entry
        "- Outer item\n\n  - Inner item about tokens",
        "| Plan | Seats |\n|---|---|\n| Starter | 5 |\n| Team | 25 |",  # a table stays a table
        "Loose div text about the refund window of 14 days.",
        "Burst allowance is 100.",
        "with a div inside",
        "and its tail.",
    ):
        assert run in text, run
    for junk in ("Site banner", "Home", "Copyright"):
        assert junk not in text


def test_an_html_page_of_divs_and_spans_is_not_empty(tmp_path: Path) -> None:
    path = tmp_path / "divonly.html"
    path.write_text(
        '<html><head><title>Div soup</title></head><body><div class="content"><div>The API rate limit is 600 '
        "requests per minute.</div><span>Burst allowance is 100.</span></div></body></html>"
    )
    assert load_one(path).document.text == "The API rate limit is 600 requests per minute.\n\nBurst allowance is 100."


def test_a_markdown_section_is_linked_by_its_headings_slug_or_its_stated_id() -> None:
    body = (
        "Intro before any heading.\n"
        "# API keys\nText.\n"
        "## Rotating a key\nRotate it.\n"
        "## FAQ\nOne.\n"
        "## FAQ\nTwo.\n"
        "## Using `lumenctl` & [C#](https://x/c)\nThree.\n"
        "## Überblick\nVier.\n"
        "## Key limits {#limits}\nTen keys.\n\n"
        "Setext title\n------------\nFive.\n"
    )
    got = [(s.heading_path[-1] if s.heading_path else None, s.anchor) for s in markdown_sections(body)]
    assert got == [
        (None, None),
        ("API keys", "api-keys"),  # text came before it: not the page's title
        ("Rotating a key", "rotating-a-key"),
        ("FAQ", "faq"),
        ("FAQ", "faq-1"),  # a repeated heading gets -1, as GitHub gives it
        ("Using `lumenctl` & C#", "using-lumenctl--c"),  # a link's text is the heading's
        ("Überblick", "überblick"),
        ("Key limits", "limits"),  # `{#id}` (MkDocs attr_list, Hugo, Pandoc) wins, and leaves the heading
        ("Setext title", "setext-title"),
    ]


def test_an_html_table_is_a_markdown_table_one_unit_apart_from_the_prose_around_it(tmp_path: Path) -> None:
    """Rows as plain lines ("Plan | Seats") ran into the sentences around them when a passage was split."""
    from answerable.text.units import sentences_of

    page = tmp_path / "uptime.html"
    page.write_text(
        "<html><body><main><h1>Uptime</h1><p>Credits apply on the next invoice:</p>"
        "<table><caption>Service credits</caption><thead><tr><th>Uptime</th><th>Credit</th><th>Note</th></tr>"
        "</thead><tbody><tr><td>below 99.0%</td><td>25%</td><td></td></tr><tr><td>a | b</td><td>10%</td>"
        "<td>x</td></tr></tbody></table><p>To claim a credit, contact support.</p></main></body></html>"
    )
    loaded = load_one(page)
    table = "| Uptime | Credit | Note |\n|---|---|---|\n| below 99.0% | 25% |  |\n| a \\| b | 10% | x |"
    assert table in "\n".join(s.text for s in loaded.sections)
    (passage,) = chunk(loaded)
    assert sentences_of(passage.text) == (
        "Credits apply on the next invoice:",
        "Service credits",  # a caption is a paragraph of its own: it no longer runs into the prose before
        table,
        "To claim a credit, contact support.",
    )


def test_an_html_section_is_linked_by_the_id_its_page_gives_it() -> None:
    _, sections, _ = html_sections(
        "<html><body><main><h1 id='billing'>Billing</h1><p>Plans.</p>"
        "<h2><a name='plan-limits'></a>Plan limits</h2><p>Five seats.</p>"
        "<h2>Cancelling</h2><p>Any time.</p></main></body></html>"
    )
    # No id, no anchor: an HTML page's ids are its author's, never guessed from the text.
    assert [(s.heading_path[-1], s.anchor) for s in sections] == [
        ("Billing", None),  # the heading the page opens with is its title: cited as the page
        ("Plan limits", "plan-limits"),
        ("Cancelling", None),
    ]


def test_chunks_carry_their_sections_anchor_and_a_new_anchor_rewrites_the_page() -> None:
    loaded = Loaded(Document("keys", "API keys", ""), markdown_sections("# API keys\nA.\n## Limits\nB.\n"), "k.md")
    chunks = chunk(loaded)
    assert [(c.id, c.anchor) for c in chunks] == [("keys#0", None), ("keys#1", "limits")]
    moved = (chunks[0], replace(chunks[1], anchor="key-limits"))
    config = ChunkConfig()
    assert document_hash(loaded, chunks, config) != document_hash(loaded, moved, config)


def test_raw_html_in_markdown_leaves_its_text_and_not_its_tags() -> None:
    body = (
        "# Keys\n\nPress <kbd>Ctrl</kbd>+<kbd>C</kbd> to copy. Keys expire after <b>24 hours</b>.<br>Then rotate.\n\n"
        '<a href="https://x/keys">Rotating keys</a> has more. Use `<kbd>` in code; a List<String> stays.\n'
    )
    (section,) = markdown_sections(body)
    assert "Press Ctrl+C to copy. Keys expire after 24 hours. Then rotate." in section.text
    assert "Rotating keys has more. Use `<kbd>` in code; a List<String> stays." in section.text
