"""`python -m answerable` runs the command line."""

from answerable.cli import main

main()
