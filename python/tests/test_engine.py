"""The engine in-process: the tactics of tests/tactics.rs found, every game searched with its
built-in net, multipv lines, the GIL released during a search, bad arguments refused."""

import threading
import time

import pytest

import kaissa


def wins_at_once(board: kaissa.Board, move: str) -> bool:
    after = board.copy()
    after.push(move)
    return after.is_game_over() and after.result().startswith("1-0")


def test_home_stone_capture_in_one():
    board = kaissa.Board("kaissa", fen="4h5/10/10/10/4B5/10/10/10/10/H9[] w - - 0 30")
    r = kaissa.Engine("kaissa").search(board, depth=2)
    assert r.mate == 1 and r.score == "mate 1"
    assert wins_at_once(board, r.best)


@pytest.mark.parametrize(
    "fen, n, depth",
    [
        ("4h5/B9/1B8/10/10/9p/10/10/10/H9[] w - - 0 30", 2, 4),
        ("4h5/10/B9/1B8/10/9p/10/10/10/H9[] w - - 0 30", 3, 6),
        ("8rh/7Ppp/10/10/10/10/10/10/10/H9[] w - - 0 30", 2, 4),
    ],
)
def test_forced_wins_are_found(fen, n, depth):
    board = kaissa.Board("kaissa", fen=fen)
    r = kaissa.Engine("kaissa").search(board, depth=depth)
    assert r.mate == n, r
    assert r.pv[0] == r.best
    # Both sides playing the engine's moves, the Home Stone falls within n moves of the winner.
    for _ in range(2 * n - 1):
        if board.is_game_over():
            break
        board.push(kaissa.Engine("kaissa").search(board, depth=depth).best)
    assert board.result().startswith("1-0"), board.move_stack


def test_the_promotion_that_decides():
    board = kaissa.Board("kaissa", fen="8rh/7Ppp/10/10/10/10/10/10/10/H9[] w - - 0 30")
    assert kaissa.Engine("kaissa").search(board, depth=4).best == "h9i10r"


def test_forced_defence():
    board = kaissa.Board("kaissa", fen="4h5/10/10/10/b3B5/10/10/10/9p/2H7[] b - - 0 30")
    r = kaissa.Engine("kaissa").search(board, depth=6)
    assert r.best == "a6e6"
    assert r.cp is not None and r.cp > 0


def test_own_stone_threatened_at_the_horizon():
    board = kaissa.Board("kaissa", fen="h9/10/10/10/4b5/10/10/10/10/4H4B[] w - - 0 30")
    r = kaissa.Engine("kaissa").search(board, depth=1)
    board.push(r.best)
    for reply in board.legal_moves():
        after = board.copy()
        after.push(reply)
        assert not after.result().startswith("0-1"), f"{r.best} loses the stone to {reply}"


@pytest.mark.parametrize("variant", ["kaissa", "merchants", "donkey", "caissa", "jikaida"])
def test_every_game_searches_with_its_net(variant):
    board = kaissa.Board(variant)
    r = kaissa.Engine(variant, hash_mb=8).search(board, depth=3)
    assert r.best in board.legal_moves()
    assert r.depth >= 3 and r.nodes > 0 and r.pv[0] == r.best


def test_multipv_lines_are_distinct_and_ordered():
    board = kaissa.Board("caissa")
    r = kaissa.Engine("caissa", hash_mb=8).search(board, depth=4, multipv=3)
    assert [line.multipv for line in r.lines] == [1, 2, 3]
    firsts = [line.pv[0] for line in r.lines]
    assert len(set(firsts)) == 3 and r.best == firsts[0]


def test_limits_nodes_and_movetime():
    board = kaissa.Board("merchants")
    engine = kaissa.Engine("merchants", hash_mb=8)
    r = engine.search(board, nodes=5000)
    assert r.best in board.legal_moves() and r.nodes < 50_000
    start = time.monotonic()
    r = engine.search(board, movetime_ms=200)
    assert r.best in board.legal_moves()
    assert time.monotonic() - start < 2.0


def test_search_after_moves_uses_the_history():
    board = kaissa.Board("caissa")
    for _ in range(4):
        board.push(board.legal_moves()[0])
    r = kaissa.Engine("caissa", hash_mb=8).search(board, depth=3)
    assert r.best in board.legal_moves()


def test_search_releases_the_gil():
    board = kaissa.Board("jikaida")
    engine = kaissa.Engine("jikaida", hash_mb=8)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    try:
        engine.search(board, movetime_ms=600)
    finally:
        done.set()
        t.join()
    # A thread that never got the GIL would have ticked once or twice.
    assert len(ticks) >= 20


def test_threads_and_level():
    board = kaissa.Board("caissa")
    r = kaissa.Engine("caissa", threads=2, hash_mb=8).search(board, depth=4)
    assert r.best in board.legal_moves()
    weak = kaissa.Engine("caissa", hash_mb=8, level=0).search(board, depth=4)
    assert weak.best in board.legal_moves()


def test_game_over_gives_no_move():
    board = kaissa.Board("kaissa", fen="4h5/10/10/10/4B5/10/10/10/10/H9[] w - - 0 30")
    board.push("e6e10")
    r = kaissa.Engine("kaissa").search(board, depth=2)
    assert r.best is None


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError):
        kaissa.Engine("chess")
    with pytest.raises(ValueError):
        kaissa.Engine("kaissa", threads=0)
    with pytest.raises(ValueError):
        kaissa.Engine("kaissa", level=21)
    with pytest.raises(ValueError):
        kaissa.Engine("kaissa", hash_mb=0)
    engine = kaissa.Engine("kaissa", hash_mb=8)
    with pytest.raises(ValueError, match="the board plays caissa"):
        engine.search(kaissa.Board("caissa"), depth=1)
    with pytest.raises(ValueError):
        engine.search(kaissa.Board("kaissa"), depth=0)
    with pytest.raises(ValueError):
        engine.search(kaissa.Board("kaissa"), depth=1, multipv=0)
