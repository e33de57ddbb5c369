"""Every setting answerable reads from the environment, declared once and resolved one way.

A setting's value is the option given (a command-line flag, a keyword argument of `open_engine`), else its
environment variable, else its default. `Settings.resolve(env, **options)` is pure: the boundary (the
command line, the service, `answerable.open_engine`) passes `os.environ` in. The reference page
`docs/reference/environment.md` lists the same table, and a test holds the two to each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path

from answerable.core.errors import InputError


@dataclass(frozen=True)
class Setting:
    """One setting: its name (a field of `Settings`), its environment variable, its default, what it does."""

    name: str
    env: str
    default: str | None
    help: str


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "store",
        "ANSWERABLE_STORE",
        "sqlite:///.answerable/index.db",
        "The index and decision log: sqlite:///PATH or postgresql://USER@HOST/DB.",
    ),
    Setting("policy", "ANSWERABLE_POLICY", None, "A policy file (TOML); unset: the policy shipped with the package."),
    Setting(
        "embedder",
        "ANSWERABLE_EMBEDDER",
        "minilm",
        "The embedding model: minilm (packaged), hash:DIM, or st:NAME_OR_PATH of a sentence-transformers model.",
    ),
    Setting(
        "reranker",
        "ANSWERABLE_RERANKER",
        "ensemble",
        "The answerability model that scores each passage for the question.",
    ),
    Setting("verifier", "ANSWERABLE_VERIFIER", "answerable", "The support model that checks answers and conflicts."),
    Setting(
        "confirmer",
        "ANSWERABLE_CONFIRMER",
        "answerable-mpnet",
        "The second answerability model asked before support may let an answer out.",
    ),
    Setting(
        "generator",
        "ANSWERABLE_GENERATOR",
        "extractive",
        "What writes the answer: extractive (quotes the documents) or llm:MODEL.",
    ),
    Setting("decomposer", "ANSWERABLE_DECOMPOSER", "rules", "What splits a question into claims: rules or llm:MODEL."),
    Setting("model", "ANSWERABLE_MODEL", "answerable", "The model `answerable score` scores a pair with."),
    Setting(
        "cache",
        "ANSWERABLE_CACHE",
        None,
        "Where fetched base models and compiled packages are kept; unset: ~/.cache/answerable.",
    ),
    Setting("compiled", "ANSWERABLE_COMPILED", "1", "0: run the models eagerly even where compiled packages exist."),
    Setting(
        "malloc",
        "ANSWERABLE_MALLOC",
        "tuned",
        "tuned: commands set glibc's allocator for CPU inference; default: leave it alone "
        "(the library never changes it).",
    ),
    Setting(
        "base_model", "ANSWERABLE_BASE_MODEL", None, "A local folder to train on instead of the packaged MiniLM base."
    ),
    Setting(
        "openai_base_url",
        "OPENAI_BASE_URL",
        "https://api.openai.com/v1",
        "The OpenAI-compatible endpoint of llm:MODEL backends.",
    ),
    Setting("openai_api_key", "OPENAI_API_KEY", "", "The key sent to that endpoint."),
    Setting("host", "ANSWERABLE_HOST", "127.0.0.1", "The address `answerable serve` listens on."),
    Setting("port", "ANSWERABLE_PORT", "8080", "The port `answerable serve` listens on."),
    Setting(
        "workers",
        "ANSWERABLE_WORKERS",
        "1",
        "Service processes; each loads the models once and runs one model request at a time.",
    ),
    Setting(
        "queue",
        "ANSWERABLE_QUEUE",
        "3",
        "Model requests one service process holds at once, running or waiting; one more is answered 503 "
        "with Retry-After at once.",
    ),
    Setting(
        "max_request_bytes",
        "ANSWERABLE_MAX_REQUEST_BYTES",
        "5000000",
        "The largest request body the service reads (a batch of documents); a larger one is answered 413.",
    ),
)
BY_NAME = {s.name: s for s in SETTINGS}


@dataclass(frozen=True)
class Settings:
    """Resolved settings. Every field is a string (or None where the setting has no default)."""

    store: str
    policy: str | None
    embedder: str
    reranker: str
    verifier: str
    confirmer: str
    generator: str
    decomposer: str
    model: str
    cache: str | None
    compiled: str
    malloc: str
    base_model: str | None
    openai_base_url: str
    openai_api_key: str
    host: str
    port: str
    workers: str
    queue: str
    max_request_bytes: str

    @classmethod
    def resolve(cls, env: Mapping[str, str], **options: str | None) -> Settings:
        """Each setting from its option (when not None), else `env`, else its default.

        An unknown option name is an InputError: a misspelt keyword must not pass for "use the default".
        """
        unknown = sorted(set(options) - set(BY_NAME))
        if unknown:
            raise InputError(f"unknown setting {unknown[0]!r}; known: {', '.join(BY_NAME)}")
        values: dict[str, str | None] = {}
        for s in SETTINGS:
            given = options.get(s.name)
            values[s.name] = given if given is not None else (env.get(s.env) or s.default)
        return cls(**values)  # type: ignore[arg-type]

    def cache_dir(self) -> Path:
        """The cache folder (`cache`, else ~/.cache/answerable)."""
        return Path(self.cache) if self.cache else Path.home() / ".cache" / "answerable"


assert [f.name for f in fields(Settings)] == [s.name for s in SETTINGS]

__all__ = ["SETTINGS", "Setting", "Settings"]
