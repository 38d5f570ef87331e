"""The suite's order: file order by default, reversed or shuffled on request.

A fresh clone must pass in any order (tests share no state they do not set up), so the order
is a choice one can make from the command line: `--order reverse`, or `--order shuffle
--order-seed N` (modules shuffled, then the tests inside each module; a module's tests stay
together so its fixtures are built once). The seed is printed so a failing order can be re-run.

A module whose tests are one flow on one shared page, each building on the last (it says so
with `FLOW = True`, e.g. tests/browser/engines/test_engine_smoke.py, where starting a browser
engine per test would cost minutes), is moved as a whole but keeps its own order.
"""

from __future__ import annotations

import random

import pytest

ORDERS = ("file", "reverse", "shuffle")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("order", "the order tests run in")
    group.addoption("--order", choices=ORDERS, default="file",
                    help="file (default), reverse, or shuffle (see --order-seed)")
    group.addoption("--order-seed", type=int, default=0,
                    help="the seed of --order shuffle (default 0)")


def pytest_report_header(config: pytest.Config) -> str:
    order = config.getoption("order")
    if order == "shuffle":
        return f"order: shuffle, seed {config.getoption('order_seed')}"
    return f"order: {order}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    order = config.getoption("order")
    if order != "file":
        items[:] = reordered(items, order, random.Random(config.getoption("order_seed")))


def reordered(items: list[pytest.Item], order: str, rng: random.Random) -> list[pytest.Item]:
    """The items module by module, the modules reversed or shuffled, and each module's items
    likewise unless the module is a flow (FLOW = True: its own order kept)."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    groups = list(modules.values())
    permute = list.reverse if order == "reverse" else rng.shuffle
    permute(groups)
    out: list[pytest.Item] = []
    for group in groups:
        if not getattr(getattr(group[0], "module", None), "FLOW", False):
            permute(group)
        out.extend(group)
    return out
