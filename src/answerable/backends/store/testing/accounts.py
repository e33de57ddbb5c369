"""The service tables' contract (keys, feedback, tickets, tenant-scoped decision reads), for every backend."""

from __future__ import annotations

from answerable.backends.store.accounts import ApiKey, FeedbackKind, Role, Ticket
from answerable.backends.store.base import Store


def _key(key_id: str, tenant: str = "acme", role: Role = Role.USER, at: str = "2026-11-01T00:00:00") -> ApiKey:
    return ApiKey(key_id, f"name {key_id}", tenant, ("staff",) if role is Role.ADMIN else (), role, at)


class AccountsContract:
    def test_keys_are_found_by_hash_until_revoked(self, store: Store) -> None:
        a = store.accounts()
        a.add_key(_key("k1", role=Role.ADMIN), "hash-1")
        a.add_key(_key("k2", tenant="globex", at="2026-11-02T00:00:00"), "hash-2")
        assert a.key_by_hash("hash-1") == _key("k1", role=Role.ADMIN)
        assert a.key_by_hash("nope") is None
        assert [k.id for k in a.list_keys()] == ["k1", "k2"]
        assert [k.id for k in a.list_keys("globex")] == ["k2"]
        assert a.revoke_key("k1", "2026-11-03T00:00:00") is True
        assert a.revoke_key("k1", "2026-11-04T00:00:00") is False  # once
        assert a.revoke_key("k9", "2026-11-04T00:00:00") is False
        assert a.key_by_hash("hash-1") is None
        assert a.list_keys("acme")[0].revoked_at == "2026-11-03T00:00:00"

    def test_a_decision_is_read_only_in_its_tenant_and_by_groups_covering_its_own(self, store: Store) -> None:
        a = store.accounts()
        store.append_log("d1", "2026-11-01T00:00:00", {"n": 1, "principal": {"tenant": "acme", "groups": ["staff"]}})
        store.append_log("d1", "2026-11-02T00:00:00", {"n": 2, "principal": {"tenant": "globex", "groups": []}})
        store.append_log("d1", "2026-11-03T00:00:00", {"n": 3, "principal": {"tenant": "acme", "groups": []}})
        assert a.decision_for("d1", "acme", ["staff"]) == {"n": 3, "principal": {"tenant": "acme", "groups": []}}
        assert a.decision_for("d1", "globex", ["staff"])["n"] == 2  # type: ignore[index]
        assert a.decision_for("d1", "initech", ["staff"]) is None
        store.append_log("d2", "2026-11-04T00:00:00", {"n": 4, "principal": {"tenant": "acme", "groups": ["staff"]}})
        assert a.decision_for("d2", "acme", []) is None  # decided over pages only staff may read
        assert a.decision_for("d2", "acme", ["billing", "staff"])["n"] == 4  # type: ignore[index]

    def test_feedback_and_tickets_round_trip_per_tenant(self, store: Store) -> None:
        a = store.accounts()
        a.add_feedback("d1", "acme", "key:k1", FeedbackKind.WRONG, "It is 48 hours", None, "2026-11-01T00:00:00")
        a.add_feedback("d1", "globex", "key:k2", FeedbackKind.HELPFUL, None, None, "2026-11-02T00:00:00")
        assert a.feedback("acme", "d1") == [
            {
                "principal": "key:k1",
                "kind": "wrong",
                "message": "It is 48 hours",
                "contact": None,
                "at": "2026-11-01T00:00:00",
            }
        ]
        a.add_ticket(Ticket("t1", "acme", "d1", "2026-11-01T00:00:00", {"question": "Wie lange gilt ein Schlüssel?"}))
        a.add_ticket(Ticket("t2", "acme", "d1", "2026-11-02T00:00:00", {"question": "b"}))
        a.add_ticket(Ticket("t3", "globex", "d1", "2026-11-03T00:00:00", {"question": "c"}))
        assert [t.id for t in a.tickets("acme")] == ["t2", "t1"]  # newest first
        assert [t.id for t in a.tickets(last=1)] == ["t3"]
        assert a.ticket("t1") == Ticket(
            "t1", "acme", "d1", "2026-11-01T00:00:00", {"question": "Wie lange gilt ein Schlüssel?"}
        )
        assert a.ticket("t9") is None
