"""`answerable eval` end to end on a small folder in the shared-data format, with the lexical models."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from answerable.evaluation.data import open_dataset
from answerable.interfaces.cli import main


def write_folder(root: Path) -> Path:
    root.mkdir()
    docs = [
        {
            "id": "keys",
            "title": "API keys",
            "text": "To rotate an API key open Settings and click Rotate. Old keys work for 24 hours.",
        },
        {"id": "refunds", "title": "Refunds", "text": "Annual plans can be refunded within 30 days of purchase."},
        {"id": "tls", "title": "TLS", "text": "The API accepts TLS 1.2 and TLS 1.3 only.", "updated_at": "2026-01-01"},
    ]
    (root / "corpus.jsonl").write_text("".join(json.dumps(d) + "\n" for d in docs))
    cases = [
        {
            "id": "c1",
            "question": "How long do old API keys keep working after rotation?",
            "expected": "answer",
            "answers": ["24 hours"],
            "gold_doc_ids": ["keys"],
            "as_of": "2026-11-29",
        },
        {
            "id": "c2",
            "question": "Within how many days can an annual plan be refunded?",
            "expected": "answer",
            "answers": ["30 days"],
            "gold_doc_ids": ["refunds"],
            "as_of": "2026-11-29",
        },
        {
            "id": "c3",
            "question": "What is the capital of Peru?",
            "expected": "abstain",
            "reasons": ["no_answer_bearing_evidence", "low_retrieval_confidence", "support_below_threshold"],
            "as_of": "2026-11-29",
        },
        {
            "id": "c4",
            "question": "Which TLS versions does the API accept?",
            "context_doc_ids": ["refunds"],
            "expected": "abstain",
            "reasons": ["no_answer_bearing_evidence", "low_retrieval_confidence", "support_below_threshold"],
        },
        {"id": "c5", "question": "Do you sell gift cards?"},
    ]
    (root / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    return root


def test_eval_writes_metrics_baselines_cases_curves_and_drift(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "mini")
    out = tmp_path / "run.json"
    args = [
        "eval",
        str(folder),
        "--embedder",
        "hash:64",
        "--reranker",
        "lexical:bm25",
        "--verifier",
        "lexical:bm25",
        "--cache",
        str(tmp_path / "cache"),
        "--json",
        str(out),
        "--metamorphic",
        "2",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "unsupported-answer rate" in result.output and "AURC" in result.output
    report = json.loads(out.read_text())
    assert set(report) >= {"metrics", "baselines", "cases", "metamorphic"}
    assert [c["id"] for c in report["cases"]] == ["c1", "c2", "c3", "c4", "c5"]
    assert set(report["cases"][0]) >= {"id", "expected", "status", "reason_codes", "answer", "cited_ids", "scores"}
    assert report["cases"][4]["expected"] is None and report["metrics"]["labelled"] == 4
    assert set(report["baselines"]) == {"gate", "rerank", "similarity"}
    assert report["cases"][3]["status"] == "abstain"  # closed context without the answer
    assert (tmp_path / "run.png").stat().st_size > 1000
    again = CliRunner().invoke(main, [*args[:-4], "--against", str(out)])
    assert again.exit_code == 0 and "0 case(s) changed" in again.output
    named = CliRunner().invoke(main, [*args[:-4], "--reasons", "no_evidence,no_answer_bearing_evidence"])
    assert named.exit_code == 0 and "abstained with no_evidence or no_answer_bearing_evidence: " in named.output
    unknown = CliRunner().invoke(main, [*args[:-4], "--reasons", "no_answer"])
    assert unknown.exit_code == 2 and "unknown reason code 'no_answer'" in unknown.output
    # a file that is not an earlier run's JSON is refused before anything runs, and costs no output
    for text in ('{"metrics": {}}', "not json"):
        bad = tmp_path / "bad.json"
        bad.write_text(text)
        fresh = tmp_path / "fresh.json"
        refused = CliRunner().invoke(main, [*args[:-4], "--json", str(fresh), "--against", str(bad)])
        assert refused.exit_code == 2 and "--against:" in refused.output and "is not the JSON" in refused.output
        assert "AURC" not in refused.output and not fresh.exists()


def test_eval_rejects_a_folder_without_cases_or_claims(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(
        main, ["eval", str(tmp_path / "empty"), "--reranker", "lexical:bm25", "--verifier", "lexical:bm25"]
    )
    assert result.exit_code == 2 and "no cases.jsonl" in result.output


def test_malformed_case_lines_are_reported_and_skipped_while_the_rest_run(tmp_path: Path) -> None:
    folder = write_folder(tmp_path / "mini")
    with (folder / "cases.jsonl").open("a") as f:
        f.write("not json\n")
        f.write(json.dumps({"id": "c6", "question": "  ", "expected": "abstain"}) + "\n")
        f.write(json.dumps({"id": "c7", "question": "When?", "as_of": "yesterday"}) + "\n")
        f.write(json.dumps({"id": "c1", "question": "A second c1?"}) + "\n")
        f.write(json.dumps({"id": "c8", "question": "Who?", "principal": {"groups": "staff"}}) + "\n")
        f.write(json.dumps({"id": "c9", "question": "Which plan?", "profile": "lenient"}) + "\n")
        f.write(json.dumps({"id": "c10", "question": "Why? " * 1000}) + "\n")
        f.write(json.dumps({"id": "c11", "question": "When?", "as_of": 20261129}) + "\n")
    out = tmp_path / "run.json"
    args = ["eval", str(folder), "--embedder", "hash:64", "--reranker", "lexical:bm25", "--verifier", "lexical:bm25"]
    result = CliRunner().invoke(main, [*args, "--cache", str(tmp_path / "cache"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    cases = folder / "cases.jsonl"
    expected = [
        f"{cases}:6: not valid JSON (Expecting value)",
        f"{cases}:7: question: empty",
        f"{cases}:8: as_of: expected a date YYYY-MM-DD, got 'yesterday'",
        f"{cases}:9: duplicate id 'c1' (first on line 1)",
        f"{cases}:10: principal: groups: expected a list of strings, got 'staff'",
        f"{cases}:12: question: longer than 4,000 characters",
        f"{cases}:13: as_of: expected a date YYYY-MM-DD, got 20261129",
        f"{cases}:11: profile: 'lenient' is not in the policy (known: assist, strict)",
    ]
    report = json.loads(out.read_text())
    assert report["skipped_cases"] == expected
    assert "skipped 8 case(s)" in result.output and all(e in result.output for e in expected)
    assert [c["id"] for c in report["cases"]] == ["c1", "c2", "c3", "c4", "c5"]  # the rest ran

    only_bad = tmp_path / "bad"
    only_bad.mkdir()
    (only_bad / "corpus.jsonl").write_text((folder / "corpus.jsonl").read_text())
    (only_bad / "cases.jsonl").write_text("not json\n")
    result = CliRunner().invoke(main, ["eval", str(only_bad), "--reranker", "lexical:bm25"])
    assert result.exit_code == 2 and "no valid case (1 skipped; the first:" in result.output
    (only_bad / "cases.jsonl").write_bytes(b'{"id": "c1", "question": "Caf\xe9?"}\n')  # Latin-1, not UTF-8
    result = CliRunner().invoke(main, ["eval", str(only_bad), "--reranker", "lexical:bm25"])
    assert result.exit_code == 2 and "cases.jsonl: not UTF-8 text (byte 29)" in result.output
    bom = '\ufeff{"id": "c1", "question": "Which plan?", "expected": "answer"}\n'
    (only_bad / "cases.jsonl").write_text(bom, encoding="utf-8")
    assert [c.id for c in open_dataset(only_bad).cases] == ["c1"]  # a byte-order mark is not a bad line 1


def test_claims_are_checked_with_both_support_models_unless_a_verifier_is_named(tmp_path: Path) -> None:
    """The engine screens for contradicting pages with the MiniLM support model; a claims file is checked with
    the mean of both support models (`CLAIM_VERIFIER`), the better checker, unless --verifier names one."""
    folder = tmp_path / "claims"
    folder.mkdir()
    passage = "The 1973 oil crisis began in October 1973, when OAPEC proclaimed an oil embargo."
    claims = [
        ("k1", "The oil crisis began in 1973.", "supported"),
        ("k2", "The 1973 oil crisis began in March 1975, long before any embargo.", "refuted"),
    ]
    (folder / "claims.jsonl").write_text(
        "".join(
            json.dumps({"id": i, "claim": c, "label": lab, "evidence": [{"id": "e", "text": passage, "label": lab}]})
            + "\n"
            for i, c, lab in claims
        )
    )
    runs = {}
    for extra in ([], ["--verifier", "lexical:bm25"]):
        out = tmp_path / f"run{len(extra)}.json"
        result = CliRunner().invoke(main, ["eval", str(folder), "--json", str(out), *extra])
        assert result.exit_code == 0, result.output
        runs[len(extra)] = json.loads(out.read_text())["verifier"]
    assert runs[0]["model"] == "ensemble" and runs[0]["n"] == 2
    assert runs[0]["balanced_accuracy"] == 1.0  # the two support models agree on these two
    assert runs[2]["model"] == "lexical:bm25"
