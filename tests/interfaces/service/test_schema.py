"""The OpenAPI schema against what the live service answers (schemathesis, a bounded number of examples per
route, valid and invalid inputs): no 5xx, no status, content type or body the schema does not describe."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from answerable.engine.engine import Engine
from answerable.interfaces.service.app import create_app
from tests.interfaces.service.conftest import Keys, make_keys, serve_live, settings_for

pytestmark = pytest.mark.models

schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.generation import GenerationMode  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
BOUNDED = settings(
    max_examples=4,
    deadline=None,
    derandomize=True,  # the same examples every run: a failure is reproducible, and CI time is bounded
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def keys(module_index: str) -> Keys:
    return make_keys(module_index)


@pytest.fixture(scope="module")
def server(module_index: str, models: Engine, keys: Keys) -> Iterator[str]:
    yield from serve_live(create_app(settings_for(module_index), models=models))


def _load(negative: bool) -> Any:
    # Drawn from the app itself (nothing starts until a server runs it); the requests go to the live server.
    loaded = schemathesis.openapi.from_dict(create_app().openapi())
    if negative:
        loaded.config.generation.update(modes=[GenerationMode.NEGATIVE])
    return loaded


schema = _load(negative=False)
negative = _load(negative=True)


@schema.parametrize()
@BOUNDED
def test_valid_requests_get_answers_the_schema_describes(case: Any, server: str, keys: Keys) -> None:
    # An admin key reaches every route; the admin's documents land in this module's own copy of the index.
    case.call_and_validate(base_url=server, headers={"Authorization": f"Bearer {keys.admin}"}, checks=CHECKS)


@negative.parametrize()
@BOUNDED
def test_invalid_requests_get_4xx_the_schema_describes(case: Any, server: str, keys: Keys) -> None:
    case.call_and_validate(base_url=server, headers={"Authorization": f"Bearer {keys.admin}"}, checks=CHECKS)
