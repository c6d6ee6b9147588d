//! A game ready to play: a variant definition compiled into move tables, promotion and drop
//! rules, end rules and Zobrist keys, for one bitboard width.

use crate::core::bitboard::Bitboard;
use crate::core::definition::parse_ranks;
use crate::core::definition::{NoMoveResult, Shape, VariantDef};
use crate::core::donkey::wings::Wing;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::zobrist::Zobrist;
use crate::games::kaissa::attacks::{BentRays, PieceMoves, Rays};
use crate::games::kaissa::board::Board;
use crate::games::kaissa::features::{self, FeatureMap};
use crate::games::kaissa::position::Position;
use crate::games::kaissa::{betza, donkey};

/// Most piece types a game may have (per colour).
pub const MAX_TYPES: usize = 16;

/// Latest turn a drop window may name.
pub const MAX_WINDOW_TURN: u32 = 1000;

/// What the engine shows of a piece type.
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// FEN letter, upper case.
    pub letter: char,
    /// Name.
    pub name: String,
    /// True when its moves reset the no-progress counter.
    pub pawn: bool,
    /// On the donkey board: the wing whose field is its forward.
    pub wing: Option<Wing>,
}

/// How a piece type promotes.
#[derive(Clone, Debug)]
pub struct Promotion<B> {
    /// Cells where a move ending there promotes, per colour.
    pub zone: [B; 2],
    /// Piece types it may become.
    pub choices: Vec<u8>,
    /// Whether promotion is forced in the zone.
    pub mandatory: bool,
}

/// A piece that is placed from the hand.
#[derive(Clone, Debug)]
pub struct DropRule<B> {
    /// Its type.
    pub ptype: u8,
    /// Cells it may be placed on, per colour.
    pub zone: [B; 2],
    /// First own turn it may be placed.
    pub first: u32,
    /// Last own turn it may be placed.
    pub last: u32,
    /// On the last turn only placements are legal, and a player who cannot place loses.
    pub deadline: bool,
}

/// End-of-game rules with letters resolved to piece types.
#[derive(Clone, Debug)]
pub struct EndRules {
    /// Losing every piece of one of these types loses the game.
    pub capture_wins: Vec<u8>,
    /// Both players having lost every piece of one of these types draws.
    pub both_lost_draw: Vec<u8>,
    /// Result for the side to move with no legal move.
    pub no_moves: NoMoveResult,
    /// Repetitions that draw (0: never).
    pub repetition: u32,
    /// Plies without progress that draw (0: never).
    pub ply_limit: u32,
}

/// A compiled game for bitboard width `B`.
#[derive(Clone, Debug)]
pub struct Game<B> {
    /// The definition it was built from.
    pub def: VariantDef,
    /// The board.
    pub board: Board,
    /// Piece types, indexed by type number.
    pub pieces: Vec<PieceInfo>,
    /// `moves[type][color]`.
    pub moves: Vec<[PieceMoves<B>; 2]>,
    /// Full rays, for cutting slides at a blocker (rectangles).
    pub rays: Rays<B>,
    /// Full rays and their directions per wedge, for cutting bent slides (the donkey board).
    pub bent_rays: BentRays<B>,
    /// `promotion[type]`.
    pub promotion: Vec<Option<Promotion<B>>>,
    /// Drop rules.
    pub drops: Vec<DropRule<B>>,
    /// End rules.
    pub end: EndRules,
    /// Position keys.
    pub zobrist: Zobrist,
    /// Cells whose starting pieces never get first-move powers.
    pub no_initial: B,
    /// Every cell of the board.
    pub all_cells: B,
    /// Types that have first-move (`i`) powers.
    pub has_initial: Vec<bool>,
    /// Types that have any capturing move.
    pub can_capture: Vec<bool>,
    /// Types whose cells make up the structure key (pawns and pieces whose loss ends the
    /// game).
    pub structural: Vec<bool>,
    /// `attackers[type][color][cell]`: the cells from which a piece of that type and colour
    /// could capture on `cell` on an empty board (a superset that makes attack tests cheap).
    pub attackers: Vec<[Vec<B>; 2]>,
    /// One more than the last turn any drop window mentions.
    pub turn_horizon: u32,
    /// The rule set whose learned-evaluation nets it reads ([`features::net_rule_set`]).
    pub net_rule_set: String,
    /// The learned evaluation's feature numbering of this game's board and pieces.
    pub features: FeatureMap,
}

impl<B: Bitboard> Game<B> {
    /// Compiles a definition, checking it.
    pub fn new(def: &VariantDef) -> Result<Self, String> {
        let shape = def.shape()?;
        if let Shape::Rect { files, ranks } = shape
            && (files == 0 || ranks == 0 || files > 26 || ranks > 99)
        {
            return Err(format!(
                "board {files}x{ranks} is not supported (files 1-26, ranks 1-99)"
            ));
        }
        let board = Board::new(shape);
        let cells = board.cell_count();
        if cells > B::CAPACITY || cells > 1024 {
            return Err(format!(
                "board of {cells} cells is larger than this build supports"
            ));
        }
        if def.pieces.is_empty() || def.pieces.len() > MAX_TYPES {
            return Err(format!("a game needs 1 to {MAX_TYPES} piece types"));
        }
        let mut pieces = Vec::new();
        for p in &def.pieces {
            let mut chars = p.letter.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_uppercase() => c,
                _ => {
                    return Err(format!(
                        "piece letter \"{}\" must be one upper-case letter",
                        p.letter
                    ));
                }
            };
            if pieces.iter().any(|q: &PieceInfo| q.letter == letter) {
                return Err(format!("piece letter {letter} is used twice"));
            }
            let wing = match p.wing.as_deref() {
                None => None,
                Some(_) if board.donkey().is_none() => {
                    return Err(format!(
                        "piece {letter}: a wing means something only on the donkey board"
                    ));
                }
                Some("right") => Some(Wing::Right),
                Some("left") => Some(Wing::Left),
                Some(other) => {
                    return Err(format!(
                        "piece {letter}: wing \"{other}\" must be \"right\" or \"left\""
                    ));
                }
            };
            pieces.push(PieceInfo {
                letter,
                name: p.name.clone(),
                pawn: p.pawn,
                wing,
            });
        }
        let type_of = |l: &str| -> Result<u8, String> {
            pieces
                .iter()
                .position(|p| p.letter.to_string() == l)
                .map(|t| t as u8)
                .ok_or_else(|| format!("no piece with letter \"{l}\""))
        };
        let zone = |ranks: &str, cell_list: &str| -> Result<[B; 2], String> {
            let mut z = [B::EMPTY; 2];
            match (ranks.is_empty(), cell_list.is_empty(), &board) {
                (false, true, Board::Rect(r)) => {
                    let ranks = parse_ranks(ranks, r.ranks)?;
                    for c in 0..cells {
                        for color in Color::BOTH {
                            if ranks.contains(&r.relative_rank(c, color)) {
                                z[color.index()].set(c);
                            }
                        }
                    }
                }
                (true, false, _) => {
                    for name in cell_list.split_whitespace() {
                        let c = board
                            .parse(name)
                            .ok_or_else(|| format!("\"{name}\" is not a cell of the board"))?;
                        for color in Color::BOTH {
                            z[color.index()].set(board.for_color(c, color));
                        }
                    }
                }
                (false, true, Board::Donkey(_)) => {
                    return Err("the donkey board has no ranks: name the cells".into());
                }
                _ => return Err("a zone needs either ranks or cells".into()),
            }
            Ok(z)
        };
        let mut moves = Vec::new();
        let mut promotion = Vec::new();
        let mut has_initial = Vec::new();
        let mut can_capture = Vec::new();
        for (p, info) in def.pieces.iter().zip(&pieces) {
            let comps = betza::parse(&p.betza).map_err(|e| format!("piece {}: {e}", p.letter))?;
            let mut per_color: [PieceMoves<B>; 2] =
                std::array::from_fn(|_| PieceMoves::empty(cells));
            let add = |pm: &mut PieceMoves<B>,
                       color: Color,
                       comps: &[betza::Component],
                       from_ok: &dyn Fn(usize) -> bool|
             -> Result<(), String> {
                match &board {
                    Board::Rect(r) => {
                        pm.add(r, color, comps, from_ok);
                        Ok(())
                    }
                    Board::Donkey(d) => donkey::add(pm, d, color, info.wing, comps, from_ok)
                        .map_err(|e| format!("piece {}: {e}", p.letter)),
                }
            };
            for color in Color::BOTH {
                add(&mut per_color[color.index()], color, &comps, &|_| true)?;
            }
            for zm in &p.zone_moves {
                let zc = betza::parse(&zm.betza).map_err(|e| format!("piece {}: {e}", p.letter))?;
                let z =
                    zone(&zm.ranks, &zm.cells).map_err(|e| format!("piece {}: {e}", p.letter))?;
                for color in Color::BOTH {
                    let zz = z[color.index()];
                    add(&mut per_color[color.index()], color, &zc, &|c| zz.has(c))?;
                }
            }
            has_initial.push(per_color[0].has_initial);
            can_capture.push(per_color.iter().any(|pm| pm.can_capture()));
            moves.push(per_color);
            promotion.push(match &p.promotion {
                None => None,
                Some(pd) => {
                    let choices = pd
                        .to
                        .iter()
                        .map(|l| type_of(l))
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| format!("piece {} promotion: {e}", p.letter))?;
                    if choices.is_empty() {
                        return Err(format!("piece {} promotes to nothing", p.letter));
                    }
                    Some(Promotion {
                        zone: zone(&pd.ranks, &pd.cells)
                            .map_err(|e| format!("piece {}: {e}", p.letter))?,
                        choices,
                        mandatory: pd.mandatory,
                    })
                }
            });
        }
        let mut drops = Vec::new();
        for d in &def.drops {
            let ptype = type_of(&d.piece).map_err(|e| format!("drop: {e}"))?;
            let ok = d.window.len() == 2
                && d.window[0] >= 1
                && d.window[0] <= d.window[1]
                && d.window[1] <= MAX_WINDOW_TURN;
            if !ok {
                return Err(format!(
                    "drop window {:?} must be two turns [first, last] with 1 <= first <= last <= {MAX_WINDOW_TURN}",
                    d.window
                ));
            }
            if drops.iter().any(|r: &DropRule<B>| r.ptype == ptype) {
                return Err(format!("piece {} has two drop rules", d.piece));
            }
            drops.push(DropRule {
                ptype,
                zone: zone(&d.ranks, &d.cells).map_err(|e| format!("drop: {e}"))?,
                first: d.window[0],
                last: d.window[1],
                deadline: d.deadline,
            });
        }
        let letters =
            |v: &[String]| -> Result<Vec<u8>, String> { v.iter().map(|l| type_of(l)).collect() };
        let end = EndRules {
            capture_wins: letters(&def.end.capture_wins).map_err(|e| format!("end: {e}"))?,
            both_lost_draw: letters(&def.end.both_lost_draw).map_err(|e| format!("end: {e}"))?,
            no_moves: def.end.no_moves,
            repetition: def.end.repetition,
            ply_limit: def.end.ply_limit,
        };
        let mut no_initial = B::EMPTY;
        for s in &def.no_initial_moves {
            no_initial.set(
                board
                    .parse(s)
                    .ok_or_else(|| format!("no_initial_moves: \"{s}\" is not a cell"))?,
            );
        }
        let mut all_cells = B::EMPTY;
        for c in 0..cells {
            all_cells.set(c);
        }
        let turn_horizon = drops.iter().map(|d| d.last + 1).max().unwrap_or(1);
        let mut attackers = Vec::new();
        for per_color in &moves {
            let mut t_att: [Vec<B>; 2] = [vec![B::EMPTY; cells], vec![B::EMPTY; cells]];
            for color in Color::BOTH {
                let pm: &PieceMoves<B> = &per_color[color.index()];
                for x in 0..cells {
                    let mut reach = pm.leaps[0][x] | pm.leaps[2][x];
                    reach |= pm.initial_leaps[0][x] | pm.initial_leaps[2][x];
                    for s in pm.slides.iter().filter(|s| s.mode != betza::Mode::Quiet) {
                        reach |= s.rays[x];
                    }
                    for s in pm.bent.iter().filter(|s| s.mode != betza::Mode::Quiet) {
                        reach |= s.rays[x];
                    }
                    for l in pm.lame.iter().filter(|l| l.mode != betza::Mode::Quiet) {
                        for &(to, _) in &l.paths[x] {
                            reach.set(to);
                        }
                    }
                    for c in reach.cells() {
                        t_att[color.index()][c].set(x);
                    }
                }
            }
            attackers.push(t_att);
        }
        let structural = (0..pieces.len())
            .map(|t| pieces[t].pawn || end.capture_wins.contains(&(t as u8)))
            .collect();
        let net_rule_set = features::net_rule_set(def);
        let letters: String = pieces.iter().map(|p| p.letter).collect();
        let features = FeatureMap::new(&board, &letters, &net_rule_set);
        let game = Game {
            def: def.clone(),
            zobrist: Zobrist::new(cells, pieces.len(), turn_horizon as usize + 1),
            pieces,
            moves,
            rays: match &board {
                Board::Rect(r) => Rays::new(r),
                Board::Donkey(_) => Rays {
                    full: Default::default(),
                },
            },
            bent_rays: match &board {
                Board::Rect(_) => BentRays::default(),
                Board::Donkey(d) => donkey::bent_rays(d),
            },
            board,
            promotion,
            drops,
            end,
            no_initial,
            all_cells,
            has_initial,
            can_capture,
            structural,
            attackers,
            turn_horizon,
            net_rule_set,
            features,
        };
        Ok(game)
    }

    /// Number of piece types.
    pub fn types(&self) -> usize {
        self.pieces.len()
    }

    /// The colour and type of a FEN letter.
    pub fn piece_of_letter(&self, c: char) -> Option<(Color, u8)> {
        let color = Color::of_letter(c);
        let up = c.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|t| (color, t as u8))
    }

    /// The FEN letter of a piece.
    pub fn letter(&self, color: Color, ptype: u8) -> char {
        color.letter_case(self.pieces[ptype as usize].letter)
    }

    /// The drop rule of a piece type, if it has one.
    pub fn drop_rule(&self, ptype: u8) -> Option<&DropRule<B>> {
        self.drops.iter().find(|d| d.ptype == ptype)
    }

    /// The start position.
    pub fn start_position(self: &std::sync::Arc<Self>) -> Position<B> {
        Position::from_fen(self, &self.def.start_fen).expect("start FEN was checked")
    }
}

/// The Kaissa family's move notation: from-to with the board's cell names (`e2e4`, `a9a10`),
/// drops as `H@e1` (the upper-case letter for both players), promotion as a lower-case suffix
/// (`c9c10t`).
pub trait MoveText {
    /// Writes the move in the engine's notation for `game`.
    fn to_text<B>(self, game: &Game<B>) -> String;
}

impl MoveText for Move {
    fn to_text<B>(self, game: &Game<B>) -> String {
        let b = &game.board;
        if self.is_drop() {
            format!(
                "{}@{}",
                game.pieces[self.drop_type() as usize].letter,
                b.name(self.to())
            )
        } else {
            let mut s = format!("{}{}", b.name(self.from()), b.name(self.to()));
            if let Some(p) = self.promotes_to() {
                s.push(game.pieces[p as usize].letter.to_ascii_lowercase());
            }
            s
        }
    }
}
