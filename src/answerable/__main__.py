"""`python -m answerable` runs the command line."""

from answerable.interfaces.cli import main

main()
