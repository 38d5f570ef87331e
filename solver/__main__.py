"""`python -m solver`: the command line (solver/cli.py)."""

from .cli import entry_point

if __name__ == "__main__":
    entry_point()
