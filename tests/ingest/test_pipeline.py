"""The ingest pipeline end to end on a real SQLite store: skipping, re-ingesting, and the real model."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from answerable.backends.models.embed import HashEmbedder, Vectors
from answerable.backends.registry import load_embedder
from answerable.backends.store.base import Filter
from answerable.backends.store.sqlite import SQLiteStore
from answerable.engine.indexing import IngestReport, ingest
from answerable.ingest.metadata import Defaults
from answerable.interfaces.cli import main


class CountingEmbedder:
    """Wraps a real embedder and records every text it is asked to embed."""

    def __init__(self) -> None:
        self.inner = HashEmbedder(64)
        self.name, self.dim = self.inner.name, self.inner.dim
        self.texts: list[str] = []
        self.calls = 0

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        self.texts.extend(texts)
        return self.inner.embed(texts)


def docs_folder(root: Path) -> Path:
    (root / "guides").mkdir(parents=True)
    (root / "guides" / "keys.md").write_text(
        "---\ntitle: Keys\n---\n# Keys\n\nRotate keys in Settings.\n\n## Expiry\n\nKeys expire yearly."
    )
    (root / "billing.html").write_text(
        "<title>Billing</title><main><h1>Billing</h1><p>Refunds within 30 days.</p></main>"
    )
    (root / "notes.txt").write_text("Support hours are 9 to 5.")
    (root / "bad.md").write_text("---\nupdated_at: someday\n---\nText.")
    (root / "empty.md").write_text("")
    return root


def test_a_batch_lands_while_bad_files_are_reported(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "i.db")
    report = ingest([docs_folder(tmp_path / "docs")], store, CountingEmbedder())
    assert (report.documents, report.chunks, report.unchanged) == (3, 4, 0)
    assert sorted((Path(s.source).name, s.reason.split(":")[0]) for s in report.skipped) == [
        ("bad.md", "updated_at"),
        ("empty.md", "empty file"),
    ]
    assert {p.document_id for p in store.search_bm25("keys refunds support", Filter(), 10)} == {
        "guides/keys",
        "billing",
        "notes",
    }


def test_reingesting_unchanged_files_embeds_nothing(tmp_path: Path) -> None:
    folder = docs_folder(tmp_path / "docs")
    store = SQLiteStore(tmp_path / "i.db")
    first = CountingEmbedder()
    ingest([folder], store, first)
    assert first.calls == 1 and len(first.texts) == 4

    again = CountingEmbedder()
    report = ingest([folder], store, again)
    assert again.calls == 0 and again.texts == []
    assert (report.documents, report.unchanged, report.embedded) == (0, 3, 0)

    # One changed section: only that chunk is embedded; a metadata-only change embeds nothing.
    (folder / "guides" / "keys.md").write_text(
        "---\ntitle: Keys\n---\n# Keys\n\nRotate keys in Settings.\n\n## Expiry\n\nKeys expire every two years."
    )
    (folder / "notes.txt").write_text("Support hours are 9 to 5.")
    changed = CountingEmbedder()
    report = ingest([folder], store, changed, defaults=Defaults(acl=("staff",)))
    assert changed.texts == ["Keys\nExpiry\nKeys expire every two years."]
    assert report.documents == 3 and report.embedded == 1
    assert store.get(["notes#0"], Filter()) == []  # now staff-only
    assert store.integrity_check() == []


def test_the_packaged_model_embeds_and_finds_by_meaning(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "i.db")
    model = load_embedder()
    assert model.dim == 384 and load_embedder() is model  # loaded once per process
    report = ingest([docs_folder(tmp_path / "docs")], store, model)
    assert report.documents == 3
    query = "How can I get my money back?"
    hits = store.search_vector(model.embed([query])[0], Filter(), 3)
    assert hits[0].document_id == "billing"
    v = model.embed(["a", "b"])
    assert v.shape == (2, 384) and v.dtype == np.float32 and np.allclose(np.linalg.norm(v, axis=1), 1, atol=1e-4)


def test_cli_ingest_and_search(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/i.db"
    runner = CliRunner()
    result = runner.invoke(
        main,
        [
            "ingest",
            str(docs_folder(tmp_path / "docs")),
            "--store",
            url,
            "--embedder",
            "hash:64",
            "--tenant",
            "acme",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{") :])
    assert summary["documents"] == 3 and len(summary["skipped"]) == 2
    found = runner.invoke(
        main, ["search", "refunds", "--store", url, "--embedder", "hash:64", "--tenant", "acme", "--json"]
    )
    assert found.exit_code == 0
    assert json.loads(found.output)[0]["document_id"] == "billing"
    other = runner.invoke(main, ["search", "refunds", "--store", url, "--embedder", "hash:64", "--json"])
    assert json.loads(other.output) == []  # the default tenant sees nothing of acme
    text = runner.invoke(
        main, ["search", "refunds", "--store", url, "--embedder", "hash:64", "--tenant", "acme", "--mode", "bm25"]
    )
    assert "billing#0" in text.output and "bm25=" in text.output


def test_cli_ingest_exits_non_zero_only_when_nothing_lands(tmp_path: Path) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.md").write_text("")
    url = f"sqlite:///{tmp_path}/i.db"
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "bad"), "--store", url, "--embedder", "hash:64"])
    assert result.exit_code == 1 and "skipped" in result.output and "empty file" in result.output


def test_cli_ingest_store_failure_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "d.db").mkdir()
    result = CliRunner().invoke(
        main,
        [
            "ingest",
            str(docs_folder(tmp_path / "docs")),
            "--store",
            f"sqlite:///{tmp_path}/d.db",
            "--embedder",
            "hash:64",
        ],
    )
    assert result.exit_code == 1 and "cannot open SQLite store" in result.output


@pytest.mark.parametrize("flag", [["--trust", "gold"], ["--updated-at", "tomorrow"]])
def test_cli_ingest_rejects_bad_flags(tmp_path: Path, flag: list[str]) -> None:
    result = CliRunner().invoke(main, ["ingest", str(tmp_path), "--embedder", "hash:64", *flag])
    assert result.exit_code == 2 and flag[0] in result.output


def test_prune_deletes_what_the_folder_no_longer_holds_and_only_that(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "i.db")
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in (
        ("keys", "Rotate keys in Settings."),
        ("billing", "Refunds within 30 days."),
        ("sla", "99.9% uptime."),
    ):
        (docs / f"{name}.md").write_text(f"# {name}\n\n{text}\n")
    other = tmp_path / "globex"
    other.mkdir()
    (other / "sla.md").write_text("# SLA\n\n99.99% uptime for Globex.\n")
    ingest([docs], store, CountingEmbedder())
    ingest([other], store, CountingEmbedder(), defaults=Defaults(tenant="globex"))

    (docs / "billing.md").unlink()
    report = ingest([docs], store, CountingEmbedder(), prune=True)
    assert report.pruned == [("default", "billing")] and report.prune_refused is None
    assert store.document_ids("default") == ["keys", "sla"]
    assert store.document_ids("globex") == ["sla"]  # another tenant's corpus is not this run's to prune
    assert all(p.document_id != "billing" for p in store.search_bm25("refunds", Filter(), 10))

    # A page that fails to parse this time is not a removed page: nothing is deleted.
    (docs / "sla.md").write_text("---\nupdated_at: someday\n---\n99.9% uptime.")
    (docs / "keys.md").unlink()
    report = ingest([docs], store, CountingEmbedder(), prune=True)
    assert report.pruned == [] and report.prune_refused is not None and "1 source(s) skipped" in report.prune_refused
    assert store.document_ids("default") == ["keys", "sla"]

    # Nor is an empty run a whole corpus.
    empty = tmp_path / "empty"
    empty.mkdir()
    report = ingest([empty], store, CountingEmbedder(), prune=True)
    assert report.pruned == [] and report.prune_refused is not None and "no document" in report.prune_refused
    assert store.document_ids("default") == ["keys", "sla"]


def test_cli_prune_and_delete(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'i.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "keys.md").write_text("# Keys\n\nRotate keys in Settings.\n")
    (docs / "billing.md").write_text("# Billing\n\nRefunds within 30 days.\n")
    runner = CliRunner()
    assert runner.invoke(main, ["ingest", str(docs), "--store", url, "--embedder", "hash:64"]).exit_code == 0

    (docs / "billing.md").unlink()
    result = runner.invoke(main, ["ingest", str(docs), "--prune", "--store", url, "--embedder", "hash:64", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output[result.output.index("{") :])["pruned"] == [
        {"tenant": "default", "document_id": "billing"}
    ]

    (docs / "bad.md").write_text("---\ntitle: [unclosed\n---\nText.")
    result = runner.invoke(main, ["ingest", str(docs), "--prune", "--store", url, "--embedder", "hash:64"])
    assert result.exit_code == 1 and "error: not pruned: 1 source(s) skipped" in result.output

    result = runner.invoke(main, ["delete", "keys", "nope", "--store", url])
    assert result.exit_code == 1
    assert "deleted keys" in result.output and "not found: nope (tenant default)" in result.output
    search = runner.invoke(main, ["search", "rotate keys", "--store", url, "--embedder", "hash:64", "--json"])
    assert search.exit_code == 0 and json.loads(search.output) == []
    assert runner.invoke(main, ["delete", "keys", "--store", f"sqlite:///{tmp_path / 'x.db'}"]).exit_code == 1


def test_a_page_moved_to_another_tenant_is_noted_until_its_old_copy_is_gone(tmp_path: Path) -> None:
    """The store's key is (tenant, id): changing a page's tenant writes a new document and leaves the old one
    readable in its former tenant, so ingest names it and says how to delete it."""
    url = f"sqlite:///{tmp_path / 'i.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "plan.md").write_text("# Merger\n\nThe merger with Initech closes in March.\n")
    (docs / "keys.md").write_text("# Keys\n\nRotate keys in Settings.\n")
    runner = CliRunner()
    args = ["--store", url, "--embedder", "hash:64"]
    first = runner.invoke(main, ["ingest", str(docs), *args])
    assert first.exit_code == 0 and "note:" not in first.output
    (docs / "plan.md").write_text("---\ntenant: globex\n---\n# Merger\n\nThe merger with Initech closes in March.\n")
    moved = runner.invoke(main, ["ingest", str(docs), *args])
    assert moved.exit_code == 0, moved.output
    assert "note: plan is new in tenant globex and also stored in tenant default" in moved.output
    assert "answerable delete plan --tenant default" in moved.output
    as_json = runner.invoke(main, ["ingest", str(docs), *args, "--json"])  # unchanged now: nothing new to note
    assert json.loads(as_json.output[as_json.output.index("{") :])["also_in_other_tenants"] == []
    # --prune over a folder that still holds default-tenant pages removes the old copy, and says nothing more
    (docs / "plan.md").write_text("---\ntenant: globex\n---\n# Merger\n\nIt closes in April.\n")
    store = SQLiteStore(tmp_path / "i.db")
    store.delete("globex", "plan")
    store.close()
    pruned = runner.invoke(main, ["ingest", str(docs), *args, "--prune"])
    assert "pruned plan (tenant default)" in pruned.output and "note:" not in pruned.output
    store = SQLiteStore(tmp_path / "i.db")
    assert store.tenants_of("plan") == ["globex"]
    store.close()


class InterruptedEmbedder(CountingEmbedder):
    """Ctrl-C arrives during the second batch."""

    def embed(self, texts: Sequence[str]) -> Vectors:
        if self.calls == 1:
            raise KeyboardInterrupt
        return super().embed(texts)


def test_an_interrupted_ingest_says_what_landed_and_the_rest_is_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = docs_folder(tmp_path / "docs")
    store = SQLiteStore(tmp_path / "i.db")
    report = IngestReport()
    with pytest.raises(KeyboardInterrupt):
        ingest([docs], store, InterruptedEmbedder(), batch_chunks=1, report=report)
    assert report.documents == 1 and len(store.document_ids("default")) == 1  # the first batch, whole
    assert store.integrity_check() == []
    store.close()

    import answerable.interfaces.cli.ingest as cli_ingest

    monkeypatch.setattr(cli_ingest, "load_embedder", lambda spec: InterruptedEmbedder())
    real = cli_ingest.ingest
    monkeypatch.setattr(cli_ingest, "ingest", lambda *a, **kw: real(*a, **{**kw, "batch_chunks": 1}))
    url = f"sqlite:///{tmp_path / 'j.db'}"
    result = CliRunner().invoke(main, ["ingest", str(docs), "--store", url])
    assert result.exit_code == 130, result.output
    assert "interrupted: 1 documents, 1 chunks written before it (each whole)" in result.output
    assert "run the same command again" in result.output


def test_base_url_cites_the_real_file_name_and_a_clash_of_ids_names_both_files(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "guide" / "my page.md").write_text("# Spaces\n\nA page whose name has a space.")
    (docs / "guide" / "café guide.md").write_text("# Café\n\nA page whose name is not ASCII.")
    (docs / "guide" / "my-page.md").write_text("# Dashes\n\nA page whose name has a dash.")
    (docs / "Upper.HTML").write_text("<p>An HTML page with an upper-case suffix.</p>")
    store = SQLiteStore(tmp_path / "i.db")
    report = ingest([docs], store, CountingEmbedder(), defaults=Defaults(base_url="https://docs.example.com/help"))
    urls = {p.document_id: p.url for p in store.get(["guide/my-page#0", "guide/café-guide#0", "Upper#0"], Filter())}
    assert urls == {
        "guide/my-page": "https://docs.example.com/help/guide/my%20page.html",
        "guide/café-guide": "https://docs.example.com/help/guide/caf%C3%A9%20guide.html",
        "Upper": "https://docs.example.com/help/Upper.HTML",
    }
    (skipped,) = report.skipped
    assert skipped.source == str(docs / "guide" / "my-page.md")
    first = docs / "guide" / "my page.md"
    assert skipped.reason == f"duplicate document id 'guide/my-page' in this batch: {first} has it already"


def test_a_toml_restricted_page_is_not_stored_public(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "pager.md").write_text(
        '+++\ntitle = "Pager"\ntenant = "secret"\nacl = ["staff"]\n+++\n# Pager\n\nThe escalation pager is 555-0199.\n'
    )
    store = SQLiteStore(tmp_path / "i.db")
    assert ingest([docs], store, CountingEmbedder()).documents == 1
    assert store.search_bm25("escalation pager", Filter(), 10) == []
    assert store.search_bm25("escalation pager", Filter(tenant="secret"), 10) == []
    (hit,) = store.search_bm25("escalation pager", Filter(tenant="secret", groups=frozenset({"staff"})), 10)
    assert "tenant" not in hit.text and "+++" not in hit.text
