"""The suite's order: file order by default, reversed or shuffled on request.

A fresh clone must pass in any order (tests share no state they do not set up), so the order
is a choice one can make from the command line: `--order reverse`, or `--order shuffle
--order-seed N` (modules shuffled, then the tests inside each module; a module's tests stay
together so its fixtures are built once). The seed is printed so a failing order can be re-run.
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
    if order == "reverse":
        items.reverse()
    elif order == "shuffle":
        items[:] = shuffled(items, random.Random(config.getoption("order_seed")))


def shuffled(items: list[pytest.Item], rng: random.Random) -> list[pytest.Item]:
    """The items with their modules in a random order, and each module's items shuffled."""
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    groups = list(modules.values())
    rng.shuffle(groups)
    out: list[pytest.Item] = []
    for group in groups:
        rng.shuffle(group)
        out.extend(group)
    return out
