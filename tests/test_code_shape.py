"""The shape of the code (issue "One game, one folder"): a game lives in its folder only, the modules' imports form
no circle, and no module or function grows past what a reader can hold.

- Modules outside ``lama_desktop/games/`` are never named after a game.
- With the registration star left out (``lama_desktop/games/__init__.py``, which imports every game, and
  ``lama_desktop/engine/registry.py``, which reads it), the imports between the package's modules, at the top and
  inside functions alike, form no cycle.
- No module over 800 lines, no function over 80.
- Libraries never import the command-line tools.
- No test outside ``tests/contract/`` and the games' own test folders (``lama_desktop/games/<game>/tests/``) names
  a game id: cross-game tests ask the registry (``tests/registry_games.py``). The shape checks of the package skip
  the games' test folders (tests are not the package's modules).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from lama_desktop.games import GAMES

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "lama_desktop"
#: the registration star: left out of the import graph
STAR = {"lama_desktop.games", "lama_desktop.engine.registry"}
#: words that name one game (module and folder names outside games/ may not contain them)
GAME_WORDS = ("lama_table", "dice", "cadabra", "llama_land", "land", "lama_party")
#: the command-line tools (``python -m lama_desktop.<tool>``): only other tools and __main__ may import them
TOOLS = {"lama_desktop.advise", "lama_desktop.arena", "lama_desktop.bench", "lama_desktop.catalogs",
         "lama_desktop.layoutcheck",
         "lama_desktop.lessonshots", "lama_desktop.screenshots", "lama_desktop.transcript", "lama_desktop.selfcheck",
         "lama_desktop.joincmd", "lama_desktop.__main__"}
MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_game_test(rel: Path) -> bool:
    """``rel`` (under lama_desktop/) is in a game's own tests folder (games/<game>/tests/)."""
    return rel.parts[0] == "games" and rel.parts[2:3] == ("tests",)


def package_files() -> list[Path]:
    """The package's modules: every .py under lama_desktop/ but a game's own tests (tests, not modules)."""
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not is_game_test(p.relative_to(PACKAGE))]


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in package_files()}


def imports_of(path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules ``path`` imports (``from a.b import c`` names ``a.b.c`` when that is a module)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in known else node.module
                     for alias in node.names]
        else:
            continue
        out.update(name for name in names if name in known)
    return out


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {m for m in imports_of(path, known) if m not in STAR and m != name}
            for name, path in known.items() if name not in STAR}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return out


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_module_imports_form_no_cycle():
    assert find_cycles(import_graph()) == []


def test_no_module_outside_games_is_named_after_a_game():
    offenders = []
    for path in package_files():
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "games":
            continue
        for part in (*rel.parts[:-1], path.stem):
            if any(word in part.split("_") or word == part for word in GAME_WORDS) or "lama_table" in part:
                offenders.append(str(rel))
    assert offenders == []


def test_no_module_over_1000_lines():
    long = {str(p.relative_to(PACKAGE)): n for p in package_files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_no_function_over_100_lines():
    long = []
    for path in package_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []


def test_libraries_never_import_the_command_line_tools():
    graph = import_graph()
    offenders = sorted(f"{name} imports {m}" for name, targets in graph.items() if name not in TOOLS
                       for m in targets & TOOLS)
    assert offenders == []


#: at most this many imports inside functions in the package (its games' own tests aside), each saying why it waits
#: (``# lazy: <why>``): a cost or a cycle one can name, never habit
MAX_FUNCTION_IMPORTS = 40


def function_imports() -> list[tuple[Path, ast.stmt]]:
    """Every import statement inside a function of the package (nested ones once), its games' tests aside."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "tests" in path.relative_to(PACKAGE).parts:
            continue
        seen: set[int] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)) and inner.lineno not in seen:
                        seen.add(inner.lineno)
                        out.append((path, inner))
    return out


def lazy_reason(lines: list[str], node: ast.stmt) -> bool:
    """True when the import says why it waits: ``# lazy:`` on its line, or opening the comment just above it or
    above the run of imports it closes (one reason for imports that go together)."""
    if "# lazy:" in lines[node.lineno - 1]:
        return True
    above = node.lineno - 2
    while above >= 0 and lines[above].strip().startswith(("from ", "import ")):
        above -= 1
    while above >= 0 and lines[above].strip().startswith("#"):
        if lines[above].strip().startswith("# lazy:"):
            return True
        above -= 1
    return False


def test_the_package_imports_at_the_top():
    count = len(function_imports())
    assert count <= MAX_FUNCTION_IMPORTS, (
        f"{count} imports inside functions (at most {MAX_FUNCTION_IMPORTS}): import at the top of the module")


def test_every_import_inside_a_function_says_why():
    unexplained = []
    for path, node in function_imports():
        rel = path.relative_to(PACKAGE).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lazy_reason(lines, node):
            unexplained.append(f"{rel}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert unexplained == []


def game_ids_named(path: Path) -> set[str]:
    """The registered game ids that ``path`` spells as a string literal."""
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAMES}


def files_naming_a_game() -> dict[str, set[str]]:
    """Test files (relative to tests/) outside tests/contract/ that name a registered game id."""
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS).as_posix()
        if not rel.startswith("contract/") and (ids := game_ids_named(path)):
            found[rel] = ids
    return found


def test_the_game_id_finder_finds_an_id(tmp_path):
    some = next(iter(GAMES))
    named = tmp_path / "named.py"
    named.write_text(f"GAME = {some!r}\n", encoding="utf-8")
    unnamed = tmp_path / "unnamed.py"
    unnamed.write_text(f"GAME = {some + '-not-a-game'!r}  # {some}\n", encoding="utf-8")
    assert game_ids_named(named) == {some} and game_ids_named(unnamed) == set()


def test_no_test_outside_contract_and_the_games_folders_names_a_game():
    assert files_naming_a_game() == {}


#: the layers under the window (issue 29): the pure core, the network, the engine and bots, and the libraries the
#: tools share never import ``lama_desktop.app`` (pygame), at the top or inside a function
UNDER_THE_WINDOW = ("lama_desktop.core", "lama_desktop.net", "lama_desktop.engine", "lama_desktop.bots",
                    "lama_desktop.tutorial", "lama_desktop.advice", "lama_desktop.storage", "lama_desktop.settings",
                    "lama_desktop.savefile", "lama_desktop.statsfile", "lama_desktop.pastgames",
                    "lama_desktop.wording", "lama_desktop.serve", "lama_desktop.joincmd", "lama_desktop.plugin",
                    "lama_desktop.samples")


def _under_the_window(name: str) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in UNDER_THE_WINDOW)


def test_the_core_and_the_network_never_import_the_window():
    known = modules()
    offenders = sorted(f"{name} imports {target}" for name, path in known.items() if _under_the_window(name)
                       for target in imports_of(path, known)
                       if target == "lama_desktop.app" or target.startswith("lama_desktop.app."))
    assert offenders == []


def test_importing_the_network_host_and_the_core_leaves_pygame_unloaded():
    code = ("import sys\n"
            "import lama_desktop.net.host, lama_desktop.net.client, lama_desktop.net.remote_session\n"
            "import lama_desktop.core.session, lama_desktop.advice, lama_desktop.storage, lama_desktop.serve\n"
            "import lama_desktop.tutorial.lesson, lama_desktop.games\n"
            "loaded = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('lama_desktop.app'))\n"
            "sys.exit(', '.join(loaded) or None)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
