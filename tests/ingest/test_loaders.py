"""Loaders, metadata and chunking."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from answerable.core.errors import InputError
from answerable.core.types import Document, TrustTier
from answerable.ingest.chunking import ChunkConfig, chunk
from answerable.ingest.loaders import (
    Loaded,
    Section,
    Skipped,
    file_title,
    find,
    load_file,
    markdown_sections,
    walk,
)
from answerable.ingest.metadata import Defaults

MD = """---
title: Rotating API keys
url: https://docs.example.com/api-keys
owner: platform-docs
updated_at: 2026-05-02
effective_date: 2026-05-01
supersedes: [api-keys-v1]
acl: [staff, support]
tenant: acme
trust: official
source_kind: guide
audience: admins
---
# Rotating API keys

Keys can be rotated at any time.

## From the dashboard

Open Settings > API and click Rotate.

```sh
# not a heading
curl -X POST /keys/rotate
```

### Propagation

Rotated keys propagate within 5 minutes.
"""


def load_one(path: Path, defaults: Defaults | None = None) -> Loaded | Skipped:
    (item,) = list(load_file(path, path.stem, defaults or Defaults()))
    return item


def test_markdown_front_matter_becomes_metadata(tmp_path: Path) -> None:
    path = tmp_path / "keys.md"
    path.write_text(MD)
    loaded = load_one(path)
    assert isinstance(loaded, Loaded)
    d = loaded.document
    assert (d.id, d.title, d.url, d.owner) == (
        "keys",
        "Rotating API keys",
        "https://docs.example.com/api-keys",
        "platform-docs",
    )
    assert (d.updated_at, d.effective_date, d.supersedes) == (date(2026, 5, 2), date(2026, 5, 1), ("api-keys-v1",))
    assert (d.acl, d.tenant, d.trust, d.source_kind) == (("staff", "support"), "acme", TrustTier.OFFICIAL, "guide")
    assert d.extra == (("audience", '"admins"'),)


def test_markdown_sections_keep_heading_paths_and_ignore_fenced_hashes() -> None:
    sections = markdown_sections(MD.split("---", 2)[2])
    assert [s.heading_path for s in sections] == [
        ("Rotating API keys",),
        ("Rotating API keys", "From the dashboard"),
        ("Rotating API keys", "From the dashboard", "Propagation"),
    ]
    assert "# not a heading" in sections[1].text


def test_flags_are_defaults_that_document_metadata_overrides(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("---\ntrust: community\n---\nText.")
    (tmp_path / "b.txt").write_text("Plain text.")
    defaults = Defaults(tenant="globex", acl=("staff",), trust=TrustTier.OFFICIAL, owner="docs")
    a = load_one(tmp_path / "a.md", defaults)
    b = load_one(tmp_path / "b.txt", defaults)
    assert isinstance(a, Loaded) and isinstance(b, Loaded)
    assert a.document.trust is TrustTier.COMMUNITY and b.document.trust is TrustTier.OFFICIAL
    assert a.document.tenant == b.document.tenant == "globex" and b.document.acl == ("staff",)


def test_html_drops_scripts_navigation_and_boilerplate(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(
        "<html><head><title>Billing FAQ</title><script>var secret = 1;</script></head><body>"
        "<nav><a href='/'>Home</a> Menu</nav><header>Site header</header>"
        "<main><h1>Billing</h1><p>Refunds within <b>30 days</b>.</p><h2>Invoices</h2><ul><li>PDF</li>"
        "<li>CSV</li></ul></main><footer>Copyright</footer></body></html>"
    )
    loaded = load_one(path)
    assert isinstance(loaded, Loaded)
    text = loaded.document.text
    assert loaded.document.title == "Billing FAQ"
    assert "Refunds within 30 days ." in text or "Refunds within 30 days." in text
    for junk in ("secret", "Menu", "Site header", "Copyright", "Home"):
        assert junk not in text
    assert [s.heading_path for s in loaded.sections] == [("Billing",), ("Billing", "Invoices")]


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.md", b"", "empty file"),
        ("blank.txt", b"  \n\t\n", "empty file"),
        ("latin1.md", "café".encode("latin-1"), "not UTF-8"),
        ("big.txt", b"x" * 2000, "too large"),
        ("bad-date.md", b"---\nupdated_at: yesterday\n---\nText.", "updated_at: expected a date"),
        ("bad-month.md", b"---\nupdated_at: 2026-13-45\n---\nText.", "updated_at: expected a date"),
        ("bad-day.md", b"---\neffective_date: 2026-02-30\n---\nText.", "effective_date: expected a date"),
        ("acl-plural.md", b"---\nacls: [staff]\n---\nText.", "acls: not a field; a page is restricted only by `acl`"),
        ("acl-case.md", b"---\nACL: [staff]\n---\nText.", "ACL: not a field"),
        ("tenant-typo.md", b"---\ntenat: globex\n---\nText.", "restricted only by `tenant`"),
        ("groups.md", b"---\ngroups: [staff]\n---\nText.", "groups: not a field"),
        ("empty-acl.md", b"---\nacl: []\n---\nText.", "acl: empty"),
        ("bare-acl.md", b"---\nacl:\n---\nText.", "acl: empty"),
        ("empty-tenant.md", b"---\ntenant: ''\n---\nText.", "tenant: empty"),
        ("bad-trust.md", b"---\ntrust: gold\n---\nText.", "unknown trust tier 'gold'"),
        ("bad-yaml.md", b"---\ntitle: [unclosed\n---\nText.", "front matter: not valid YAML"),
        ("unclosed.md", b"---\ntitle: x\nText.", "no closing"),
        ("bad-acl.md", b"---\nacl: {a: 1}\n---\nText.", "acl: expected a list of names"),
        ("tags.html", b"<html><body><script>x()</script></body></html>", "no text"),
        ("data.pdf", b"%PDF-1.4", "unsupported file type"),
    ],
)
def test_bad_files_are_skipped_with_path_and_reason(tmp_path: Path, name: str, content: bytes, reason: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    (item,) = list(load_file(path, path.stem, Defaults(), max_bytes=1000))
    assert isinstance(item, Skipped)
    assert item.source == str(path) and reason in item.reason


def test_unreadable_file_is_skipped(tmp_path: Path) -> None:
    (item,) = list(load_file(tmp_path / "missing.md", "missing", Defaults()))
    assert isinstance(item, Skipped) and item.reason == "no such file or folder"
    (tmp_path / "folder.md").mkdir()  # exists, but cannot be read as a file
    (item,) = list(load_file(tmp_path / "folder.md", "folder", Defaults()))
    assert isinstance(item, Skipped) and "cannot read" in item.reason


def test_corpus_jsonl_keeps_every_field_and_skips_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text(
        '{"id": "normans#p0", "title": "Normans", "text": "The Normans were...", "url": "https://x", '
        '"acl": ["staff"], "tenant": "acme", "trust": "official", "supersedes": ["old"], "lang": "en"}\n'
        "not json\n"
        '{"id": "x", "title": "No text"}\n'
        '{"id": "y", "title": "T", "text": "t", "updated_at": "soon"}\n'
        "\n"
        '{"id": "z", "title": "Z", "text": "Zed."}\n'
        '{"id": "j", "title": "J", "text": "code 3030", "ACL": ["staff"]}\n'
        '{"id": "k", "title": "K", "text": "k", "tenant": ""}\n'
    )
    items = list(load_file(path, "corpus", Defaults()))
    loaded = [i for i in items if isinstance(i, Loaded)]
    skipped = [i for i in items if isinstance(i, Skipped)]
    assert [item.document.id for item in loaded] == ["normans#p0", "z"]
    d = loaded[0].document
    assert (d.acl, d.tenant, d.trust, d.supersedes, d.extra) == (
        ("staff",),
        "acme",
        TrustTier.OFFICIAL,
        ("old",),
        (("lang", '"en"'),),
    )
    assert loaded[1].document.acl == () and loaded[1].document.tenant == "default"
    assert [(s.source.rsplit(":", 1)[1], s.reason.split(" ")[0]) for s in skipped] == [
        ("2", "not"),
        ("3", "text:"),
        ("4", "updated_at:"),
        ("7", "ACL:"),  # a misspelt access field is refused, never kept as an extra field of a public page
        ("8", "tenant:"),
    ]


def test_walk_is_recursive_with_relative_ids_and_skips_hidden_and_unknown(tmp_path: Path) -> None:
    for rel in ("a.md", "sub/b.html", "sub/deeper/c.txt", ".git/x.md", "notes.docx"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    assert [doc_id for _, doc_id in walk([tmp_path])] == ["a", "sub/b", "sub/deeper/c"]


def test_a_link_to_nothing_is_reported_not_silently_left_out(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\nText.")
    (tmp_path / "gone.md").symlink_to(tmp_path / "moved-away.md")
    walked = list(walk([tmp_path]))
    assert [doc_id for _, doc_id in walked] == ["a", "gone"]
    (item,) = list(load_file(tmp_path / "gone.md", "gone", Defaults()))
    assert isinstance(item, Skipped) and item.reason == "a link to nothing"


def test_chunks_are_sentence_bounded_within_headings_with_stable_ids() -> None:
    text = " ".join(f"Sentence number {n} is about keys and it has some length to it." for n in range(12))
    loaded = Loaded(
        document=Document(id="doc", title="Doc", text=""),
        sections=(Section(("Doc", "A"), text), Section(("Doc", "B"), "Short section.")),
        source="x",
    )
    chunks = chunk(loaded, ChunkConfig(size=200, overlap=80))
    assert [c.id for c in chunks] == [f"doc#{n}" for n in range(len(chunks))]
    assert chunks[-1].heading_path == ("Doc", "B") and chunks[-1].text == "Short section."
    body = [c for c in chunks if c.heading_path == ("Doc", "A")]
    assert all(len(c.text) <= 200 for c in body)
    assert all(c.text.endswith(".") for c in body)  # never cut inside a sentence
    assert body[1].text.split("\n")[0] == body[0].text.split("\n")[-1]  # overlap carries the last sentence
    assert len({c.content_hash for c in body}) == len(body)


def test_chunk_config_is_validated() -> None:
    with pytest.raises(InputError, match="overlap"):
        ChunkConfig(size=100, overlap=100)
    with pytest.raises(InputError, match="size"):
        ChunkConfig(size=10)


def test_corpus_size_limit_and_encoding_apply_per_document(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    big = json.dumps({"id": "big", "title": "Big", "text": "x" * 500})
    path.write_bytes(
        b'{"id": "a", "title": "A", "text": "ok"}\n'
        + big.encode()
        + b"\n"
        + '{"id": "c", "title": "C", "text": "café"}'.encode("latin-1")
        + b"\n"
    )
    items = list(load_file(path, "corpus", Defaults(), max_bytes=200))
    assert [i.document.id for i in items if isinstance(i, Loaded)] == ["a"]
    reasons = [(i.source.rsplit(":", 1)[1], i.reason) for i in items if isinstance(i, Skipped)]
    assert reasons[0][0] == "2" and "too large" in reasons[0][1]
    assert reasons[1][0] == "3" and "not UTF-8" in reasons[1][1]


def test_an_html_page_gives_its_own_address_and_last_change(tmp_path: Path) -> None:
    path = tmp_path / "refunds.html"
    head = (
        '<link rel="canonical" href="https://docs.example.com/billing/refunds/">'
        '<meta property="og:url" content="https://elsewhere.example.com/x">'
        '<meta property="article:modified_time" content="2026-10-05T09:30:00+00:00">'
    )
    path.write_text(f"<html><head><title>Refunds</title>{head}</head><body><p>Within 30 days.</p></body></html>")
    loaded = load_one(path)
    assert isinstance(loaded, Loaded)
    assert loaded.document.url == "https://docs.example.com/billing/refunds/"  # canonical first
    assert loaded.document.updated_at == date(2026, 10, 5)
    # A relative canonical link or a date that is not ISO states nothing; the page still loads.
    path.write_text(
        '<html><head><link rel="canonical" href="/refunds"><meta name="last-modified" content="Mon, 5 Oct 2026">'
        "</head><body><p>Within 30 days.</p></body></html>"
    )
    loaded = load_one(path)
    assert isinstance(loaded, Loaded) and loaded.document.url is None and loaded.document.updated_at is None


def test_base_url_gives_each_file_its_address_unless_it_states_one(tmp_path: Path) -> None:
    (tmp_path / "billing").mkdir()
    (tmp_path / "billing" / "refunds.md").write_text("# Refunds\n\nWithin 30 days.\n")
    (tmp_path / "billing" / "own url.md").write_text("---\nurl: https://x.example.com/own\n---\nText.\n")
    (tmp_path / "invoices.html").write_text("<html><body><p>Monthly.</p></body></html>")
    # A relative URL is resolved against the base as a link on the base page would be.
    (tmp_path / "rooted.md").write_text("---\nurl: /api/keys#rotating\n---\nText.\n")
    (tmp_path / "beside.md").write_text("---\nurl: guides/beside.html\n---\nText.\n")
    (tmp_path / "script.md").write_text("---\nurl: javascript:alert(1)\n---\nText.\n")
    defaults = Defaults(base_url="https://docs.example.com/help/")
    urls = {
        item.document.id: item.document.url
        for path, doc_id in walk([tmp_path])
        for item in load_file(path, doc_id, defaults)
        if isinstance(item, Loaded)
    }
    assert urls == {
        "billing/refunds": "https://docs.example.com/help/billing/refunds.html",  # where MkDocs and Sphinx put it
        "billing/own-url": "https://x.example.com/own",
        "invoices": "https://docs.example.com/help/invoices.html",
        "rooted": "https://docs.example.com/api/keys#rotating",
        "beside": "https://docs.example.com/help/guides/beside.html",
    }  # script.md is skipped: a base URL makes no other scheme a link
    (skipped,) = load_file(tmp_path / "rooted.md", "rooted", Defaults())
    assert isinstance(skipped, Skipped) and skipped.reason.endswith(
        "expected an absolute http(s) URL (a relative URL needs --base-url), got '/api/keys#rotating'"
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("# UTF16LE Page\n\nThe value is 77.\n".encode("utf-16-le"), "contains NUL bytes: binary, or UTF-16 without"),
        (b"\x00" * 2048, "contains NUL bytes"),
        (b"# Title\n\nText\x00with a NUL.\n", "contains NUL bytes"),
        (b"\xff\xfe" + "# Bad \udc00".encode("utf-16-le", "surrogatepass"), "not UTF-16 text (invalid byte at offset"),
    ],
)
def test_binary_and_unmarked_utf16_are_refused(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "page.md"
    path.write_bytes(content)
    item = load_one(path)
    assert isinstance(item, Skipped) and reason in item.reason


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_byte_order_mark_names_the_encoding(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "page.md"
    text = "---\ntitle: Café\nacl: [staff]\n---\n# Café\n\nThe value is 77.\n"
    bom = {"utf-16-be": b"\xfe\xff"}.get(encoding, b"")
    path.write_bytes(bom + text.encode(encoding))
    loaded = load_one(path)
    assert isinstance(loaded, Loaded), loaded
    d = loaded.document
    assert (d.title, d.acl, d.text) == ("Café", ("staff",), "The value is 77.")


def test_a_corpus_text_with_nul_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    path.write_text('{"id": "a", "title": "A", "text": "ok"}\n{"id": "b", "title": "B", "text": "x\\u0000y"}\n')
    items = list(load_file(path, "corpus", Defaults()))
    assert isinstance(items[0], Loaded)
    assert isinstance(items[1], Skipped) and items[1].reason == "text: contains NUL characters"


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("url", "javascript:alert(1)", "url: expected an absolute http(s) URL, got 'javascript:alert(1)'"),
        ("url", "file:///etc/passwd", "url: expected an absolute http(s) URL"),
        ("url", "/billing/refunds", "url: expected an absolute http(s) URL"),
        ("url", "https:///no-host", "url: expected an absolute http(s) URL"),
        ("url", "https://docs.example.com/a b", "url: must not contain white space or control characters"),
        ("url", "https://docs.example.com/a\u0007", "url: must not contain white space or control characters"),
        ("url", ["https://x.example"], "url: expected a URL"),
        ("title", "Refunds\u001b[31m", "title: contains a control character (U+001B)"),
        ("owner", "docs\u0000team", "owner: contains a control character (U+0000)"),
        ("acl", ["staff\u0008"], "acl: contains a control character (U+0008)"),
        ("tenant", "acme\u007f", "tenant: contains a control character (U+007F)"),
        ("title", "Invoice \u202egnp.exe", "title: contains a text-direction or line-separator character (U+202E)"),
        ("owner", "docs\u2028team", "owner: contains a text-direction or line-separator character (U+2028)"),
    ],
)
def test_urls_and_text_fields_are_checked_in_front_matter_and_corpus(
    tmp_path: Path, field: str, value: object, reason: str
) -> None:
    record = {"id": "page", "title": "Page", "text": "Text.", field: value}
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(json.dumps(record) + "\n")
    page = tmp_path / "page.md"
    page.write_text("---\n" + json.dumps({field: value}) + "\n---\nText.\n")  # JSON is YAML
    for item in (load_one(corpus), load_one(page)):
        assert isinstance(item, Skipped) and item.reason.startswith(reason), item


def test_a_heading_with_a_control_character_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_text("# Refunds\u0007\n\nText.\n")
    item = load_one(path)
    assert isinstance(item, Skipped) and item.reason.startswith("title: contains a control character (U+0007)")
    path.write_text("---\ntitle: 'Tabs\tare fine'\nurl: https://docs.example.com/a?b=1#c\n---\nText.\n")
    loaded = load_one(path)
    assert isinstance(loaded, Loaded) and loaded.document.url == "https://docs.example.com/a?b=1#c"


def test_an_html_page_states_no_url_that_is_not_one(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(
        '<html><head><link rel="canonical" href="https://docs.example.com/a b">'
        '<meta property="og:url" content="https://docs.example.com/page"></head><body><p>Text.</p></body></html>'
    )
    loaded = load_one(path)
    assert isinstance(loaded, Loaded) and loaded.document.url == "https://docs.example.com/page"


def test_a_markdown_page_without_a_top_heading_is_titled_and_read_under_its_file_name(tmp_path: Path) -> None:
    # A docs site names such a page from its navigation or its file name; its first heading is one section.
    (tmp_path / "guides").mkdir()
    (tmp_path / "early-hints.md").write_text(
        "Servers may send hints early.\n\n## Using hints\n\nCall it first.\n\n## Limits\n\nAt most 10 links.\n"
    )
    (tmp_path / "guides" / "index.md").write_text("Start here.\n\n### Setup\n\nInstall it.\n")
    (tmp_path / "with-h1.md").write_text("# Webhooks\n\nIntro.\n\n## Retries\n\nThree times.\n")
    (tmp_path / "titled.md").write_text("---\ntitle: Rate limits\n---\n## Per key\n\n100 a minute.\n")
    loaded = {
        item.document.id: item
        for path, doc_id in walk([tmp_path])
        for item in load_file(path, doc_id, Defaults())
        if isinstance(item, Loaded)
    }
    hints = loaded["early-hints"]
    assert hints.document.title == "Early hints"
    assert [s.heading_path for s in hints.sections] == [
        ("Early hints",),
        ("Early hints", "Using hints"),
        ("Early hints", "Limits"),
    ]
    assert loaded["guides/index"].document.title == "Guides"  # an index page is named by its folder
    assert [s.heading_path for s in loaded["guides/index"].sections] == [("Guides",), ("Guides", "Setup")]
    # a level-1 heading is the page's own title, over its sections as before
    assert loaded["with-h1"].document.title == "Webhooks"
    assert [s.heading_path for s in loaded["with-h1"].sections] == [("Webhooks",), ("Webhooks", "Retries")]
    # a title from front matter is the one sections are read under
    assert [s.heading_path for s in loaded["titled"].sections] == [("Rate limits", "Per key")]


def test_a_corpus_markdown_record_without_a_top_heading_is_read_under_its_title(tmp_path: Path) -> None:
    path = tmp_path / "corpus.jsonl"
    record = {"id": "cors", "title": "CORS", "format": "markdown", "text": "## Defaults\n\nOnly `GET` is allowed.\n"}
    path.write_text(json.dumps(record) + "\n")
    (item,) = list(load_file(path, "corpus", Defaults()))
    assert isinstance(item, Loaded)
    assert [s.heading_path for s in item.sections] == [("CORS", "Defaults")]


@pytest.mark.parametrize(
    ("rel_path", "title"),
    [
        ("early-hints.md", "Early hints"),
        ("api/rate_limits.md", "Rate limits"),
        ("getting-started/index.md", "Getting started"),
        ("index.md", "Home"),
        ("usage/configuration.rst.txt", "Configuration"),
    ],
)
def test_file_title(rel_path: str, title: str) -> None:
    assert file_title(rel_path) == title


def test_an_mkdocs_navigation_titles_the_pages_that_state_no_title(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "api").mkdir(parents=True)
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: Lumen\n"
        "markdown_extensions:\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "extra:\n  key: !ENV [LUMEN_KEY, none]\n"
        "nav:\n  - Introduction: index.md\n  - Features:\n      - Static Files: staticfiles.md\n"
        "      - Keys: api/keys.md\n  - api/plain.md\n  - GitHub: https://github.com/lumen/lumen\n"
    )
    (docs / "index.md").write_text("Lumen counts events.\n")
    (docs / "staticfiles.md").write_text("## Options\n\nServe a folder.\n")
    (docs / "api" / "keys.md").write_text("# API keys\n\nRotate them.\n")  # its own heading wins
    (docs / "api" / "plain.md").write_text("Plain page.\n")
    found = {f.rel_path: f.nav_title for f in find([docs])}
    assert found == {
        "index.md": "Introduction",
        "staticfiles.md": "Static Files",
        "api/keys.md": "Keys",
        "api/plain.md": None,
    }
    titles = {
        item.document.id: (item.document.title, item.sections[0].heading_path)
        for f in find([docs])
        for item in load_file(f.path, f.doc_id, Defaults(), rel_path=f.rel_path, nav_title=f.nav_title)
        if isinstance(item, Loaded)
    }
    assert titles == {
        "index": ("Introduction", ("Introduction",)),
        "staticfiles": ("Static Files", ("Static Files", "Options")),
        "api/keys": ("API keys", ("API keys",)),
        "api/plain": ("Plain", ("Plain",)),
    }
    # the site publishes each page as a folder (MkDocs' default), and each section at its anchor
    defaults = Defaults(base_url="https://lumen.example/")
    urls = {
        item.document.id: item.document.url
        for f in find([docs])
        for item in load_file(f.path, f.doc_id, defaults, rel_path=f.rel_path, url_path=f.url_path)
        if isinstance(item, Loaded)
    }
    assert urls == {
        "index": "https://lumen.example/",
        "staticfiles": "https://lumen.example/staticfiles/",
        "api/keys": "https://lumen.example/api/keys/",
        "api/plain": "https://lumen.example/api/plain/",
    }
    (tmp_path / "mkdocs.yml").write_text("use_directory_urls: false\nnav:\n  - Static Files: staticfiles.md\n")
    assert {f.rel_path: f.url_path for f in find([docs])}["staticfiles.md"] == "staticfiles.html"
    # a config for another folder, or one that is not YAML, names nothing
    (tmp_path / "mkdocs.yml").write_text("docs_dir: site-src\nnav:\n  - Elsewhere: staticfiles.md\n")
    assert {f.nav_title for f in find([docs])} == {None}
    (tmp_path / "mkdocs.yml").write_text("nav: [unclosed\n")
    assert {(f.nav_title, f.url_path) for f in find([docs])} == {(None, None)}


def test_a_page_opening_with_a_lower_heading_cites_that_section_at_its_anchor() -> None:
    # A level-1 heading that opens a page is its title, cited as the page; a `##` one is a section of it.
    assert [s.anchor for s in markdown_sections("## Options\n\nServe a folder.\n\n## Limits\n\nTen.\n")] == [
        "options",
        "limits",
    ]
    assert [s.anchor for s in markdown_sections("# Static files\n\nServe a folder.\n\n## Limits\n\nTen.\n")] == [
        None,
        "limits",
    ]
