"""The engine stays pure Python: no Django, standard library only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


# A region scored by a library made for its rules imports it, and it alone.
RULE_LIBRARIES = {"regions/guobiao.py": {"MahjongGB"}}


def test_rules_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"rules", "__future__"}
    for path in RULES.rglob("*.py"):
        own = RULE_LIBRARIES.get(path.relative_to(RULES).as_posix(), set())
        bad = imported_roots(path) - allowed - own
        assert not bad, f"{path.relative_to(RULES.parent)} imports {bad}"


def test_each_rule_library_is_imported_where_it_is_named() -> None:
    for name, libraries in RULE_LIBRARIES.items():
        assert libraries <= imported_roots(RULES / name), name


def test_rules_imports_no_django() -> None:
    for path in RULES.rglob("*.py"):
        assert "django" not in imported_roots(path), path


def test_no_compiled_module_is_older_than_its_source() -> None:
    """mypyc's build of rules/ (make compile) would shadow newer sources."""
    newest_source = max(p.stat().st_mtime for p in RULES.rglob("*.py"))
    for built in RULES.rglob("*.so"):
        stem = built.name.split(".")[0]
        if stem == "compiled__mypyc":  # the one library holding every module's code
            assert built.stat().st_mtime >= newest_source, f"{built.name} is stale: make compile"
            continue
        source = built.with_name(stem + ".py")  # a module's shim
        if not source.exists():  # a package's own module: rules/regions → regions/__init__
            source = built.with_name(stem) / "__init__.py"
        assert source.exists(), built
        assert built.stat().st_mtime >= source.stat().st_mtime, (
            f"{built.name} is stale: make compile"
        )
