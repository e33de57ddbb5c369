"""The HTTP service: `answerable serve` (FastAPI on uvicorn), API keys and tenants, the chat page, handoff.

`app.create_app(settings)` builds the application; importing this package imports no web framework, so
the `keys` and `tickets` commands work without the `service` extra.
"""
