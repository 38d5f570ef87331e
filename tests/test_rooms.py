"""The package's rooms and the one way imports go between them, read from the source with
`ast` (nothing is imported): each module of solver/ imports only its own room and the rooms
below it, the model imports nothing but the model (MicroPython runs it in the page), nothing
outside the standard library is imported, and the page's MicroPython UI takes only the model
from `solver`. Every violation is reported as file:line."""

import ast
import sys
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The rule. Rooms from the bottom up: a room may import from its own room and the rooms
# named in its row, which are all below it, never above.
ROOMS = [
    # room        its modules                             may import from            stdlib
    ("model",     ("solver.model", "solver.model.*"),     {"model"},                  False),
    ("photo",     ("solver.photo", "solver.photo.*"),     {"model", "photo"},         True),
    ("search",    ("solver.search", "solver.search.*"),   {"model", "search"},        True),
    ("logic",     ("solver.logic", "solver.logic.*"),     {"model", "search", "logic"}, True),
    ("rating",    ("solver.rating",),                     {"model", "search", "logic",
                                                           "rating"},                 True),
    ("generator", ("solver.generator",),                  {"model", "search", "logic",
                                                           "rating", "generator"},    True),
    ("api",       ("solver.api",),                        {"model", "search", "logic", "rating",
                                                           "generator", "api"},       True),
    # The command line, on top: `python -m solver` (solver/__main__.py) runs solver/cli.py;
    # it reads solver.__version__ from the package.
    ("cli",       ("solver.cli", "solver.__main__"),      {"model", "logic", "rating",
                                                           "generator", "api", "package",
                                                           "cli"},                    True),
    # solver/__init__.py re-exports the API and the model's types for `import solver`.
    ("package",   ("solver",),                            {"model", "api"},           True),
]  # fmt: skip
# The page's UI (static/ui, MicroPython) gets only the model's files (pyscript.toml).
UI_MAY_IMPORT = ("solver.model", "solver.model.*")
# What the model may import for its annotations alone, under `if TYPE_CHECKING:` (a constant
# False at run time, so MicroPython never imports it; type checkers take it as true).
TYPE_ONLY = ("typing", "collections.abc")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room_of(module: str) -> str | None:
    for room, patterns, _, _ in ROOMS:
        if any(fnmatch(module, pattern) for pattern in patterns):
            return room
    return None


def imports(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in the source, relative ones resolved
    against `module`; `from package import name` names the package's submodule name when
    such a file exists, else the package."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".")
                package = package if is_package else package[:-1]
                package = package[:len(package) - (node.level - 1)]
                base = ".".join(package + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if is_module(sub) else base))
    return found


def type_only_lines(source: str) -> set[int]:
    """The lines of the imports under `if TYPE_CHECKING:`, which never run."""
    return {node.lineno for block in ast.walk(ast.parse(source))
            if isinstance(block, ast.If) and isinstance(block.test, ast.Name)
            and block.test.id == "TYPE_CHECKING"
            for statement in block.body for node in ast.walk(statement)
            if isinstance(node, (ast.Import, ast.ImportFrom))}


def is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def top_name(name: str) -> str:
    return name.split(".")[0]


def room_violations(path: Path, source: str) -> list[str]:
    """What the module at `path` (under solver/) imports against the ROOMS table."""
    where = path.relative_to(ROOT).as_posix()
    module = module_name(path)
    room = room_of(module)
    if room is None:
        return [f"{where}:1: {module} is in no room of the ROOMS table"]
    _, _, allowed, stdlib = next(row for row in ROOMS if row[0] == room)
    problems = []
    type_only = type_only_lines(source)
    for line, name in imports(source, module, path.name == "__init__.py"):
        if top_name(name) == "solver":
            target = room_of(name)
            if target not in allowed:
                problems.append(f"{where}:{line}: {room} imports {name} (room {target}); "
                                f"{room} may import only {', '.join(sorted(allowed))}")
        elif not stdlib and not (line in type_only and name in TYPE_ONLY):
            problems.append(f"{where}:{line}: {room} imports {name}; it may import nothing "
                            "outside solver.model (MicroPython runs it in the page)")
        elif top_name(name) not in sys.stdlib_module_names and name != "__future__":
            problems.append(f"{where}:{line}: {name} is not in the standard library; "
                            "solver has no dependencies")
    return problems


def ui_violations(path: Path, source: str) -> list[str]:
    """What a static/ui module takes from `solver` beyond the model."""
    where = path.relative_to(ROOT).as_posix()
    package = "solver" if path.name == "solver_model.py" else "ui"  # as pyscript.toml maps them
    return [
        f"{where}:{line}: the MicroPython UI imports {name}; the page has only solver.model"
        for line, name in imports(source, f"{package}.{path.stem}", False)
        if top_name(name) == "solver" and not any(fnmatch(name, p) for p in UI_MAY_IMPORT)
    ]


def solver_modules() -> list[Path]:
    return sorted((ROOT / "solver").rglob("*.py"))


def test_imports_go_one_way_down_the_rooms():
    problems = [problem for path in solver_modules()
                for problem in room_violations(path, path.read_text())]
    assert not problems, "\n".join(problems)


def test_the_page_ui_takes_only_the_model_from_solver():
    paths = sorted((ROOT / "static" / "ui").glob("*.py"))
    assert paths
    problems = [problem for path in paths for problem in ui_violations(path, path.read_text())]
    assert not problems, "\n".join(problems)


def test_every_room_of_the_table_has_modules():
    rooms = {room_of(module_name(path)) for path in solver_modules()}
    assert rooms == {row[0] for row in ROOMS}


def test_violations_are_found_and_placed():
    # The checks themselves, on made-up source: each broken rule is named with its line.
    model = ROOT / "solver" / "model" / "puzzle.py"
    source = "from .errors import PuzzleError\nimport json\nfrom ..search.engine import search\n"
    assert room_violations(model, source) == [
        "solver/model/puzzle.py:2: model imports json; it may import nothing outside "
        "solver.model (MicroPython runs it in the page)",
        "solver/model/puzzle.py:3: model imports solver.search.engine (room search); "
        "model may import only model",
    ]
    logic = ROOT / "solver" / "logic" / "solve.py"
    found = room_violations(logic, "import numpy\n\n\ndef f():\n    from .. import rating\n")
    assert [problem.split(": ")[0] for problem in found] == [
        "solver/logic/solve.py:1", "solver/logic/solve.py:5"]
    assert "solver.rating (room rating)" in found[1]
    ui = ROOT / "static" / "ui" / "coach.py"
    assert ui_violations(ui, "from solver.model.puzzle import read\nimport solver.logic\n") == [
        "static/ui/coach.py:2: the MicroPython UI imports solver.logic; the page has only "
        "solver.model"]


# The page's DOM adapters (static/ui): the only modules that may import `pyscript` (or `js`).
# Every decision lives in the modules that do not, which CPython runs in tests/ui/.
DOM_ADAPTERS = {"main", "board", "arrows", "cages", "coach", "scan", "watch", "zoom", "timer",
                "tabs", "status", "solver_client", "lesson_page", "home", "menu", "rules_bar"}
PAGE_ONLY = ("pyscript", "js")


def page_imports(path: Path) -> list[str]:
    """The page-only modules (pyscript, js) a static/ui module imports, as file:line."""
    where = path.relative_to(ROOT).as_posix()
    return [f"{where}:{line}: imports {name}"
            for line, name in imports(path.read_text(), f"ui.{path.stem}", False)
            if top_name(name) in PAGE_ONLY]


def ui_imports(path: Path) -> set[str]:
    """The static/ui modules a static/ui module imports (their stems)."""
    return {name.split(".")[1] for _, name in imports(path.read_text(), f"ui.{path.stem}", False)
            if name.startswith("ui.") and name.count(".") == 1}


def test_only_the_dom_adapters_import_pyscript():
    paths = sorted((ROOT / "static" / "ui").glob("*.py"))
    problems = [problem for path in paths if path.stem not in DOM_ADAPTERS
                for problem in page_imports(path)]
    assert not problems, "\n".join(problems)
    pure = {path.stem for path in paths} - DOM_ADAPTERS
    assert {"controller", "requests", "session", "storage", "links", "messages", "lesson",
            "scanning", "stats", "daily", "screen"} <= pure
    # and no decision module reaches the DOM through an adapter
    leaks = [f"{path.stem} imports {', '.join(sorted(ui_imports(path) & DOM_ADAPTERS))}"
             for path in paths if path.stem in pure and ui_imports(path) & DOM_ADAPTERS]
    assert not leaks, "\n".join(leaks)


# The parts of the page a person may never use (a photo's scan, the watched search, Explain's
# lesson, a chain's arrows, a Killer's cages): imported on first use, never by the first
# screen, which imports static/ui/main.py and what that imports as it runs (ui.tar.gz still
# holds them all).
FIRST_USE = {"arrows", "cages", "lesson", "lesson_page", "scan", "scanning", "watch"}
UI = ROOT / "static" / "ui"


def start_imports(source: str) -> set[str]:
    """The static/ui modules (stems) a module imports as it is imported: the imports outside
    its functions (a function's run when it is first called)."""
    found = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            names = []
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom) and child.module:
                names = [child.module] + [f"{child.module}.{alias.name}" for alias in child.names]
            found.update(name.split(".")[1] for name in names if name.startswith("ui.")
                         and (UI / (name.split(".")[1] + ".py")).is_file())
            visit(child)

    visit(ast.parse(source))
    return found


def first_screen_modules() -> set[str]:
    """The static/ui modules the page imports before its first screen: main's, and theirs."""
    seen, todo = set(), ["main"]
    while todo:
        stem = todo.pop()
        if stem not in seen:
            seen.add(stem)
            todo += start_imports((UI / f"{stem}.py").read_text())
    return seen


def test_the_first_screen_imports_only_what_it_needs():
    assert all((UI / f"{stem}.py").is_file() for stem in FIRST_USE)
    early = first_screen_modules()
    assert {"controller", "board", "session", "home"} <= early
    assert not early & FIRST_USE, sorted(early & FIRST_USE)


def test_an_import_made_as_the_module_runs_is_found():
    source = ("from ui import scan\nfrom ui.arrows import Arrows\n\n\nclass A:\n"
              "    from ui import lesson\n\n    def f(self):\n        from ui import watch\n")
    assert start_imports(source) == {"scan", "arrows", "lesson"}


def test_a_pyscript_import_outside_the_adapters_is_found():
    made = ROOT / "static" / "ui" / "controller.py"
    found = [name for _, name in imports("from pyscript import window\nimport js\n",
                                         "ui.controller", False)
             if top_name(name) in PAGE_ONLY]
    assert found == ["pyscript", "js"] and made.stem not in DOM_ADAPTERS


def test_the_model_imports_typing_for_its_annotations_alone():
    # Under `if TYPE_CHECKING:` (never run) typing and collections.abc are allowed; not at
    # run time, and nothing else even there.
    model = ROOT / "solver" / "model" / "puzzle.py"
    source = ("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from typing import TypeVar\n"
              "    from collections.abc import Sequence\n    import json\nimport typing\n")
    assert sorted(problem.split(": ")[0] for problem in room_violations(model, source)) == [
        "solver/model/puzzle.py:5", "solver/model/puzzle.py:6"]
