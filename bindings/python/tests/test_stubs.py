"""The type stubs (koma/__init__.pyi) cover what the module holds, and nothing else."""

import ast
import os
import subprocess
import sys
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


def test_the_stubs_and_the_examples_pass_mypy_strict():
    # The package as installed (the stubs beside the module) and the examples as users'
    # code: a stub that refuses what the module takes fails here. cshogi has no stubs.
    package_dir = Path(koma.__file__).resolve().parent.parent
    examples = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", os.devnull,
         "--disable-error-code", "import-untyped", "koma", *map(str, examples)],
        cwd=package_dir,
        env={**os.environ, "MYPYPATH": str(package_dir)},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout
