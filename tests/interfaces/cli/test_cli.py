"""The command line, run in-process through click's runner and once as a real subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

from answerable import __version__, assess
from answerable.backends.store.sqlite import SQLiteStore
from answerable.core.codec import decision_from_dict, evidence_from_dict
from answerable.core.errors import InputError
from answerable.core.gate import decide
from answerable.core.policy import SETTINGS, default_policy_path, load_policy
from answerable.core.types import Decision, Evidence, Principal
from answerable.engine.engine import log_record
from answerable.interfaces.cli import main
from answerable.interfaces.render import render_decision
from tests.conftest import ROOT

EVIDENCE = sorted(str(p) for p in (ROOT / "examples" / "evidence").glob("*.json"))


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


def test_policy_check_ok_lists_profiles():
    result = run("policy", "check", str(default_policy_path()))
    assert result.exit_code == 0
    assert "ok:" in result.output and "strict:" in result.output and "assist:" in result.output


def test_policy_check_bad_file_exits_2_with_the_key(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text((ROOT / "tests" / "policy.toml").read_text().replace("min_support = 0.75", "min_support = 7", 1))
    result = run("policy", "check", str(bad))
    assert result.exit_code == 2
    assert "profiles.strict.min_support" in result.output and str(bad) in result.output


def test_policy_show_json_and_profile_filter():
    result = run("policy", "show", "--profile", "assist", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert list(data["profiles"]) == ["assist"]
    assert set(data["profiles"]["assist"]) == {s.name for s in SETTINGS}
    assert run("policy", "show", "--profile", "nope").exit_code == 2


def test_policy_show_text_and_settings():
    assert "[strict]" in run("policy", "show").output
    listed = run("policy", "show", "--settings").output
    assert all(s.name in listed for s in SETTINGS)


def test_decide_prints_each_fixture_and_json_matches_the_gate():
    result = run("decide", "--now", "2026-11-29", *EVIDENCE)
    assert result.exit_code == 0
    assert result.output.count("ABSTAIN") == 5 and result.output.count("ANSWER  (") == 1
    data = json.loads(run("decide", "--now", "2026-11-29", "--json", *EVIDENCE).output)
    statuses = [d["decision"]["status"] for d in data]
    assert statuses == ["answer", "abstain", "abstain", "abstain", "abstain", "abstain"]
    keys = {
        "decision_id",
        "status",
        "answer",
        "citations",
        "supporting_passage_ids",
        "claims",
        "missing_claims",
        "reason_codes",
        "next_step",
        "suggestions",
        "policy",
        "conflicts",
    }
    assert all(set(d["decision"]) == keys for d in data)


def test_decide_reports_bad_evidence_with_its_field(tmp_path: Path):
    bad = tmp_path / "e.json"
    bad.write_text(
        json.dumps(
            {"claims": [{"id": "c1", "text": "x"}], "passages": [{"id": "a#1", "text": "t", "updated_at": "yesterday"}]}
        )
    )
    result = run("decide", str(bad))
    assert result.exit_code == 2
    assert "passages[0].updated_at: expected a date" in result.output
    (tmp_path / "n.json").write_text("{not json")
    assert run("decide", str(tmp_path / "n.json")).exit_code == 2


def test_decide_without_draft_reports_authorized():
    raw = json.loads((ROOT / "examples" / "evidence" / "1-supported.json").read_text())
    del raw["draft"]
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(raw, f)
    result = run("decide", "--now", "2026-11-29", f.name)
    assert result.exit_code == 0 and "authorized" in result.output


def test_console_script_runs_as_a_process():
    out = subprocess.run(
        [sys.executable, "-m", "answerable", "policy", "check", str(default_policy_path())],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "strict" in out.stdout


def test_reading_commands_refuse_a_store_that_was_never_built(tmp_path: Path):
    """A mistyped --store is an error naming the path, not an empty index that abstains with no_evidence."""
    missing = tmp_path / "typo" / "index.db"
    url = f"sqlite:///{missing}"
    for args in (
        ["ask", "How do I rotate an API key?", "--store", url],
        ["search", "rotate a key", "--store", url, "--embedder", "hash:64"],
        ["log", "show", "--store", url],
        ["log", "export", str(tmp_path / "out.jsonl"), "--store", url],
        ["gaps", "--store", url, "--embedder", "hash:64"],
    ):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert f"no index at {missing}" in result.output and "answerable ingest" in result.output
    assert not missing.parent.exists()  # nothing was created on the way


def test_reading_commands_leave_a_file_that_holds_no_index_as_it_was(tmp_path: Path):
    """An empty file or another application's database is not an empty index, and nothing is written to it."""
    import sqlite3

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes(body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('hello')")
    conn.close()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    for path in (other, empty):
        before = path.read_bytes()
        url = f"sqlite:///{path}"
        for args in (
            ["ask", "hello", "--store", url],
            ["search", "hello", "--store", url, "--embedder", "hash:64"],
            ["log", "show", "--store", url],
        ):
            result = run(*args)
            assert result.exit_code == 1, (args, result.output)
            assert f"no index at {path}" in result.output and "answerable ingest" in result.output
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(path.name)) == [path.name]


def test_ingest_creates_the_store_that_reading_commands_then_open(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'new' / 'index.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "keys.md").write_text("# Keys\nRotate an API key from Settings, then Keys.\n", encoding="utf-8")
    assert run("ingest", str(docs), "--store", url, "--embedder", "hash:64").exit_code == 0
    result = run("search", "rotate", "--store", url, "--embedder", "hash:64", "--json")
    assert result.exit_code == 0 and json.loads(result.output)[0]["document_id"] == "keys"


def test_a_missing_path_is_skipped_and_named_while_the_rest_lands(tmp_path: Path):
    good = tmp_path / "keys.md"
    good.write_text("# Keys\nRotate an API key from Settings.\n", encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'index.db'}"
    result = run("ingest", str(tmp_path / "nope"), str(good), "--store", url, "--embedder", "hash:64", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert report["documents"] == 1
    assert report["skipped"] == [{"source": str(tmp_path / "nope"), "reason": "no such file or folder"}]


def test_an_ingest_that_lands_nothing_leaves_no_index_behind(tmp_path: Path):
    """A mistyped path must not become an empty index that later commands read as 'nothing matches'."""
    url = f"sqlite:///{tmp_path / 'index.db'}"
    result = run("ingest", str(tmp_path / "nope"), "--store", url, "--embedder", "hash:64")
    assert result.exit_code == 1 and "nothing was ingested: no index was created at" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert run("search", "keys", "--store", url).exit_code == 1  # "no index at ..."
    assert run("ingest", str(tmp_path), "--max-bytes", "0", "--store", url).exit_code == 2
    # An index that exists already is left as it is, however little this run adds.
    (tmp_path / "keys.md").write_text("# Keys\nRotate an API key from Settings.\n", encoding="utf-8")
    assert run("ingest", str(tmp_path / "keys.md"), "--store", url, "--embedder", "hash:64").exit_code == 0
    assert run("ingest", str(tmp_path / "nope"), "--store", url, "--embedder", "hash:64").exit_code == 1
    assert (tmp_path / "index.db").exists()


def test_empty_text_arguments_and_unwritable_outputs_are_clear_errors(tmp_path: Path):
    for args, message in (
        (["score", "answerability", "How long?", "  ", "--model", "lexical:bm25"], "the passage is empty"),
        (["score", "support", "", "A passage.", "--model", "lexical:bm25"], "the claim is empty"),
        (["search", " ", "--store", f"sqlite:///{tmp_path / 'x.db'}"], "the query is empty"),
    ):
        result = run(*args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)
    url = f"sqlite:///{tmp_path / 'index.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\nSome text.\n", encoding="utf-8")
    assert run("ingest", str(docs), "--store", url, "--embedder", "hash:64").exit_code == 0
    (tmp_path / "ro").mkdir()
    (tmp_path / "ro" / "taken").write_text("a file, not a folder", encoding="utf-8")
    result = run("log", "export", str(tmp_path / "ro" / "taken" / "log.jsonl"), "--store", url)
    assert result.exit_code == 1 and "error: " in result.output and "log.jsonl" in result.output
    assert "Traceback" not in result.output


def _fixture_decisions() -> Iterator[tuple[Evidence, Decision]]:
    profile = load_policy().profile("strict")
    for path in EVIDENCE:
        evidence = evidence_from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        yield evidence, decide(evidence, profile, date(2026, 11, 29))


def test_a_decision_reads_back_from_its_json_exactly():
    decisions = [d for _, d in _fixture_decisions()]
    assert {d.status.value for d in decisions} == {"answer", "abstain"}
    for d in decisions:
        assert decision_from_dict(json.loads(json.dumps(d.to_dict()))) == d
    broken = decisions[0].to_dict() | {"reason_codes": ["no_such_reason"]}
    with pytest.raises(InputError, match=r"decision.reason_codes\[0\]: expected one of"):
        decision_from_dict(broken)


def test_log_show_one_decision_by_id(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'index.db'}"
    store = SQLiteStore(tmp_path / "index.db")
    profile = load_policy().profile("strict")
    records = []
    for evidence, decision in _fixture_decisions():
        principal = Principal(tenant="acme", groups=frozenset({"support"}), id="ana")
        timings = {"search": 12.5, "claims": 0.25, "rerank": 80.0}
        record = log_record(
            evidence, decision, profile, date(2026, 11, 29), principal, timings, list(evidence.passages), False
        )
        store.append_log(decision.decision_id, "2026-11-29T10:00:00", record)
        records.append((evidence, decision, record))
    store.close()

    evidence, decision, record = next(r for r in records if r[1].status.value == "abstain" and r[0].passages)
    out = run("log", "show", decision.decision_id, "--store", url)
    assert out.exit_code == 0, out.output
    assert f"question: {evidence.question}" in out.output
    assert "asked by: ana (tenant acme, groups support); profile strict" in out.output
    assert "time: claims 0.2 ms, search 12.5 ms, rerank 80.0 ms; total 92.8 ms" in out.output
    # What the retrieval vetoes compared: the fixtures' passages carry no vector score, so no topic.
    a = assess(evidence, profile, date(2026, 11, 29))
    bar = f"{profile.min_retrieval_score:.2f}"
    assert f"gate: retrieval {a.retrieval_score:.3f} (bar {bar}), margin " in out.output
    assert "topic - (bar 0.40)" in out.output
    for p in evidence.passages:
        assert p.id in out.output
    assert out.output.rstrip().endswith(render_decision(decision, why=record["why"]))
    assert record["why"] and all(cause in out.output for cause in record["why"].values())
    as_json = run("log", "show", decision.decision_id, "--json", "--store", url)
    assert json.loads(as_json.output) == json.loads(json.dumps(record))
    missing = run("log", "show", "d_nope", "--store", url)
    assert missing.exit_code == 2 and "no decision 'd_nope'" in missing.output


def test_stats_describes_the_index_and_fails_on_a_damaged_one(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'index.db'}"
    docs = tmp_path / "docs"
    (docs / "globex").mkdir(parents=True)
    (docs / "keys.md").write_text("# Keys\n\nRotate keys in Settings.\n", encoding="utf-8")
    (docs / "billing.md").write_text("# Billing\n\nRefunds within 30 days.\n", encoding="utf-8")
    (docs / "globex" / "sla.md").write_text("---\ntenant: globex\n---\n# SLA\n\n99.99% uptime.\n", encoding="utf-8")
    assert run("ingest", str(docs), "--store", url, "--embedder", "hash:64").exit_code == 0
    store = SQLiteStore(tmp_path / "index.db")
    store.append_log("d_1", "2026-11-30T08:00:00", {"decision_id": "d_1"})
    store.close()

    result = run("stats", "--store", url, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "store": url,
        "documents": 3,
        "tenants": {"default": 2, "globex": 1},
        "chunks": 3,
        "embedder": "hash-64",
        "dim": 64,
        "decisions": 1,
        "last_decision_at": "2026-11-30T08:00:00",
        "problems": [],
    }
    text = run("stats", "--store", url).output
    assert "documents: 3 (by tenant: default 2, globex 1)" in text and "integrity: ok" in text

    store = SQLiteStore(tmp_path / "index.db")
    store.conn.execute("DELETE FROM chunk_vectors WHERE rowid = (SELECT min(rowid) FROM chunk_vectors)")
    store.close()
    damaged = run("stats", "--store", url)
    assert damaged.exit_code == 1 and "integrity: 1 problem(s)" in damaged.output
    assert "3 chunks but 3 full-text rows and 2 vectors" in damaged.output


def test_ingest_base_url_flags_are_checked(tmp_path: Path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "keys.md").write_text("# Keys\n\nRotate keys in Settings.\n", encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'index.db'}"
    both = run("ingest", str(docs), "--url", "https://a.example", "--base-url", "https://b.example", "--store", url)
    assert both.exit_code == 2 and "--url and --base-url: give one" in both.output
    relative = run("ingest", str(docs), "--base-url", "docs/", "--store", url)
    assert relative.exit_code == 2 and "--base-url: expected an absolute http(s) URL, got 'docs/'" in relative.output
    # One bad --url is a usage error up front, not a reason to skip every file; nothing is written.
    for bad in ("javascript:alert(1)", "https://docs.example.com/a b"):
        refused = run("ingest", str(docs), "--url", bad, "--store", url)
        assert refused.exit_code == 2 and "--url: " in refused.output and repr(bad) in refused.output
    assert not (tmp_path / "index.db").exists()
    ok = run("ingest", str(docs), "--base-url", "https://docs.example.com", "--store", url, "--embedder", "hash:64")
    assert ok.exit_code == 0, ok.output
    hits = json.loads(run("search", "rotate", "--store", url, "--embedder", "hash:64", "--json").output)
    assert hits[0]["url"] == "https://docs.example.com/keys.html"  # the page as a docs site builds it


def test_ingest_include_root_reads_the_code_a_docs_folder_pulls_in(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "limits.py").write_text("MAX_UPLOAD_MB = 250\n", encoding="utf-8")
    (tmp_path / "docs" / "limits.md").write_text(
        '# Limits\n\nThe upload limit is set here:\n\n```py\n--8<-- "src/limits.py"\n```\n', encoding="utf-8"
    )
    url = f"sqlite:///{tmp_path / 'index.db'}"
    missing = run("ingest", str(tmp_path / "docs"), "--include-root", str(tmp_path / "nope"), "--store", url)
    assert missing.exit_code == 2 and "--include-root: " in missing.output and "is not a folder" in missing.output
    args = ("--store", url, "--embedder", "hash:64")
    assert run("ingest", str(tmp_path / "docs"), *args).exit_code == 0
    without = json.loads(run("search", "upload limit", *args, "--json").output)
    assert "MAX_UPLOAD_MB" not in without[0]["text"] and "8<" not in without[0]["text"]
    assert run("ingest", str(tmp_path / "docs"), "--include-root", str(tmp_path), *args).exit_code == 0
    hits = json.loads(run("search", "upload limit", *args, "--json").output)
    assert "MAX_UPLOAD_MB = 250" in hits[0]["text"]


def test_ask_explain_prints_the_log_record_then_the_decision(tmp_path: Path):
    url = f"sqlite:///{tmp_path / 'index.db'}"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "refunds.md").write_text("# Refunds\n\nAnnual plans can be refunded within 30 days.\n", encoding="utf-8")
    (docs / "keys.md").write_text("# Keys\n\nRotate an API key from Settings.\n", encoding="utf-8")
    assert run("ingest", str(docs), "--store", url, "--embedder", "hash:64").exit_code == 0
    models = ["--embedder", "hash:64", "--reranker", "lexical:bm25", "--verifier", "lexical:bm25"]
    question = "Within how many days can annual plans be refunded?"
    plain = run("ask", question, "--store", url, *models)
    explained = run("ask", question, "--store", url, "--explain", *models)
    assert plain.exit_code == 0 and explained.exit_code == 0, explained.output
    lines = explained.output.splitlines()
    assert lines[0] == f"question: {question}" and "refunds#0" in explained.output
    assert any(line.startswith("time: claims ") for line in lines)
    # It ends with the decision exactly as plain ask renders it (decision ids differ per request), and it
    # is what log show prints for that decision.
    ids = re.findall(r"d_[0-9a-f]{20}", explained.output)
    assert ids and set(ids) == {ids[0]}
    plain_id = re.findall(r"d_[0-9a-f]{20}", plain.output)[0]
    decision_block = explained.output.rstrip().split("\n\n")[-1]
    assert decision_block.replace(ids[0], plain_id) == plain.output.rstrip()
    assert run("log", "show", ids[0], "--store", url).output == explained.output
    both = run("ask", question, "--store", url, "--explain", "--json", *models)
    assert both.exit_code == 2 and "--explain is for the readable output" in both.output


def test_numbers_and_names_out_of_range_are_usage_errors(tmp_path: Path):
    """Each of these used to run: a negative k or --last meant no limit in SQL, --limit 0 divided by zero."""
    url = f"sqlite:///{tmp_path / 'index.db'}"
    for args, option in (
        (["search", "keys", "--k", "-3", "--store", url], "--k"),
        (["log", "show", "--last", "-5", "--store", url], "--last"),
        (["eval", "examples", "--limit", "0"], "--limit"),
        (["calibrate", "examples", "--target-unsupported", "2"], "--target-unsupported"),
        (["ask", "How do I rotate keys?", "--tenant", " ", "--store", url], "--tenant"),
        (["ingest", "examples/docs", "--tenant", "", "--store", url], "--tenant"),
        (["gaps", "--tenant", "", "--store", url], "--tenant"),
        (["train", "answerability", "--out", str(tmp_path / "m"), "--batch-size", "0"], "--batch-size"),
    ):
        result = run(*args)
        assert result.exit_code == 2 and f"Invalid value for '{option}'" in result.output, (args, result.output)
    assert not (tmp_path / "index.db").exists()


def test_a_reader_that_stops_early_is_no_error(tmp_path: Path):
    """`answerable log show | head -1`: the closed pipe ends the command quietly, with exit 0."""
    store = SQLiteStore(tmp_path / "index.db")
    for n in range(400):  # well over a pipe's buffer of output
        record = {"decision_id": f"d_{n}", "question": "How do I rotate an API key? " * 20, "status": "abstain"}
        store.append_log(f"d_{n}", "2026-11-30T08:00:00", {**record, "reason_codes": ["no_evidence"]})
    store.close()
    command = [sys.executable, "-m", "answerable", "log", "show", "--last", "400"]
    command += ["--store", f"sqlite:///{tmp_path / 'index.db'}"]
    writer = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert writer.stdout is not None and writer.stdout.readline()
    writer.stdout.close()  # the reader goes away after one line
    _, err = writer.communicate(timeout=120)
    assert writer.returncode == 0 and b"error" not in err.lower(), err.decode()


def test_an_unknown_model_is_a_usage_error(tmp_path: Path):
    SQLiteStore(tmp_path / "i.db").close()  # an index that exists, so the model spec is what fails
    result = run("ask", "How do I rotate a key?", "--reranker", "nosuch", "--store", f"sqlite:///{tmp_path / 'i.db'}")
    assert result.exit_code == 2 and "unknown reranker 'nosuch'" in result.output


def test_an_empty_closed_set_of_documents_is_a_usage_error(tmp_path: Path):
    """`--doc-ids ''` would read nothing and abstain as if the documentation were silent."""
    SQLiteStore(tmp_path / "i.db").close()
    url = f"sqlite:///{tmp_path / 'i.db'}"
    for args in (["ask", "How do I rotate a key?"], ["search", "rotate", "--embedder", "hash:64"]):
        result = run(*args, "--doc-ids", " , ", "--store", url)
        assert result.exit_code == 2 and "--doc-ids: names no document" in result.output, (args, result.output)


def test_log_export_since_compares_instants_and_refuses_what_is_not_a_time(tmp_path: Path):
    store = SQLiteStore(tmp_path / "index.db")
    for n, at in enumerate(("2026-11-30T08:00:00+00:00", "2026-12-01T14:00:00+00:00", "2026-12-01T15:09:50+00:00")):
        store.append_log(f"d_{n}", at, {"decision_id": f"d_{n}"})
    store.close()
    url = f"sqlite:///{tmp_path / 'index.db'}"
    out = tmp_path / "out.jsonl"
    for since, ids in (
        ("2026-12-01", ["d_1", "d_2"]),
        ("2026-12-01 15:09:50", ["d_2"]),  # a space for the T, no offset: UTC
        ("2026-12-01T16:09:50+01:00", ["d_2"]),  # the same instant in another zone
        ("2026-12-01T15:09:51Z", []),
    ):
        result = run("log", "export", str(out), "--since", since, "--store", url)
        assert result.exit_code == 0, result.output
        assert [json.loads(line)["decision_id"] for line in out.read_text().splitlines()] == ids, since
    out.write_text("kept\n")
    for bad in ("yesterday", "2026-13-45"):
        result = run("log", "export", str(out), "--since", bad, "--store", url)
        assert result.exit_code == 2 and "--since: expected an ISO date" in result.output
    assert out.read_text() == "kept\n"  # a refused export leaves the file alone
