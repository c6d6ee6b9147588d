"""Random merchants-first games: at every position kaissa's legal moves are pyffish's
(Fairy-Stockfish's), and both see the game end at the same ply. The definition is
tuning/suite/suite.toml for kaissa and tuning/suite/suite.ini for Fairy-Stockfish. Moves are
compared as (from cell, to cell, promotion) and (dropped piece, cell), read from each
engine's text, so a difference of notation cannot pass for agreement or for a difference.
KAISSA_PYFFISH_GAMES sets the number of games (1,000 by default)."""

import functools
import multiprocessing
import os
import random
import re
import time

import pyffish
import pytest

import kaissa

from conftest import ROOT

SUITE = ROOT / "tuning" / "suite"
VARIANT = "merchants-first"
GAMES = int(os.environ.get("KAISSA_PYFFISH_GAMES", "1000"))
MAX_PLIES = 400

MOVE = re.compile(r"^([A-Za-z])@([a-z]\d+)$|^([a-z]\d+)([a-z]\d+)([a-z]?)\+?$")


def cells(move: str):
    """A move as cells: ('drop', PIECE, cell) or ('move', from, to, promotion)."""
    m = MOVE.match(move)
    assert m, f"unreadable move {move!r}"
    if m.group(1):
        return ("drop", m.group(1).upper(), m.group(2))
    return ("move", m.group(3), m.group(4), m.group(5).lower())


@functools.lru_cache(maxsize=None)
def load_definitions():
    """Both engines' merchants-first: pyffish's from the INI, kaissa's from the TOML (once per
    process)."""
    pyffish.load_variant_config((SUITE / "suite.ini").read_text())
    return kaissa.load_variants((SUITE / "suite.toml").read_text())


def play(seed: int):
    """One random game from `seed`, checked position by position; (positions compared,
    whether the rules ended it). pyffish answers one position in milliseconds, so it is asked
    once per position (its legal moves), and about the end only where kaissa sees one."""
    definition = load_definitions()[VARIANT]
    rng = random.Random(seed)
    start = pyffish.start_fen(VARIANT)
    board = kaissa.Board(definition)
    moves = []
    for _ in range(MAX_PLIES):
        where = f"game {seed}, after {' '.join(moves) or 'the start'}"
        if board.is_game_over():
            their_end = pyffish.is_immediate_game_end(VARIANT, start, moves)[0]
            optional = pyffish.is_optional_game_end(VARIANT, start, moves)[0]
            assert their_end or optional, where + ": " + board.result()
            # ... and not one ply earlier.
            assert not pyffish.is_immediate_game_end(VARIANT, start, moves[:-1])[0], where
            return len(moves), True
        ours = board.legal_moves()
        theirs = pyffish.legal_moves(VARIANT, start, moves)
        assert sorted(map(cells, ours)) == sorted(map(cells, theirs)), where
        mv = rng.choice(ours)
        board.push(mv)
        moves.append(mv)
    return len(moves), False


def test_start_positions_agree():
    board = kaissa.Board(load_definitions()[VARIANT])
    assert board.fen() == pyffish.start_fen(VARIANT)


def test_random_games_agree_with_pyffish():
    began = time.monotonic()
    workers = max(1, min(4, os.cpu_count() or 1))
    # Each game in a process of its own pool (pyffish holds the GIL while it works).
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        games = pool.map(play, range(GAMES), chunksize=8)
    positions = sum(n for n, _ in games)
    ends = sum(1 for _, ended in games if ended)
    elapsed = time.monotonic() - began
    print(f"\n{GAMES} games, {positions} positions, {ends} ended by the rules, {elapsed:.1f} s")
    assert len(games) == GAMES
    assert GAMES >= 1000 or "KAISSA_PYFFISH_GAMES" in os.environ
    assert ends > GAMES // 2
