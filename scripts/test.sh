#!/usr/bin/env bash
# Runs every test on a fresh machine: installs what is missing, lints, type-checks, then pytest
# (solver unit tests and Playwright tests against the served page). Extra args go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
.venv/bin/ruff check .
.venv/bin/mypy  # the modules [tool.mypy] in pyproject.toml names
exec .venv/bin/python -m pytest "$@"
