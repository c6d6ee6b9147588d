"""Perft through the Python package agrees with the Rust perft data files, every file of
every game (tests/perft/*.epd, as tests/perft.rs reads them: NAME is a variant or VARIANT-OPTION; suite.epd's cases name
their definition of tuning/suite/suite.toml)."""

import re
from pathlib import Path

import pytest

import kaissa

from conftest import ROOT

PERFT = ROOT / "tests" / "perft"
# Counts above this are left to the Rust tests, to keep this suite to a minute or two.
MAX_LEAVES = 400_000


def cases(path: Path):
    """(comment, fen, [(depth, count)]) of each position of a perft data file."""
    comment = ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line[1:].strip()
            continue
        fen, *counts = line.split(";")
        pairs = []
        for c in counts:
            d, n = c.split()
            pairs.append((int(d.lstrip("D")), int(n)))
        yield comment, fen.strip(), pairs


def game_of(stem: str):
    """The variant name and options a data file's name stands for."""
    names = kaissa.variants()
    if stem in names:
        return stem, []
    variant, option = stem.split("-", 1)
    assert variant in names, stem
    return variant, [option]


def data_files():
    files = sorted(p for p in PERFT.glob("*.epd") if p.stem != "suite")
    assert len(files) >= 12
    return files


@pytest.mark.parametrize("path", data_files(), ids=lambda p: p.stem)
def test_data_file(path: Path):
    variant, options = game_of(path.stem)
    checked = 0
    for comment, fen, counts in cases(path):
        if "unreachable" in comment:
            # Built by hand with the side not to move in check: the FEN reader refuses it.
            with pytest.raises(ValueError, match="not to move is in check"):
                kaissa.Board(variant, fen=fen, options=options)
            continue
        board = kaissa.Board(variant, fen=fen, options=options)
        assert board.fen() == fen, f"{path.name}: FEN round trip"
        for depth, count in counts:
            if count > MAX_LEAVES:
                break
            assert board.perft(depth) == count, f"{path.name}: {comment}: {fen} depth {depth}"
            checked += 1
    assert checked > 0


def test_suite_file():
    suite = kaissa.load_variants((ROOT / "tuning" / "suite" / "suite.toml").read_text())
    checked = 0
    for comment, fen, counts in cases(PERFT / "suite.epd"):
        name = re.match(r"(\S+)", comment).group(1)
        board = kaissa.Board(suite[name], fen=fen)
        for depth, count in counts:
            if count > MAX_LEAVES:
                break
            assert board.perft(depth) == count, f"{name}: {fen} depth {depth}"
            checked += 1
    assert checked >= 20


def test_jikaida_depth_two():
    assert kaissa.Board("jikaida").perft(2) == 19044


def test_divide_sums_to_perft():
    board = kaissa.Board("caissa")
    split = board.divide(2)
    assert len(split) == 26
    assert sum(n for _, n in split) == 630 == board.perft(2)
