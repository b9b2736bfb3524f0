"""`python -m subwaysim ARGS` is `subway ARGS` (what `make examples` runs)."""

from subwaysim.cli import main

main()
