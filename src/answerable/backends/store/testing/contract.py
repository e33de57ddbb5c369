"""The store contract: every backend's test class inherits this and must pass all of it.

Subclasses provide a `store` fixture giving a fresh, empty store, and `open_again`, a function opening
another handle (its own connection) on that same store, as a second process would.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date

import numpy as np
import numpy.typing as npt
import pytest

from answerable.backends.models.embed import HashEmbedder
from answerable.backends.store.base import Filter, Store, candidates, fuse
from answerable.core.errors import InputError, StoreError
from answerable.core.types import Chunk, Document, Passage, TrustTier, content_hash, embedding_text

EMB = HashEmbedder(64)


def doc(doc_id: str, *texts: str, **meta: object) -> tuple[Document, list[Chunk]]:
    d = Document(id=doc_id, title=str(meta.pop("title", doc_id)), text="\n".join(texts), **meta)  # type: ignore[arg-type]
    chunks = [
        Chunk(f"{doc_id}#{n}", doc_id, n, t, ("Section",), content_hash(d.title, ("Section",), t))
        for n, t in enumerate(texts)
    ]
    return d, chunks


def put(store: Store, document: Document, chunks: list[Chunk], doc_hash: str = "h1") -> None:
    vectors = EMB.embed([embedding_text(document.title, c.heading_path, c.text) for c in chunks])
    store.upsert(document, chunks, vectors, doc_hash)


def vec(text: str) -> npt.NDArray[np.float32]:
    vector: npt.NDArray[np.float32] = EMB.embed([text])[0]
    return vector


class StoreContract:
    @pytest.fixture
    def corpus(self, store: Store) -> Store:
        store.check_embedder(EMB.name, EMB.dim)
        put(store, *doc("keys", "Rotate an API key from Settings > API.", "Rotated keys expire after 24 hours."))
        put(store, *doc("billing", "Refunds are available within 30 days of purchase."))
        put(store, *doc("staff-runbook", "Rotate the signing key with the vault CLI.", acl=("staff",)))
        put(store, *doc("globex-keys", "Globex rotates API keys every 90 days.", tenant="globex"))
        put(store, *doc("old-keys", "API keys never expire.", trust=TrustTier.OFFICIAL))
        put(store, *doc("new-keys", "API keys expire after one year.", supersedes=("old-keys",), acl=("staff",)))
        put(store, *doc("future", "From 2027 API keys rotate monthly.", effective_date=date(2027, 1, 1)))
        return store

    # --- writes and reads -------------------------------------------------------------------------

    def test_upsert_then_get_in_the_order_asked(self, corpus: Store) -> None:
        got = corpus.get(["keys#1", "billing#0", "keys#0"], Filter())
        assert [p.id for p in got] == ["keys#1", "billing#0", "keys#0"]
        assert got[0].document_id == "keys" and got[0].text == "Rotated keys expire after 24 hours."
        assert got[0].heading_path == ("Section",) and got[0].tenant == "default"

    def test_metadata_round_trips(self, store: Store) -> None:
        store.check_embedder(EMB.name, EMB.dim)
        d, chunks = doc(
            "full",
            "Text.",
            title="Full",
            url="https://x/full",
            owner="docs",
            updated_at=date(2026, 5, 2),
            effective_date=date(2026, 5, 1),
            supersedes=("a", "b"),
            trust=TrustTier.COMMUNITY,
            source_kind="forum",
            acl=("g1",),
            tenant="acme",
        )
        put(store, d, chunks)
        (p,) = store.get(["full#0"], Filter(tenant="acme", groups=frozenset({"g1"})))
        assert (p.title, p.url, p.owner, p.updated_at, p.effective_date) == (
            "Full",
            "https://x/full",
            "docs",
            date(2026, 5, 2),
            date(2026, 5, 1),
        )
        assert (p.supersedes, p.trust, p.source_kind, p.acl, p.tenant) == (
            ("a", "b"),
            TrustTier.COMMUNITY,
            "forum",
            ("g1",),
            "acme",
        )

    def test_a_passage_links_to_its_section(self, store: Store) -> None:
        """The page's URL and the chunk's anchor; a URL that names a fragment already, or none, is kept."""
        store.check_embedder(EMB.name, EMB.dim)
        for doc_id, url in (("keys", "https://x/keys"), ("faq", "https://x/faq#top"), ("bare", None)):
            d, chunks = doc(doc_id, "Intro.", "Rotate a key.", url=url)
            chunks = [chunks[0], replace(chunks[1], anchor="rotating-a-key")]
            put(store, d, chunks)
        got = {p.id: p.url for p in store.get(["keys#0", "keys#1", "faq#1", "bare#1"], Filter())}
        assert got == {
            "keys#0": "https://x/keys",
            "keys#1": "https://x/keys#rotating-a-key",
            "faq#1": "https://x/faq#top",
            "bare#1": None,
        }
        hits = store.search_hybrid("rotate key", vec("rotate key"), Filter(), 10)
        assert {p.id: p.url for p in hits}["keys#1"] == "https://x/keys#rotating-a-key"

    def test_reupsert_replaces_all_chunks(self, corpus: Store) -> None:
        put(corpus, *doc("keys", "Only one chunk now."), doc_hash="h2")
        assert [p.id for p in corpus.get(["keys#0", "keys#1"], Filter())] == ["keys#0"]
        assert corpus.document_hash("default", "keys") == "h2"
        assert corpus.stats().chunks == 7
        assert corpus.integrity_check() == []

    def test_failed_upsert_leaves_the_previous_version(self, corpus: Store) -> None:
        d, chunks = doc("keys", "New text one.", "New text two.")
        broken = [chunks[0], replace(chunks[1], n=0)]  # duplicate chunk number: fails mid-transaction
        with pytest.raises(StoreError):
            put(corpus, d, broken, doc_hash="h3")
        assert [p.text for p in corpus.get(["keys#0", "keys#1"], Filter())] == [
            "Rotate an API key from Settings > API.",
            "Rotated keys expire after 24 hours.",
        ]
        assert corpus.document_hash("default", "keys") == "h1"
        assert corpus.integrity_check() == []

    def test_delete(self, corpus: Store) -> None:
        before = corpus.document_ids("default")
        assert before == sorted(before) and "billing" in before
        assert corpus.delete("default", "billing") is True
        assert corpus.document_ids("default") == [d for d in before if d != "billing"]
        assert "globex-keys" in corpus.document_ids("globex") and "globex-keys" not in before
        assert corpus.document_ids("no-such-tenant") == []
        assert corpus.delete("default", "billing") is False
        assert corpus.get(["billing#0"], Filter()) == []
        assert all(p.document_id != "billing" for p in corpus.search_bm25("refunds", Filter()))
        assert corpus.integrity_check() == []

    def test_tenants_of_a_document_id(self, corpus: Store) -> None:
        put(corpus, *doc("keys", "Globex keys rotate yearly.", tenant="globex"))
        assert corpus.tenants_of("keys") == ["default", "globex"]
        assert corpus.tenants_of("globex-keys") == ["globex"] and corpus.tenants_of("nope") == []

    def test_vectors_are_found_by_content_hash(self, corpus: Store) -> None:
        (p,) = corpus.get(["billing#0"], Filter())
        h = doc("billing", p.text)[1][0].content_hash
        found = corpus.vectors_for_hashes([h, "nope"])
        assert set(found) == {h}
        assert np.allclose(found[h], vec(embedding_text("billing", ("Section",), p.text)), atol=1e-5)

    def test_a_retrieved_passage_names_its_stored_vector(self, corpus: Store) -> None:
        # The engine finds a candidate's vector from the passage alone (the ensemble reads its cosine).
        hits = corpus.search_hybrid("refund", EMB.embed(["refund"])[0], Filter(), 5)
        assert hits
        for p in hits:
            h = content_hash(p.title, p.heading_path, p.text)
            assert set(corpus.vectors_for_hashes([h])) == {h}

    def test_a_different_embedder_is_refused(self, corpus: Store) -> None:
        with pytest.raises(StoreError, match="built with embedder"):
            corpus.check_embedder("other-model", EMB.dim)
        corpus.check_embedder(EMB.name, EMB.dim)

    # --- search -----------------------------------------------------------------------------------

    def test_bm25_ranks_the_matching_chunk_first(self, corpus: Store) -> None:
        hits = corpus.search_bm25("How do refunds work?", Filter(), k=3)
        assert hits[0].id == "billing#0" and hits[0].scores.bm25 is not None and hits[0].scores.bm25 > 0

    def test_vector_ranks_the_nearest_chunk_first(self, corpus: Store) -> None:
        hits = corpus.search_vector(vec("Refunds are available within 30 days of purchase."), Filter(), k=3)
        assert hits[0].id == "billing#0" and hits[0].scores.vector is not None and hits[0].scores.vector > 0.5
        assert len(hits) == 3

    def test_hybrid_fuses_both_lists(self, corpus: Store) -> None:
        hits = corpus.search_hybrid("refunds purchase", vec("refunds purchase"), Filter(), k=3)
        assert hits[0].id == "billing#0"
        assert hits[0].scores.fused is not None and hits[0].scores.bm25 is not None
        assert hits[0].scores.vector is not None
        assert [h.scores.fused for h in hits] == sorted((h.scores.fused or 0 for h in hits), reverse=True)

    def test_hybrid_is_the_fusion_of_the_two_searches_under_the_filter(self, corpus: Store) -> None:
        """The same passages, order and scores, under every kind of filter (the SQLite store fuses the two
        lists before it reads any passage), rank ties included (a passage found by one list only ties with
        one found at the same rank by the other)."""
        cases = (
            ("refunds purchase", Filter()),
            ("api key rotation", Filter(tenant="globex")),
            ("rotate the api key", Filter(groups=frozenset({"staff"}))),
            ("api keys expire", Filter(groups=frozenset({"staff"}), as_of=date(2026, 6, 1))),
            ("api keys expire rotate", Filter(doc_ids=frozenset({"keys", "old-keys", "future"}))),
            ("signing key vault", Filter()),
        )
        for query, flt in cases:
            for k in (1, 3, 10):
                n = candidates(k)
                apart = fuse(corpus.search_bm25(query, flt, n), corpus.search_vector(vec(query), flt, n), k)
                assert apart, query
                assert corpus.search_hybrid(query, vec(query), flt, k) == apart, (query, flt, k)

    def test_empty_query_finds_nothing(self, corpus: Store) -> None:
        assert corpus.search_bm25("   ?! ", Filter()) == []

    # --- access control inside every query ----------------------------------------------------------

    def _everything(self, store: Store, flt: Filter, query: str) -> set[str]:
        ids = {p.document_id for p in store.search_bm25(query, flt, 50)}
        ids |= {p.document_id for p in store.search_vector(vec(query), flt, 50)}
        ids |= {p.document_id for p in store.search_hybrid(query, vec(query), flt, 50)}
        return ids

    def test_another_tenants_document_is_excluded(self, corpus: Store) -> None:
        seen = self._everything(corpus, Filter(), "Globex rotates API keys every 90 days")
        assert "globex-keys" not in seen
        assert corpus.get(["globex-keys#0"], Filter()) == []
        globex = self._everything(corpus, Filter(tenant="globex"), "API keys rotate")
        assert globex == {"globex-keys"}

    def test_a_document_whose_groups_the_principal_lacks_is_excluded(self, corpus: Store) -> None:
        for flt in (Filter(), Filter(groups=frozenset({"sales"}))):
            assert "staff-runbook" not in self._everything(corpus, flt, "rotate the signing key with the vault CLI")
            assert corpus.get(["staff-runbook#0"], flt) == []
        staff = Filter(groups=frozenset({"sales", "staff"}))
        assert "staff-runbook" in self._everything(corpus, staff, "rotate the signing key with the vault CLI")

    def test_pages_a_principal_may_not_read_do_not_move_its_lexical_scores(self, store: Store) -> None:
        """Term statistics come from what the principal may read: another tenant's pages, or a group's, full
        of the query's words, change neither the rank nor the score of a readable passage."""
        store.check_embedder(EMB.name, EMB.dim)
        put(store, *doc("quasar", "The quasar export job has an idle timeout of 30 minutes."))
        put(store, *doc("jobs", "Every export job has an idle timeout.", "Export jobs retry twice."))
        put(store, *doc("limits", "An API timeout is 60 seconds for every request."))
        queries = ("idle timeout for quasar", "export job timeout", "quasar", "API request")
        principals = (Filter(), Filter(groups=frozenset({"sales"})), Filter(doc_ids=frozenset({"quasar", "jobs"})))

        def lexical() -> list[list[tuple[str, float]]]:
            return [
                [(p.id, round(p.scores.bm25 or 0.0, 9)) for p in store.search_bm25(q, flt, 10)]
                for q in queries
                for flt in principals
            ]

        before = lexical()
        for n in range(30):
            put(store, *doc(f"globex{n}", "Quasar quasar quasar export notes.", tenant="globex"))
            put(store, *doc(f"staff{n}", f"Quasar idle runbook {n}: page the export job owner.", acl=("staff",)))
        assert lexical() == before
        staff = Filter(groups=frozenset({"staff"}))
        assert any(p.document_id.startswith("staff") for p in store.search_bm25("quasar", staff, 10))  # they are there

    def test_a_document_outside_the_closed_id_set_is_excluded(self, corpus: Store) -> None:
        closed = Filter(doc_ids=frozenset({"billing", "keys"}))
        assert self._everything(corpus, closed, "API keys rotate expire refunds") == {"billing", "keys"}
        assert corpus.get(["old-keys#0"], closed) == []
        assert self._everything(corpus, Filter(doc_ids=frozenset()), "API keys") == set()

    def test_as_of_hides_documents_not_yet_in_effect(self, corpus: Store) -> None:
        assert "future" in self._everything(corpus, Filter(), "API keys rotate monthly")
        assert "future" not in self._everything(corpus, Filter(as_of=date(2026, 11, 29)), "API keys rotate monthly")

    def test_supersession_is_visible_only_through_a_readable_replacement(self, corpus: Store) -> None:
        (public,) = corpus.get(["old-keys#0"], Filter())
        assert public.superseded_by == ()  # the replacement is staff-only: not even its existence leaks
        (staff,) = corpus.get(["old-keys#0"], Filter(groups=frozenset({"staff"})))
        assert staff.superseded_by == ("new-keys",)

    def test_filtered_vector_search_returns_k_visible_rows(self, store: Store) -> None:
        store.check_embedder(EMB.name, EMB.dim)
        for i in range(60):
            tenant = "rare" if i % 10 == 0 else "common"
            put(store, *doc(f"d{i}", f"Document number {i} about topic {i % 7}.", tenant=tenant))
        hits = store.search_vector(vec("Document about topic 3"), Filter(tenant="rare"), k=5)
        assert len(hits) == 5 and all(h.tenant == "rare" for h in hits)

    def test_a_search_asks_for_at_least_one_passage(self, corpus: Store) -> None:
        v = vec("API keys")
        searches: tuple[Callable[[int], list[Passage]], ...] = (
            lambda k: corpus.search_bm25("keys", Filter(), k),
            lambda k: corpus.search_vector(v, Filter(), k),
            lambda k: corpus.search_hybrid("keys", v, Filter(), k),
        )
        for search in searches:
            assert len(search(1)) == 1
            for k in (0, -3):  # SQL reads a negative LIMIT as none: never return everything
                with pytest.raises(InputError, match="k: expected at least 1 passage"):
                    search(k)

    def test_accents_are_folded_in_pages_and_queries(self, store: Store) -> None:
        """SQLite's FTS5 folds diacritics (remove_diacritics 2); every backend matches "resume" to "résumé"."""
        store.check_embedder(EMB.name, EMB.dim)
        put(store, *doc("cv", "Attach your résumé when you apply at the Café."))
        put(store, *doc("plain", "Update the naive resume template."))
        assert store.search_bm25("resume cafe", Filter(), 5)[0].id == "cv#0"
        assert "plain#0" in [p.id for p in store.search_bm25("naïve résumé", Filter(), 5)]
        assert "cv#0" in [p.id for p in store.search_hybrid("RÉSUMÉ", vec("RÉSUMÉ"), Filter(), 5)]

    # --- two handles on one store at once (two processes) ----------------------------------------------

    def test_two_first_writers_of_a_new_store(self, store: Store, open_again: Callable[[], Store]) -> None:
        """Two ingests into a new store at once: the one that finds the embedder already recorded writes too."""
        other = open_again()  # opened before either recorded the embedder
        try:
            store.check_embedder(EMB.name, EMB.dim)
            other.check_embedder(EMB.name, EMB.dim)
            put(other, *doc("billing", "Refunds are available within 30 days of purchase."))
            assert [p.id for p in store.get(["billing#0"], Filter())] == ["billing#0"]
        finally:
            other.close()

    def test_two_writers_of_one_page_at_once(self, store: Store, open_again: Callable[[], Store]) -> None:
        """Two ingests of the same pages at once: each upsert replaces the page whole, none fails."""
        store.check_embedder(EMB.name, EMB.dim)
        put(store, *doc("keys", "Rotate an API key from Settings."))
        errors: list[BaseException] = []

        def write(s: Store, tag: str) -> None:
            try:
                for i in range(40):
                    put(s, *doc("keys", f"Rotate an API key ({tag} {i}).", "Keys expire."), doc_hash=f"{tag}{i}")
            except BaseException as exc:  # reported by the assertion below
                errors.append(exc)
            finally:
                s.close()

        writers = [threading.Thread(target=write, args=(open_again(), tag)) for tag in "ab"]
        for w in writers:
            w.start()
        for w in writers:
            w.join()
        assert errors == []
        assert store.document_ids("default") == ["keys"] and store.stats().chunks == 2
        assert store.integrity_check() == []

    def test_a_search_during_a_reingest_of_the_page_still_finds_it(
        self, store: Store, open_again: Callable[[], Store]
    ) -> None:
        """Re-ingesting a page replaces its chunks; a search meanwhile sees the old version or the new one."""
        store.check_embedder(EMB.name, EMB.dim)
        texts = ["Refunds are available within 30 days.", "Refunds reach your card in 5 to 10 days."]
        put(store, *doc("refunds", *texts))
        writer = open_again()
        stop = threading.Event()
        writes = [0]

        def rewrite() -> None:
            try:
                while not stop.is_set():
                    writes[0] += 1
                    put(writer, *doc("refunds", *texts, owner=f"o{writes[0]}"), doc_hash=f"h{writes[0]}")
            finally:
                writer.close()

        thread = threading.Thread(target=rewrite)
        thread.start()
        q = vec("refund days")
        empty: dict[str, int] = {}
        searches = 0
        try:
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:
                reads: tuple[tuple[str, Callable[[], list[Passage]]], ...] = (
                    ("hybrid", lambda: store.search_hybrid("refund days", q, Filter(), 2)),
                    ("bm25", lambda: store.search_bm25("refund days", Filter(), 2)),
                    ("vector", lambda: store.search_vector(q, Filter(), 2)),
                    ("get", lambda: store.get(["refunds#0", "refunds#1"], Filter())),
                )
                for name, found in reads:
                    searches += 1
                    if len(found()) != 2:
                        empty[name] = empty.get(name, 0) + 1
        finally:
            stop.set()
            thread.join()
        assert writes[0] > 5 and searches > 20
        assert empty == {}

    def test_integrity_check_passes_on_a_sound_store(self, corpus: Store) -> None:
        assert corpus.integrity_check() == []
        stats = corpus.stats()
        assert (stats.documents, stats.chunks, stats.embedder, stats.dim) == (7, 8, EMB.name, EMB.dim)
        assert stats.tenants == {"default": 6, "globex": 1}
        assert (stats.decisions, stats.last_decision_at) == (0, None)


class LogContract:
    """The decision log: append-only, durable, read back oldest first."""

    def test_decision_log_round_trip(self, store: Store) -> None:
        for i in range(5):
            store.append_log(f"d{i}", f"2026-11-2{i}T10:00:00", {"decision_id": f"d{i}", "status": "abstain", "n": i})
        assert [r["n"] for r in store.read_log()] == [0, 1, 2, 3, 4]
        assert [r["n"] for r in store.read_log(last=2)] == [3, 4]
        assert [r["n"] for r in store.read_log(since="2026-11-23")] == [3, 4]
        assert store.read_decision("d3") == {"decision_id": "d3", "status": "abstain", "n": 3}
        store.append_log("d3", "2026-11-25T10:00:00", {"decision_id": "d3", "status": "abstain", "n": 30})
        assert store.read_decision("d3") == {"decision_id": "d3", "status": "abstain", "n": 30}  # the latest
        assert store.read_decision("d9") is None
        with pytest.raises(InputError, match="expected at least 1 record, got -1"):
            store.read_log(last=-1)  # not "no limit"
        assert (store.stats().decisions, store.stats().last_decision_at) == (6, "2026-11-25T10:00:00")
