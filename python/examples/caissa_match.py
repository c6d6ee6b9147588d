"""Plays one Caïssa game, the engine against itself, and prints it move by move with the
result in words (no notebook needed).

    python python/examples/caissa_match.py [--depth N] [--max-plies N]
"""

import argparse

import kaissa


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5, help="search depth per move")
    parser.add_argument("--max-plies", type=int, default=200, help="stop after this many plies")
    args = parser.parse_args()

    board = kaissa.Board("caissa")
    # Two engines, as two players would be: each keeps its own table.
    players = {
        "White": kaissa.Engine("caissa", hash_mb=16),
        "Black": kaissa.Engine("caissa", hash_mb=16),
    }
    print(f"Caïssa, engine against engine at depth {args.depth}")
    print(board)
    ply = 0
    while not board.is_game_over() and ply < args.max_plies:
        mover = board.turn
        r = players[mover].search(board, depth=args.depth)
        if r.best is None:
            break
        number = f"{ply // 2 + 1}." if ply % 2 == 0 else "   ..."
        print(f"{number:>6} {mover:<5} {r.best:<8} {r.score:<9} pv {' '.join(r.pv)}")
        board.push(r.best)
        ply += 1
    print(board)
    print("final FEN:", board.fen())
    print("result:", board.result() if board.is_game_over() else f"* (stopped after {ply} plies)")


if __name__ == "__main__":
    main()
