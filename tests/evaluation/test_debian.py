"""Real documentation from a Debian package: `source.toml` read and checked, the package fetched once (apt
and dpkg faked, or a real package built with dpkg-deb), only the listed pages kept, and the index key on
their bytes."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from answerable.core.errors import FetchError, InputError
from answerable.evaluation.data import fetch_corpus, only_split, open_dataset
from answerable.evaluation.debian import corpus_folder, fetch, pages_folder, read_source
from answerable.ingest.sections import Format
from tests.conftest import ROOT

REALDOCS = ROOT / "examples" / "realdocs"


def write_set(folder: Path, *, pages: Sequence[str] = ("guide/start.rst.txt", "faq.rst.txt"), fmt: str = "rst") -> Path:
    folder.mkdir(parents=True)
    (folder / "source.toml").write_text(
        'package = "fake-doc"\nversion = "1.0-1"\nroot = "usr/share/doc/fake-doc/_sources"\n'
        f'pages = "pages.txt"\nformat = "{fmt}"\nbase_url = "https://docs.example.org/v1/"\n'
    )
    (folder / "pages.txt").write_text("".join(p + "\n" for p in pages))
    (folder / "questions.jsonl").write_text(
        '{"id": "q1", "question": "How do I start?", "expected": "answer", "answers": ["make start"], '
        '"split": "dev", "category": "answerable"}\n'
        '{"id": "q2", "question": "What colour is the logo?", "expected": "abstain", '
        '"reasons": ["no_answer_bearing_evidence"], "split": "untouched", "category": "on-topic-unanswerable"}\n'
    )
    return folder


def package_tree(root: Path) -> Path:
    """The files of a fake documentation package, as `dpkg -x` leaves them."""
    docs = root / "usr" / "share" / "doc" / "fake-doc" / "_sources"
    (docs / "guide").mkdir(parents=True)
    (docs / "guide" / "start.rst.txt").write_text(
        "Getting started\n===============\n\nInstall\n-------\n\nRun ``make start`` to start the server.\n"
    )
    (docs / "faq.rst.txt").write_text("FAQ\n===\n\nThe server listens on port 8080 by default.\n")
    (docs / "changes.rst.txt").write_text("Changes\n=======\n\nNot listed, so never ingested.\n")
    return root


def test_the_shipped_sets_name_their_package_pages_and_urls() -> None:
    sphinx = read_source(REALDOCS / "sphinx" / "source.toml")
    assert (sphinx.package, sphinx.version, sphinx.format) == ("sphinx-doc", "5.3.0-4", Format.RST)
    assert sphinx.pages is not None and len(sphinx.pages) == 49 and "usage/quickstart.rst.txt" in sphinx.pages
    postgres = read_source(REALDOCS / "postgresql" / "source.toml")
    assert (postgres.package, postgres.format) == ("postgresql-doc-15", Format.HTML)
    assert postgres.pages is not None and len(postgres.pages) == 53
    assert postgres.base_url == "https://www.postgresql.org/docs/15/"
    dataset = open_dataset(REALDOCS / "sphinx")
    assert dataset.source == sphinx and dataset.corpus == ()  # nothing fetched until asked
    assert {c.split for c in dataset.cases} == {"dev", "untouched"} and len(only_split(dataset, "dev").cases) == 57


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda s: s.replace('format = "rst"', 'format = "pdf"'), "format: expected one of"),
        (lambda s: s.replace('format = "rst"', 'format = "html"'), "guide/start.rst.txt is not a html page"),
        (lambda s: s.replace('root = "usr', 'root = "/usr'), "root: expected a path inside the package"),
        (lambda s: s.replace('package = "fake-doc"', 'package = "fake doc; rm"'), "not a Debian package name"),
        (lambda s: s.replace('pages = "pages.txt"', 'pages = "nope.txt"'), "pages: cannot read"),
        (lambda s: s.replace('version = "1.0-1"\n', ""), "version: expected a non-empty string"),
        (lambda s: s + "[broken", "not valid TOML"),
    ],
)
def test_a_source_that_cannot_be_used_is_refused_naming_what(tmp_path: Path, edit, problem: str) -> None:  # type: ignore[no-untyped-def]
    folder = write_set(tmp_path / "set")
    toml = folder / "source.toml"
    toml.write_text(edit(toml.read_text()))
    with pytest.raises(InputError, match=r"source\.toml") as info:
        open_dataset(folder)
    assert problem in str(info.value)


def test_a_page_outside_the_root_is_refused(tmp_path: Path) -> None:
    folder = write_set(tmp_path / "set", pages=("../../etc/passwd.rst.txt",))
    with pytest.raises(InputError, match="expected a path inside the package"):
        read_source(folder / "source.toml")


class FakeApt:
    """apt-get and apt-cache as a script says; dpkg runs for real (it needs no root)."""

    def __init__(self, deb: Path | None, known: bool = True, download_fails: int = 0) -> None:
        self.deb, self.known, self.download_fails = deb, known, download_fails
        self.calls: list[list[str]] = []

    def __call__(self, cmd: Sequence[str], cwd: Path) -> tuple[int, str]:
        self.calls.append(list(cmd))
        if cmd[:2] == ["apt-get", "download"]:
            if self.download_fails or self.deb is None:
                self.download_fails -= 1
                return 100, f"E: Can't find a source to download version of '{cmd[2]}'"
            shutil.copy(self.deb, cwd / self.deb.name)
            return 0, "Get:1 fake-doc"
        if cmd[:2] == ["apt-cache", "show"]:
            return 0, "Package: fake-doc"  # as apt does: 0 even for a version its lists do not hold
        if cmd[:2] == ["apt-cache", "madison"]:
            listed = " fake-doc |    1.0-0 | http://deb.debian.org/debian bookworm/main amd64 Packages"
            if self.known:  # the newer version comes with the security suite's lists
                listed = (
                    " fake-doc |    1.0-1 | http://deb.debian.org/debian-security bookworm-security/main\n" + listed
                )
            return 0, listed
        if cmd[:2] == ["apt-get", "update"]:
            self.known = True
            return 0, "Reading package lists... Done"
        done = subprocess.run(list(cmd), cwd=cwd, capture_output=True, text=True, check=False)
        return done.returncode, done.stdout + done.stderr

    def ran(self, *prefix: str) -> int:
        return sum(1 for c in self.calls if c[: len(prefix)] == list(prefix))


@pytest.fixture
def deb(tmp_path: Path) -> Path:
    """A real package file holding the fake documentation, built with dpkg-deb."""
    if shutil.which("dpkg-deb") is None:
        pytest.skip("dpkg-deb is not here (not a Debian system)")
    tree = package_tree(tmp_path / "build")
    (tree / "DEBIAN").mkdir()
    (tree / "DEBIAN" / "control").write_text(
        "Package: fake-doc\nVersion: 1.0-1\nArchitecture: all\nMaintainer: t <t@example.org>\nDescription: docs\n"
    )
    out = tmp_path / "fake-doc_1.0-1_all.deb"
    subprocess.run(["dpkg-deb", "--build", "--root-owner-group", str(tree), str(out)], check=True, capture_output=True)
    return out


def test_a_package_is_fetched_once_into_the_cache_and_unpacked(tmp_path: Path, deb: Path) -> None:
    apt = FakeApt(deb)
    cache = tmp_path / "cache"
    folder = fetch("fake-doc", "1.0-1", cache, run=apt, is_root=False)
    assert folder == cache / "debian" / "fake-doc_1.0-1"
    assert (folder / "usr/share/doc/fake-doc/_sources/guide/start.rst.txt").is_file()
    assert apt.ran("apt-get", "download", "fake-doc=1.0-1") == 1 and apt.ran("dpkg", "-x") == 1
    assert [p.name for p in (cache / "debian").iterdir()] == ["fake-doc_1.0-1"]  # no .deb, no temporary folder
    assert fetch("fake-doc", "1.0-1", cache, run=apt, is_root=False) == folder and len(apt.calls) == 2


def test_missing_package_lists_are_updated_as_root_and_named_otherwise(tmp_path: Path, deb: Path) -> None:
    user = FakeApt(deb, known=False, download_fails=1)
    with pytest.raises(FetchError, match=r"run `sudo apt-get update` and try again"):
        fetch("fake-doc", "1.0-1", tmp_path / "a", run=user, is_root=False)
    assert user.ran("apt-get", "update") == 0
    assert not list((tmp_path / "a" / "debian").iterdir())  # nothing half-fetched is left
    root = FakeApt(deb, known=False, download_fails=1)
    folder = fetch("fake-doc", "1.0-1", tmp_path / "b", run=root, is_root=True)
    assert root.ran("apt-get", "update") == 1 and root.ran("apt-get", "download") == 2
    assert (folder / "usr/share/doc/fake-doc/_sources/faq.rst.txt").is_file()


def test_a_version_apt_knows_but_cannot_download_is_an_error_naming_the_versions_it_has(tmp_path: Path) -> None:
    apt = FakeApt(None, known=True)
    with pytest.raises(FetchError, match=r"`apt-get download` failed: E: Can't find .*\(apt knows: 1\.0-1, 1\.0-0\)"):
        fetch("fake-doc", "1.0-1", tmp_path, run=apt, is_root=True)
    assert apt.ran("apt-get", "update") == 0  # the lists know the version: updating them would not help
    gone = FakeApt(None, known=False)  # as root, updated, and still unknown
    with pytest.raises(FetchError, match="failed"):
        fetch("fake-doc", "1.0-1", tmp_path, run=gone, is_root=True)


def test_only_the_listed_pages_are_ingested_at_their_ids_and_the_key_holds_their_bytes(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    package_tree(cache / "debian" / "fake-doc_1.0-1")  # as an earlier fetch left it
    folder = write_set(tmp_path / "set")

    def no_apt(cmd: Sequence[str], cwd: Path) -> tuple[int, str]:
        raise AssertionError(f"ran {cmd}: the package is in the cache")

    source = read_source(folder / "source.toml")
    pages = corpus_folder(source, cache, run=no_apt)
    assert sorted(p.relative_to(pages).as_posix() for p in pages.rglob("*") if p.is_file()) == [
        "faq.rst.txt",
        "guide/start.rst.txt",
    ]
    dataset = fetch_corpus(open_dataset(folder), cache)
    assert dataset.corpus == (pages,) and dataset.base_url == "https://docs.example.org/v1/"
    key = dataset.corpus_key("embedder")
    assert key == fetch_corpus(open_dataset(folder), cache).corpus_key("embedder")
    (pages / "faq.rst.txt").write_text("FAQ\n===\n\nThe server listens on port 9090 by default.\n")
    assert dataset.corpus_key("embedder") != key  # a page's bytes are in the key
    from dataclasses import replace

    assert replace(dataset, base_url="https://elsewhere.example.org/").corpus_key("embedder") != dataset.corpus_key(
        "embedder"
    )


def test_a_listed_page_the_package_lacks_is_named(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    package_tree(cache / "debian" / "fake-doc_1.0-1")
    folder = write_set(tmp_path / "set", pages=("faq.rst.txt", "gone.rst.txt"))
    with pytest.raises(InputError, match=r"fake-doc 1\.0-1 has no page gone\.rst\.txt"):
        pages_folder(read_source(folder / "source.toml"), cache / "debian" / "fake-doc_1.0-1", cache)


def test_a_source_without_a_page_list_is_every_page_under_its_root(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    unpacked = package_tree(cache / "debian" / "fake-doc_1.0-1")
    folder = write_set(tmp_path / "set")
    toml = folder / "source.toml"
    toml.write_text(toml.read_text().replace('pages = "pages.txt"\n', ""))
    source = read_source(toml)
    assert source.pages is None
    assert pages_folder(source, unpacked, cache) == unpacked / "usr/share/doc/fake-doc/_sources"


@pytest.mark.slow
def test_a_real_package_is_downloaded_and_unpacked(tmp_path: Path) -> None:
    """`hello` (about 50 kB) at the version apt offers: apt-get download and dpkg -x for real."""
    if shutil.which("apt-get") is None or shutil.which("apt-cache") is None:
        pytest.skip("not a Debian system")
    shown = subprocess.run(["apt-cache", "show", "hello"], capture_output=True, text=True, check=False)
    versions = [line.split(":", 1)[1].strip() for line in shown.stdout.splitlines() if line.startswith("Version:")]
    if not versions:
        pytest.skip("apt's package lists are not here (apt-get update)")
    folder = fetch("hello", versions[0], tmp_path)
    assert (folder / "usr" / "bin" / "hello").is_file()
    assert (folder / "usr" / "share" / "doc" / "hello" / "copyright").is_file()


def test_eval_reads_the_listed_pages_of_a_cached_package_with_their_urls_and_groups_by_split(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from click.testing import CliRunner

    from answerable.backends.store.base import Filter
    from answerable.backends.store.sqlite import SQLiteStore
    from answerable.interfaces.cli import main

    monkeypatch.setenv("ANSWERABLE_CACHE", str(tmp_path / "cache"))
    package_tree(tmp_path / "cache" / "debian" / "fake-doc_1.0-1")
    folder = write_set(tmp_path / "set")
    lexical = ["--embedder", "hash:64", "--reranker", "lexical:bm25", "--verifier", "lexical:bm25"]
    out = tmp_path / "run.json"
    args = ["eval", str(folder), *lexical, "--cache", str(tmp_path / "index"), "--json", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "corpus: 2 pages of fake-doc 1.0-1" in result.output and "by group:" in result.output
    report = json.loads(out.read_text())
    assert report["corpus"] == {"package": "fake-doc", "version": "1.0-1", "pages": "2 pages"}
    assert set(report["groups"]["split"]) == {"dev", "untouched"}
    assert [(c["id"], c["split"], c["category"]) for c in report["cases"]] == [
        ("q1", "dev", "answerable"),
        ("q2", "untouched", "on-topic-unanswerable"),
    ]
    assert "first_reason_accuracy" in report["metrics"] and "answers_with_raw_markup" in report["metrics"]
    (index,) = (tmp_path / "index").glob("set-*.db")
    store = SQLiteStore(index)
    assert sorted(store.document_ids("default")) == ["faq", "guide/start"]  # changes.rst.txt is not listed
    passages = store.get(["guide/start#0", "faq#0"], Filter())
    store.close()
    assert {p.url for p in passages} == {
        "https://docs.example.org/v1/guide/start.html#install",
        "https://docs.example.org/v1/faq.html",
    }
    dev = CliRunner().invoke(main, [*args[:-2], "--split", "dev", "--json", str(out)])
    assert dev.exit_code == 0, dev.output
    assert [c["id"] for c in json.loads(out.read_text())["cases"]] == ["q1"]
    unknown = CliRunner().invoke(main, [*args[:-2], "--split", "test"])
    assert unknown.exit_code == 2 and "no case in split 'test' (its splits: dev, untouched)" in unknown.output
