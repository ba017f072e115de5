"""The type stubs (koma/__init__.pyi) cover what the module holds, and nothing else."""

import ast
from pathlib import Path

import koma

STUBS = Path(__file__).resolve().parents[1] / "python" / "koma" / "__init__.pyi"


def stub_names():
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            members[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or isinstance(n, ast.AnnAssign)
            }
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, members


def test_every_public_name_has_a_stub():
    top, members = stub_names()
    assert set(koma.__all__) <= top | {"__version__"}
    for name, names in members.items():
        cls = getattr(koma, name)
        if issubclass(cls, Exception):
            continue
        public = {n for n in dir(cls) if not n.startswith("_")}
        assert public == {n for n in names if not n.startswith("_")}, name
    assert (STUBS.parent / "py.typed").is_file()
