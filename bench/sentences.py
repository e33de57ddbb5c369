"""Sentence selection for extractive answers: how often the top-ranked sentence is one that answers.

    .venv/bin/python bench/sentences.py [--weights 0,0.05,...] [--kind-weights 0,0.5,...] [--quote-weights 0,0.05,...]
                                        [--tops 2,3,4]

Sets: SQuAD 2.0 dev-a (../shared/data/squad2-dev-a; each answerable question against the sentences of
its gold paragraph, split as the generator splits them; its calibration share is a development set, the
held-out share a test set) and, when ../shared/data/train holds them, WikiQA and TrecQA (dev and test;
the shipped model trained on their train splits only). Questions whose candidates all answer, or none
does, are left out. For each weight w, a sentence scores log-odds(answerable) + w x log-odds(BM25); the
weight with the best mean P@1 over the development sets is the one shipped in
`artifacts/baselines/sentence-ranking.json`. Then, at that BM25 weight, each kind weight k is tried as
the generator applies it (`generate.pick`: k log-odds per point of `kinds.fit`, the form of answer the
question asks for); the best k on the development sets is `generate.KIND_WEIGHT`. Last, the quote ranker
(`quote_ranker_with`): through `pick` at that kind weight, the `answerable-mpnet` log-odds + w x BM25's
re-rank the first ranker's top `RESCORE_TOP`; the best w is in `artifacts/baselines/quote-ranking.json`
(`make mpnet` first); `--tops` also prints P@1 when the quote ranker re-ranks only the first N (what a
smaller `RESCORE_TOP` would cost). TrecQA's tokens replace
every number by `<num>`, which is a number to `kinds.fit`. Prints P@1 per set and weight, then JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import statistics
import sys
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from answerable.backends.models.ensemble import QUOTE_WEIGHTS, SENTENCE_WEIGHTS, logit  # noqa: E402
from answerable.backends.models.training.data import Split, trecqa_pairs, wikiqa_pairs  # noqa: E402
from answerable.backends.registry import load_reranker  # noqa: E402
from answerable.evaluation.data import open_dataset  # noqa: E402
from answerable.evaluation.heldout import held_out_cases  # noqa: E402
from answerable.signals.quoting import KIND_WEIGHT, RESCORE_TOP, pick, split_sentences  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
Item = tuple[str, list[str], set[int]]


def _norm(s: str) -> str:
    s = re.sub(r"\b(a|an|the)\b", " ", re.sub(r"[^\w\s]", " ", s.lower()))
    return " ".join(s.split())


def squad(split: Split) -> list[Item]:
    folder = DATA / "squad2-dev-a"
    with (folder / "corpus.jsonl").open(encoding="utf-8") as f:
        corpus = {d["id"]: d["text"] for d in map(json.loads, f)}
    items = []
    for c in held_out_cases(open_dataset(folder).cases, folder / "corpus.jsonl", split):
        if c.expected != "answer" or not c.gold_doc_ids or not c.answers:
            continue
        sents = split_sentences(corpus[c.gold_doc_ids[0]])
        gold = {i for i, s in enumerate(sents) if any(_norm(a) in _norm(s) for a in c.answers)}
        items.append((c.question, sents, gold))
    return items


def grouped(pairs: list[tuple[str, str, int]]) -> list[Item]:
    groups: OrderedDict[str, list[tuple[str, int]]] = OrderedDict()
    for q, s, label in pairs:
        groups.setdefault(q, []).append((s, label))
    return [(q, [s for s, _ in rows], {i for i, (_, lab) in enumerate(rows) if lab}) for q, rows in groups.items()]


def sets() -> dict[str, tuple[str, list[Item]]]:
    out = {"squad2-dev-a calib": ("dev", squad(Split.CALIB)), "squad2-dev-a held-out": ("test", squad(Split.EVAL))}
    train = DATA / "train"
    for split, role in (("dev", "dev"), ("test", "test")):
        if (train / "wikiqa_castorini").is_dir():
            out[f"wikiqa {split}"] = (role, grouped([(p.a, p.b, p.label) for p in wikiqa_pairs(train, split)]))
        if (train / "trecqa").is_dir():
            out[f"trecqa {split}"] = (role, grouped([(p.a, p.b, p.label) for p in trecqa_pairs(train, f"{split}.csv")]))
    return {k: (role, [it for it in items if it[2] and len(it[2]) < len(it[1])]) for k, (role, items) in out.items()}


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default="0,0.05,0.1,0.15,0.2,0.3,0.5,1")
    ap.add_argument("--kind-weights", default="0,0.5,1,2,4")
    ap.add_argument("--quote-weights", default="0,0.05,0.1,0.15,0.2,0.3")
    ap.add_argument("--tops", default="", help="also P@1 re-ranking only the first N, for each N listed (speed)")
    args = ap.parse_args()
    weights = [float(w) for w in args.weights.split(",")]
    kind_weights = [float(k) for k in args.kind_weights.split(",")]
    quote_weights = [float(w) for w in args.quote_weights.split(",")]
    tops = [int(n) for n in args.tops.split(",") if n]
    shipped = json.loads(SENTENCE_WEIGHTS.read_text())["coef"][1]
    model, bm25, mpnet = load_reranker("answerable"), load_reranker("lexical:bm25"), load_reranker("answerable-mpnet")
    tables: dict[str, dict[str, dict[str, float]]] = {"bm25": {}, "kind": {}, "quote": {}, "top": {}}
    roles: dict[str, str] = {}

    def p_at_1(
        items: list[Item],
        z: list[list[float]],
        k: float | None,
        second: list[list[float]] | None = None,
        top_n: int = RESCORE_TOP,
    ) -> float:
        """P@1 of log-odds `z`, through `generate.pick` with kind weight k (None: the plain maximum) and,
        when given, log-odds `second` of the ranker that re-ranks its shortlist."""
        hits = []
        for n, ((q, s, gold), row) in enumerate(zip(items, z, strict=True)):
            if k is None:
                hits.append(max(range(len(s)), key=lambda i: (row[i], -i)) in gold)
                continue
            texts = [x.replace("<num>", "7") for x in s]
            again = dict(zip(texts, (_sigmoid(x) for x in second[n]), strict=True)) if second else {}

            def rescore(_q: str, shortlist: Sequence[str], again: dict[str, float] = again) -> list[float]:
                return [again[t] for t in shortlist]

            hits.append(pick(q, texts, [_sigmoid(x) for x in row], k, rescore if second else None, top_n=top_n) in gold)
        return round(statistics.mean(hits), 3)

    def mix(a: list[list[float]], b: list[list[float]], w: float) -> list[list[float]]:
        return [[x + w * y for x, y in zip(ra, rb, strict=True)] for ra, rb in zip(a, b, strict=True)]

    for name, (role, items) in sets().items():
        roles[name] = role
        own, lex, big = ([[logit(p) for p in m.score(q, s)] for q, s, _ in items] for m in (model, bm25, mpnet))
        tables["bm25"][name] = {str(w): p_at_1(items, mix(own, lex, w), None) for w in weights}
        tables["kind"][name] = {str(k): p_at_1(items, mix(own, lex, shipped), k) for k in kind_weights}
        first = mix(own, lex, shipped)
        tables["quote"][name] = {str(w): p_at_1(items, first, KIND_WEIGHT, mix(big, lex, w)) for w in quote_weights}
        shipped_quote = json.loads(QUOTE_WEIGHTS.read_text())["coef"][1]
        tables["top"][name] = {str(n): p_at_1(items, first, KIND_WEIGHT, mix(big, lex, shipped_quote), n) for n in tops}
        print(f"{name:22} ({role}, {len(items)} questions)", flush=True)
        for label, key in (("reranker + w x BM25", "bm25"), (f"kind weight at w={shipped:g}", "kind")):
            print(f"  {label:34}" + "  ".join(f"{v}: {p:.3f}" for v, p in tables[key][name].items()))
        row = "  ".join(f"{v}: {p:.3f}" for v, p in tables["quote"][name].items())
        print(f"  {f'then mpnet + w x BM25, top {RESCORE_TOP}':34}{row}", flush=True)
        if tops:
            row = "  ".join(f"{n}: {p:.3f}" for n, p in tables["top"][name].items())
            print(f"  {f'mpnet at w={shipped_quote:g}, top N':34}{row}", flush=True)
    dev = [n for n, r in roles.items() if r == "dev"]
    best = {
        key: max(t[dev[0]], key=lambda v: statistics.mean(t[n][v] for n in dev))
        for key, t in tables.items()
        if t[dev[0]]
    }
    print(
        f"best on the development sets ({', '.join(dev)}): BM25 weight {best['bm25']}, kind weight {best['kind']}, "
        f"BM25 weight beside mpnet {best['quote']}"
    )
    print(json.dumps({"p_at_1": tables, "roles": roles, "best": best}))


if __name__ == "__main__":
    main()
