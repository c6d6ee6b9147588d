"""The installed package: its type stubs and py.typed ship with it and name only what the
module has; the example script plays a Caïssa game to its end or its ply limit."""

import ast
import subprocess
import sys
from pathlib import Path

import kaissa

from conftest import ROOT

PACKAGE = Path(kaissa.__file__).parent


def test_stubs_and_py_typed_are_installed():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_kaissa.pyi").is_file()


def test_stubs_name_what_the_module_has():
    tree = ast.parse((PACKAGE / "_kaissa.pyi").read_text())
    named = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            assert callable(getattr(kaissa, node.name)), node.name
            named += 1
        elif isinstance(node, ast.ClassDef):
            cls = getattr(kaissa, node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name != "__init__":
                    assert hasattr(cls, item.name), f"{node.name}.{item.name}"
                    named += 1
    assert named > 30
    assert sorted(kaissa.__all__) == sorted(
        n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))
    )


def test_docstrings():
    for name in kaissa.__all__:
        assert getattr(kaissa, name).__doc__, name
    assert kaissa.Board.legal_moves.__doc__ and kaissa.Engine.search.__doc__


def test_example_plays_a_caissa_game():
    script = ROOT / "python" / "examples" / "caissa_match.py"
    out = subprocess.run(
        [sys.executable, str(script), "--depth", "2", "--max-plies", "6"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    assert "1. White" in out and "... Black" in out
    assert "final FEN:" in out and "result:" in out
