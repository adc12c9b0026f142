"""The package's shape (docs/architecture.md): each subpackage imports only
the layers below it, there are no import circles, and no module is long."""

from __future__ import annotations

import ast
from pathlib import Path

from sources import nodes

import hi5pnp

PACKAGE = Path(hi5pnp.__file__).parent
#: what each part may import from hi5pnp, besides itself
BOTTOM = {"errors", "textsafe", "data", "version", "machine", "files", "infile", "lazy", "language"}
#: the simulator's parts: its runs and statistics (``sim``) stand on the bots;
#: tune and the report stand on both
SIM = {"sim", "sim.bots", "sim.tune", "sim.report"}
ALLOWED = {
    "textsafe": set(),
    "errors": {"textsafe"},  # messages show names with its printable
    "data": set(),
    "version": set(),
    "machine": set(),
    "lazy": set(),
    "infile": {"errors", "textsafe"},  # its refusals are InputErrors
    "files": {"errors", "textsafe"},  # its one writer raises OutputError
    "language": {"errors", "textsafe", "files", "infile", "data", "version"},  # the catalogues: below every part that speaks
    "deck": BOTTOM,
    "rules": {"deck"} | BOTTOM,
    "render": {"deck"} | BOTTOM,
    "judge": {"rules", "render", "deck"} | BOTTOM,  # one log: nothing of events
    "event": {"judge", "rules", "render", "deck"} | BOTTOM,
    "sim.bots": {"rules", "deck"} | BOTTOM,
    "sim": {"sim.bots", "judge", "render", "rules", "deck"} | BOTTOM,
    "sim.report": {"sim", "sim.bots", "render", "rules", "deck"} | BOTTOM,
    "sim.tune": {"sim", "sim.bots", "sim.report", "judge", "render", "rules", "deck"} | BOTTOM,
    "kit": {"render", "rules", "deck"} | BOTTOM,
    "table": SIM | {"judge", "rules", "deck"} | BOTTOM,
    "web": {"table", "kit", "event", "judge", "render", "rules", "deck"} | SIM | BOTTOM,
    "cli": {"web", "table", "kit", "event", "judge", "render", "rules", "deck"} | SIM | BOTTOM,
}
LONGEST = 400


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The hi5pnp modules ``name`` imports, anywhere in it (functions too)."""
    is_package = path.name == "__init__.py"
    out = set()
    for node in nodes(path):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = name.split(".") if is_package else name.split(".")[:-1]
            if node.level:
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            # "from .. import data" imports the module hi5pnp.data; "from ..deck
            # import Deck" imports hi5pnp.deck
            targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def part(module: str) -> str:
    """The layer a module belongs to: the longest name of ALLOWED it lies in
    (``hi5pnp.sim.bots.draw`` is in ``sim.bots``, ``hi5pnp.sim.run`` in ``sim``)."""
    inner = module.removeprefix("hi5pnp.") if module.count(".") else ""
    found = [p for p in ALLOWED if inner == p or inner.startswith(p + ".")]
    return max(found, key=len) if found else "hi5pnp"


def test_each_part_imports_only_the_layers_below_it():
    mods = modules()
    wrong = []
    for name, path in mods.items():
        if name == "hi5pnp" or name == "hi5pnp.__main__":
            continue  # the public API and `python -m hi5pnp` stand above every part
        mine = part(name)
        for target in imports(name, path, set(mods)):
            if name.startswith(target + "."):
                continue  # a package's own __init__ (its names, such as sim's BOT_NAMES), above none of its modules
            theirs = part(target)
            if theirs != mine and theirs not in ALLOWED[mine]:  # "hi5pnp" itself, the API, is above every part
                wrong.append(f"{name} imports {target}")
    assert not wrong, wrong


def test_no_import_circles():
    mods = modules()
    graph = {name: imports(name, path, set(mods)) for name, path in mods.items()}
    graph = {n: {t for t in ts if not n.startswith(t + ".")} for n, ts in graph.items()}  # a package's own __init__
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                raise AssertionError("import circle: " + " -> ".join([*trail[trail.index(nxt) :], node, nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])


#: the most modules a package holds (its __init__ counted)
MOST_MODULES = 16


def test_no_package_is_a_hall():
    """Each folder holds about fifteen modules at most: a package that grows
    past that is split by job into subpackages named for them."""
    counts: dict[str, int] = {}
    for path in PACKAGE.rglob("*.py"):
        counts[str(path.parent.relative_to(PACKAGE.parent))] = counts.get(str(path.parent.relative_to(PACKAGE.parent)), 0) + 1
    crowded = {folder: n for folder, n in counts.items() if n > MOST_MODULES}
    assert not crowded, crowded


def test_no_module_is_long():
    long = {name: n for name, path in modules().items() if (n := path.read_text(encoding="utf-8").count("\n")) > LONGEST}
    assert not long, long


def test_the_public_api_is_what_all_names():
    for name in hi5pnp.__all__:
        assert getattr(hi5pnp, name) is not None, name
    assert (PACKAGE / "py.typed").exists()


#: underscored names that are a library's documented API, not its internals
DOCUMENTED = {
    "_exit": "os._exit: the documented way to end a process at once",
    "_replace": "a named tuple's documented method",
    "_asdict": "a named tuple's documented method",
    "_fields": "a named tuple's documented attribute",
    "_make": "a named tuple's documented method",
}


def test_no_private_attribute_of_a_dependency_is_read():
    """Every ``x._name`` the package reads is a name the package defines
    itself (its own private parts), or one of a library's documented API
    (``os._exit``): never a dependency's internals (reportlab's ``Frame._y``,
    a canvas's ``_startPage``)."""
    defined: set[str] = set()
    reads: list[tuple[str, int, str]] = []
    for name, path in modules().items():
        for node in nodes(path):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                defined.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                defined.add(node.target.id)
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                reads.append((name, node.lineno, ast.unparse(node)))
    private = [f"{name}:{line}: {text}" for name, line, text in reads if text.rpartition(".")[2] not in defined | set(DOCUMENTED)]
    assert not private, "\n".join(private)
