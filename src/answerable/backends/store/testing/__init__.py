"""The store contract suites, shipped so a third-party store can hold itself to the built-ins' behaviour.

Inherit them in a pytest test class that provides a `store` fixture (a fresh, empty store) and, for the
concurrency tests, `open_again` (another handle on the same store, as a second process would open it):

    from answerable.backends.store.testing import IndexContract, LogContract

    class TestMyStore(IndexContract, LogContract):
        @pytest.fixture
        def store(self, tmp_path): ...

`IndexContract` holds an index (writes, access filters inside every search, hybrid ranking); `LogContract`
the decision log; `AccountsContract` the service's keys, feedback and tickets. Needs pytest.
"""

from answerable.backends.store.testing.accounts import AccountsContract
from answerable.backends.store.testing.contract import EMB, LogContract, StoreContract, doc, put, vec

IndexContract = StoreContract

__all__ = ["EMB", "AccountsContract", "IndexContract", "LogContract", "StoreContract", "doc", "put", "vec"]
