"""Store URLs as they may be shown: never with the password."""

from __future__ import annotations

import pytest

from answerable.backends.store.url import redact_url, scrub, secrets


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://app:s3cretPW@db.example.com:5432/docs", "postgresql://app:***@db.example.com:5432/docs"),
        ("postgres://app:p%40ss@db/docs?sslmode=require", "postgres://app:***@db/docs?sslmode=require"),
        ("postgresql://app:a@b@db/docs", "postgresql://app:***@db/docs"),  # an unencoded @ in the password
        (
            "postgresql://app@db/docs?password=s3cret&sslmode=require",
            "postgresql://app@db/docs?password=***&sslmode=require",
        ),
        ("postgresql://app@db/docs?sslpassword=k3y", "postgresql://app@db/docs?sslpassword=***"),
        ("postgresq://app:s3cret@db/docs", "postgresq://app:***@db/docs"),  # any scheme
        ("postgresql://app@db/docs", "postgresql://app@db/docs"),
        ("postgresql://postgres:@/t0?host=/tmp/pg", "postgresql://postgres:@/t0?host=/tmp/pg"),  # no password
        ("postgresql:///docs?host=/tmp/u:p@x", "postgresql:///docs?host=/tmp/u:p@x"),
        ("sqlite:///data/u:p@x.db", "sqlite:///data/u:p@x.db"),  # a path, not a user
    ],
)
def test_redact_url(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_secrets_are_raw_and_percent_decoded() -> None:
    assert secrets("postgresql://app:p%40ss@db/docs") == ["p%40ss", "p@ss"]
    assert secrets("postgresql://app:a@b@db/docs") == ["a@b", "a"]  # the widest reading and libpq's
    assert secrets("postgresql://app@db/docs?password=x%20y") == ["x%20y", "x y"]
    assert secrets("postgresql://app@db/docs") == []


def test_scrub_takes_the_password_out_of_a_driver_message() -> None:
    url = "postgresql://app:s3cr%ZZ@[::1/docs"
    message = f'invalid percent-encoded token: "s3cr%ZZ"; in URI: "{url}"'
    assert scrub(message, url) == 'invalid percent-encoded token: "***"; in URI: "postgresql://app:***@[::1/docs"'
    decoded = "postgresql://app:p%40ss@db/docs"
    assert scrub('bad password "p@ss" for "app"', decoded) == 'bad password "***" for "app"'
    # the user name stays even when the password is the same (masking it would tell so); any other standalone
    # occurrence of the password goes, even where the message meant something else by it
    assert scrub('password authentication failed for user "postgres"', "postgresql://postgres:postgres@db/x") == (
        'password authentication failed for user "postgres"'
    )
    assert scrub("connection to db failed: timeout", "postgresql://app:db@db/x") == "connection to *** failed: timeout"
