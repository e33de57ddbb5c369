"""One text toolkit for every part: words and word lists, folding, sentences, a passage's units, printable text.

Pure: strings in, strings out. Everything that reads language (signals, ingest, the store's query terms, the
models' lexical features) splits and folds text through these functions, so they agree on what a word, a
sentence and a unit are.
"""
