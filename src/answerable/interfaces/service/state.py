"""What one service process holds: the engine (models loaded once), its store, the service tables, the queue.

Settings are read once, at start. A store that was never made is an error at start (`answerable keys
create` makes one), so a mistyped --store cannot serve an empty index.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from answerable.backends.registry import open_store
from answerable.backends.store.accounts import Accounts
from answerable.backends.store.base import Index, Store
from answerable.core.errors import InputError
from answerable.core.policy import load_policy
from answerable.core.settings import BY_NAME, Settings
from answerable.core.types import Passage, Principal, Result
from answerable.engine.check import check
from answerable.engine.engine import Engine, open_engine
from answerable.interfaces.service.errors import ApiError
from answerable.interfaces.service.metrics import QUEUE
from answerable.interfaces.service.runner import ModelRunner

log = logging.getLogger("answerable.service")


def positive(settings: Settings, name: str) -> int:
    """An integer setting of at least 1, or an InputError naming its variable."""
    value = str(getattr(settings, name))
    try:
        number = int(value)
    except ValueError:
        number = 0
    if number < 1:
        raise InputError(f"{BY_NAME[name].env} ({name}): expected a whole number of at least 1, got {value!r}")
    return number


def with_store(models: Engine, store: Store | None, *, log_decisions: bool) -> Engine:
    """An engine over `store` that shares `models`' loaded models and policy (no weights loaded again)."""
    return Engine(
        store,
        models.embedder,
        models.reranker,
        models.verifier,
        models.policy,
        generator=models.generator,
        decomposer=models.decomposer,
        config=models.config,
        sentence_ranker=models.sentence_ranker,
        confirmer=models.confirmer,
        log=log_decisions,
    )


@dataclass
class Service:
    settings: Settings
    engine: Engine  # asks over the store and logs each decision
    checker: Engine  # decides over passages the caller brings: the same models, no store read
    accounts_store: Store  # a second connection, so key checks never wait behind a search
    runner: ModelRunner
    max_request_bytes: int
    profiles: tuple[str, ...] = field(default=())

    @property
    def store(self) -> Store:
        assert isinstance(self.engine.store, Index), "the service's engine reads an index"
        return self.engine.store  # type: ignore[return-value]  # the store the service opened (open_store)

    @property
    def accounts(self) -> Accounts:
        return self.accounts_store.accounts()

    def check_profile(self, profile: str) -> None:
        if profile not in self.profiles:
            raise ApiError(
                422, "invalid_request", f"profile: no such profile {profile!r} (known: {', '.join(self.profiles)})"
            )

    def check_and_log(
        self,
        question: str,
        passages: list[dict[str, Any]],
        *,
        principal: Principal,
        profile: str,
        draft: dict[str, Any] | None,
        as_of: date | None,
    ) -> Result:
        """`answerable.check` over the caller's passages, logged like an ask so feedback can name it."""
        result = check(
            question, passages, profile=profile, draft=draft, as_of=as_of, principal=principal, engine=self.checker
        )
        self.store.append_log(result.decision_id, datetime.now(UTC).isoformat(timespec="seconds"), result.record)
        return result

    def close(self) -> None:
        self.runner.shutdown()
        self.accounts_store.close()
        self.store.close()


def warm(engine: Engine) -> None:
    """One small decision, so the first caller does not wait for lazy loads and first-call compilation."""
    passage = Passage("warm#0", "warm", "An API key keeps working for 24 hours after it is rotated.", title="API keys")
    check("How long does an old API key keep working?", [passage], engine=engine, draft=None)
    engine.confirmer.score_pairs([("warm", "up")])


def start(settings: Settings, models: Engine | None = None) -> Service:
    """Open the store twice (engine, service tables), load the models unless `models` are given, warm up."""
    queue = positive(settings, "queue")
    max_bytes = positive(settings, "max_request_bytes")
    workers = positive(settings, "workers")
    if models is None:
        if workers > 1:
            # Each worker gets its share of the cores: more intra-op threads than cores only contend.
            import torch

            torch.set_num_threads(max(1, (os.cpu_count() or 1) // workers))
        engine = open_engine(settings)
        warm(with_store(engine, None, log_decisions=False))
    else:
        store = open_store(settings.store, create=False)
        engine = with_store(models, store, log_decisions=True)
        if settings.policy is not None:
            engine.policy = load_policy(settings.policy)
    accounts_store = open_store(settings.store, create=False)
    return Service(
        settings=settings,
        engine=engine,
        checker=with_store(engine, None, log_decisions=False),
        accounts_store=accounts_store,
        runner=ModelRunner(queue, on_depth=QUEUE.set),
        max_request_bytes=max_bytes,
        profiles=tuple(sorted(engine.policy.profiles)),
    )


__all__ = ["Service", "positive", "start", "warm", "with_store"]
