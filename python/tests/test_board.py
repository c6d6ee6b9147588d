"""Board through Python: every built-in variant starts, moves and takes back, copies, ends
with its result in words, draws itself; bad input raises ValueError with the engine's
message."""

import copy

import pytest

import kaissa


def test_variants_lists_every_game():
    names = kaissa.variants()
    for game in ["merchants", "northern", "gc", "gorean", "donkey", "caissa", "jikaida"]:
        assert game in names


@pytest.mark.parametrize("variant", kaissa.variants())
def test_push_pop_round_trip(variant):
    board = kaissa.Board(variant)
    start = board.fen()
    played = []
    for _ in range(6):
        moves = board.legal_moves()
        if not moves or board.is_game_over():
            break
        board.push(moves[len(moves) // 2])
        played.append(moves[len(moves) // 2])
    assert board.move_stack == played
    assert kaissa.Board(variant, fen=board.fen()).fen() == board.fen()
    for mv in reversed(played):
        assert board.pop() == mv
    assert board.fen() == start
    with pytest.raises(IndexError):
        board.pop()


@pytest.mark.parametrize("variant", kaissa.variants())
def test_svg_draws_every_cell_and_piece(variant):
    board = kaissa.Board(variant)
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    # Every cell is one <g class="cell"> group; every piece one disc.
    fen_board = board.fen().split()[0].split("[")[0]
    pieces = sum(ch.isalpha() for ch in fen_board)
    assert svg.count("<circle") >= pieces > 0


def test_donkey_svg_draws_the_wedges_kites_and_lines():
    svg = kaissa.Board("donkey")._repr_svg_()
    assert svg.count('<g class="cell">') == 96
    # Each cell is its kite, a four-cornered polygon; no cell is a square.
    cells = svg.split('<g class="cell">')[1:]
    assert all(c.split("</title>", 1)[1].startswith("<polygon points=") for c in cells)
    assert all(len(c.split('points="')[1].split('"')[0].split()) == 4 for c in cells)
    # The hexagon's sides and the borders between the wedges are drawn over them.
    assert svg.count('<line class="edge"') >= 6 and svg.count('<line class="wedge"') >= 6
    assert "<title>a11</title>" in svg and "<title>f44</title>" in svg


def test_rectangular_svg_has_labels():
    svg = kaissa.Board("merchants")._repr_svg_()
    assert svg.count('<g class="cell">') == 100
    assert ">j</text>" in svg and ">10</text>" in svg
    assert "in hand" in svg  # the Home Stones wait in the hands


def test_copy_is_independent():
    board = kaissa.Board("caissa")
    other = board.copy()
    other.push(other.legal_moves()[0])
    assert board.move_stack == []
    assert len(other.move_stack) == 1
    deep = copy.deepcopy(other)
    assert deep.fen() == other.fen() and deep.move_stack == other.move_stack


def test_bad_fen_raises_value_error():
    with pytest.raises(ValueError) as e:
        kaissa.Board("kaissa", fen="not a fen")
    assert str(e.value) and "\n" not in str(e.value)
    with pytest.raises(ValueError):
        kaissa.Board("jikaida", fen="")
    with pytest.raises(ValueError):
        kaissa.Board("caissa", fen="7/7/7/7/7/7/7 w - 0")  # no Queens


def test_bad_move_raises_and_changes_nothing():
    board = kaissa.Board("merchants")
    fen = board.fen()
    for bad in ["e2e7", "zz", "", "H@c9", "a1a1a1a1", "e2e4e5"]:
        with pytest.raises(ValueError) as e:
            board.push(bad)
        assert "\n" not in str(e.value)
    assert board.fen() == fen and board.move_stack == []


def test_unknown_variant_and_option_raise():
    with pytest.raises(ValueError, match="unknown variant"):
        kaissa.Board("chess")
    with pytest.raises(ValueError):
        kaissa.Board("donkey", options=["no_such_option"])
    with pytest.raises(ValueError):
        kaissa.Board(42)


def test_result_in_words_after_the_home_stone_falls():
    board = kaissa.Board("kaissa", fen="4h5/10/10/10/4B5/10/10/10/10/H9[] w - - 0 30")
    assert board.result() == "*" and not board.is_game_over()
    board.push("e6e10")
    assert board.is_game_over()
    assert board.result().startswith("1-0 {") and "Home Stone" in board.result()
    assert board.legal_moves() == []


def test_turn_names_the_games_players():
    assert kaissa.Board("kaissa").turn == "Yellow"
    assert kaissa.Board("caissa").turn == "White"
    board = kaissa.Board("jikaida")
    board.push(board.legal_moves()[0])
    assert board.turn == "Blue"


def test_load_variants_defines_games():
    text = '[[variant]]\nname = "mine"\nparent = "merchants"\n'
    loaded = kaissa.load_variants(text)
    assert list(loaded) == ["mine"]
    board = kaissa.Board(loaded["mine"])
    assert board.variant == "mine"
    assert board.perft(2) == kaissa.Board("merchants").perft(2)
    assert 'name = "mine"' in loaded["mine"].toml()
    with pytest.raises(ValueError, match="unknown parent"):
        kaissa.load_variants('[[variant]]\nname = "x"\nparent = "nothing"\n')
    with pytest.raises(ValueError):
        kaissa.load_variants("this is not toml [")
