"""Adapters that put the gate inside other RAG frameworks, one module each, each behind its own extra.

`answerable.interfaces.adapters.langchain` (`pip install 'answerable[langchain]'`) and
`answerable.interfaces.adapters.llamaindex` (`pip install 'answerable[llamaindex]'`). Importing one without
its extra raises `MissingExtraError`, which names the command; this package itself imports neither.
"""
