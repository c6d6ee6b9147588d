//! Every evaluation weight, in one place, for tuning (see `tuning/`).
//!
//! Piece values are not written per piece: they are derived from each piece's average
//! mobility on the empty board (`value = base + per_move * mobility`, quiet-only and
//! capture-only moves counting half), so a variant loaded from a file is evaluated sensibly
//! without new weights. [`OVERRIDES`] then corrects individual pieces per rule set, and
//! [`SHAPES`] their square tables.

use crate::core::definition::VariantDef;

/// The weights of the Kaissa-family evaluation, in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Value of a pawn-like piece (`pawn = true`).
    pub pawn: i32,
    /// Constant part of a piece's value.
    pub base: i32,
    /// Value per average move on the empty board.
    pub per_move: i32,
    /// Centralisation: bonus per step closer to the centre, per 1000 cp of piece value.
    pub centre_per_1000: i32,
    /// Pawn advancement bonus by relative rank as a fraction of the way to promotion
    /// (index 0 = start, 7 = one step from the last rank), scaled to the board's height.
    pub pawn_advance: [i32; 8],
    /// Extra for a pawn one step from a promotion that is available.
    pub pawn_near_promotion: i32,
    /// Bonus for a pawn that another own pawn guards (could recapture on its cell).
    pub pawn_guarded: i32,
    /// Advancement of a piece that is neither a pawn nor royal, by relative rank (index 0 =
    /// its first rank, 7 = the last, scaled to the board's height), per 1000 cp of the
    /// piece's value: how much a piece gains from standing closer to the enemy's camp. Nothing
    /// on the donkey board, which has no ranks.
    pub piece_advance: [i32; 8],
    /// Penalty per enemy piece next to one's Home Stone.
    pub stone_adjacent_enemy: i32,
    /// Penalty per enemy piece two cells from one's Home Stone.
    pub stone_near_enemy: i32,
    /// Bonus per own piece next to one's Home Stone.
    pub stone_shield: i32,
    /// Penalty per missing free placement cell (below three) for a stone still in hand,
    /// multiplied by how close the deadline is (0 far, 4 on the last turns).
    pub unplaced_crowding: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Bonus per move of a piece (not a pawn, not the Home Stone) to a cell no enemy pawn
    /// attacks.
    pub mobility: i32,
    /// Penalty per piece attacked by a cheaper enemy piece.
    pub threat_by_lesser: i32,
    /// Penalty per piece attacked and not defended.
    pub hanging: i32,
    /// Penalty per enemy piece type attacking one's Home Stone or a cell next to it (per
    /// cell).
    pub stone_zone_attack: i32,
    /// Penalty per ordered pair of enemy pieces that reach one's Home Stone or a cell next
    /// to it (`n x (n - 1)` for `n` such pieces; nothing for one alone): attackers together
    /// are worth more than each alone. Middlegame only (it fades with the phase).
    pub stone_attackers: i32,
    /// The game phase: the endgame values of the tapered terms, or `None` when each term
    /// weighs the same in every phase. The fields above of the same names are then the
    /// middlegame values; the evaluation blends the two by the non-pawn material left
    /// ([`super::EvalTables`]).
    pub endgame: Option<Endgame>,
}

/// The endgame values of the weights that change with the game phase (the meaning of each is
/// that of the [`Params`] field of the same name).
#[derive(Clone, Debug, PartialEq)]
pub struct Endgame {
    pub centre_per_1000: i32,
    pub pawn_advance: [i32; 8],
    pub piece_advance: [i32; 8],
    pub pawn_near_promotion: i32,
    pub stone_adjacent_enemy: i32,
    pub stone_near_enemy: i32,
    pub stone_shield: i32,
    pub mobility: i32,
    pub stone_zone_attack: i32,
}

/// The weights in use.
pub const DEFAULT: Params = Params {
    pawn: 100,
    base: 60,
    per_move: 30,
    centre_per_1000: 6,
    pawn_advance: [0, 4, 9, 15, 23, 34, 50, 70],
    pawn_near_promotion: 60,
    pawn_guarded: 8,
    piece_advance: [0; 8],
    stone_adjacent_enemy: 45,
    stone_near_enemy: 15,
    stone_shield: 12,
    unplaced_crowding: 40,
    tempo: 10,
    mobility: 4,
    threat_by_lesser: 30,
    hanging: 20,
    stone_zone_attack: 12,
    stone_attackers: 0,
    endgame: None,
};

/// Weights tuned for one rule set (`tuning/`, results in `tuning/RESULTS.md`); a rule set
/// not listed plays with [`DEFAULT`].
pub const TUNED: &[(&str, Params)] = &[
    // Texel 2026-11-22 on 2,500 games at 10,000 nodes; SPRT +36.8 +- 20.5 Elo over 1,014 games.
    (
        "kaissa",
        Params {
            pawn: 100,
            base: 76,
            per_move: 30,
            centre_per_1000: 11,
            pawn_advance: [-20, -13, -17, 10, 14, 29, 28, 103],
            pawn_near_promotion: 58,
            pawn_guarded: 4,
            piece_advance: [0; 8],
            stone_adjacent_enemy: 80,
            stone_near_enemy: 59,
            stone_shield: 18,
            unplaced_crowding: 9,
            tempo: 4,
            mobility: 0,
            threat_by_lesser: 0,
            hanging: 0,
            stone_zone_attack: 0,
            stone_attackers: 0,
            endgame: None,
        },
    ),
    // Texel 2026-11-30 (pa): every weight and piece value, with the new `piece_advance`,
    // starting from k3's (itself refitted from the fits before to 16,501 positions), fitted
    // with lambda 0 (the search's score the only target) to 48,556 quiet positions of
    // merchants-first self-play, each scored by a 50,000-node search; see tuning/RESULTS.md,
    // sessions 39-41.
    (
        "merchants",
        Params {
            pawn: 100,
            base: 46,
            per_move: 47,
            centre_per_1000: -2,
            pawn_advance: [-71, -53, -49, -65, -82, 56, 138, 34],
            pawn_near_promotion: 62,
            pawn_guarded: 8,
            piece_advance: [-8, -4, -6, -20, -41, 13, -59, -58],
            stone_adjacent_enemy: 63,
            stone_near_enemy: 22,
            stone_shield: 24,
            unplaced_crowding: 13,
            tempo: 24,
            mobility: 4,
            threat_by_lesser: 69,
            hanging: 22,
            stone_zone_attack: 23,
            stone_attackers: 2,
            endgame: Some(Endgame {
                centre_per_1000: 34,
                pawn_advance: [-38, -47, -56, -66, -15, 1, -74, -237],
                piece_advance: [6, 20, 14, 35, 76, 87, 76, 99],
                pawn_near_promotion: 93,
                stone_adjacent_enemy: 6,
                stone_near_enemy: 17,
                stone_shield: 9,
                mobility: 4,
                stone_zone_attack: 25,
            }),
        },
    ),
    // Texel 2026-11-22 on 1,200 games at 10,000 nodes; SPRT +48.1 +- 24.0 Elo over 581 games.
    (
        "gorean",
        Params {
            pawn: 100,
            base: 70,
            per_move: 46,
            centre_per_1000: -1,
            pawn_advance: [-15, -8, 2, 12, 6, 42, 31, 66],
            pawn_near_promotion: 11,
            pawn_guarded: 7,
            piece_advance: [0; 8],
            stone_adjacent_enemy: 184,
            stone_near_enemy: 54,
            stone_shield: 21,
            unplaced_crowding: 2,
            tempo: 2,
            mobility: 0,
            threat_by_lesser: 0,
            hanging: 0,
            stone_zone_attack: 0,
            stone_attackers: 0,
            endgame: None,
        },
    ),
    // Texel 2026-11-22 on 1,200 games at 10,000 nodes; SPRT +58.7 +- 27.2 Elo over 603 games.
    (
        "gc",
        Params {
            pawn: 100,
            base: 73,
            per_move: 34,
            centre_per_1000: 6,
            pawn_advance: [-32, -28, -14, 0, 15, 34, 81, 80],
            pawn_near_promotion: 91,
            pawn_guarded: 15,
            piece_advance: [0; 8],
            stone_adjacent_enemy: 56,
            stone_near_enemy: 48,
            stone_shield: 25,
            unplaced_crowding: 19,
            tempo: 6,
            mobility: 0,
            threat_by_lesser: 0,
            hanging: 0,
            stone_zone_attack: 0,
            stone_attackers: 0,
            endgame: None,
        },
    ),
    // Texel 2026-11-22 on 1,200 games at 10,000 nodes; SPRT +58.7 +- 26.9 Elo over 609 games.
    (
        "northern",
        Params {
            pawn: 100,
            base: 112,
            per_move: 38,
            centre_per_1000: 6,
            pawn_advance: [-22, -27, -27, -27, 2, -30, 14, -46],
            pawn_near_promotion: 60,
            pawn_guarded: 4,
            piece_advance: [0; 8],
            stone_adjacent_enemy: 61,
            stone_near_enemy: 36,
            stone_shield: 13,
            unplaced_crowding: 27,
            tempo: 0,
            mobility: 0,
            threat_by_lesser: 0,
            hanging: 0,
            stone_zone_attack: 0,
            stone_attackers: 0,
            endgame: None,
        },
    ),
];

/// Per rule set corrections of derived piece values: (variant, piece letter, value in cp).
pub const OVERRIDES: &[(&str, char, i32)] = &[
    ("kaissa", 'U', 1108),
    ("kaissa", 'A', 1060),
    ("kaissa", 'T', 254),
    ("kaissa", 'S', 335),
    ("kaissa", 'B', 592),
    ("kaissa", 'I', 342),
    ("kaissa", 'R', 243),
    ("kaissa", 'M', 410),
    ("merchants", 'U', 1240),
    ("merchants", 'A', 797),
    ("merchants", 'T', 160),
    ("merchants", 'S', 280),
    ("merchants", 'B', 538),
    ("merchants", 'I', 280),
    ("merchants", 'R', 267),
    ("merchants", 'X', 538),
    ("gorean", 'U', 1054),
    ("gorean", 'A', 988),
    ("gorean", 'T', 295),
    ("gorean", 'S', 140),
    ("gorean", 'B', 452),
    ("gorean", 'I', 290),
    ("gorean", 'R', 219),
    ("gorean", 'M', 308),
    ("gc", 'U', 1074),
    ("gc", 'A', 1073),
    ("gc", 'T', 283),
    ("gc", 'S', 362),
    ("gc", 'B', 542),
    ("gc", 'I', 358),
    ("gc", 'R', 279),
    ("gc", 'M', 396),
    ("northern", 'U', 1166),
    ("northern", 'A', 1040),
    ("northern", 'T', 180),
    ("northern", 'S', 334),
    ("northern", 'B', 600),
    ("northern", 'I', 356),
    ("northern", 'R', 285),
    ("northern", 'M', 278),
];

/// One piece type's own corrections of the square tables, in centipawns, on top of the
/// shared `centre_per_1000` and `piece_advance` (which scale with the piece's value alike for
/// every piece): a leaper may want the centre or the enemy's camp more than a slider of the
/// same value. Middlegame and endgame values, blended by the phase like the shared terms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PieceShape {
    /// Per entry of `piece_advance`'s scale (0 = the piece's first rank, 7 = the last): the
    /// bonus on the last rank is seven times this. Nothing on the donkey board.
    pub advance: i32,
    /// The endgame value of `advance`.
    pub advance_eg: i32,
    /// Per step closer to the centre.
    pub centre: i32,
    /// The endgame value of `centre`.
    pub centre_eg: i32,
}

impl PieceShape {
    /// Every field by name, mutable, for tuners.
    pub fn fields_mut(&mut self) -> [(&'static str, &mut i32); 4] {
        let PieceShape {
            advance,
            advance_eg,
            centre,
            centre_eg,
        } = self;
        [
            ("advance", advance),
            ("advance_eg", advance_eg),
            ("centre", centre),
            ("centre_eg", centre_eg),
        ]
    }
}

/// Per rule set, per piece [`PieceShape`]s: (variant, piece letter, shape). A piece not
/// listed has none (all zero).
pub const SHAPES: &[(&str, char, PieceShape)] = &[
    // Texel 2026-11-30 (sh): these alone, the other weights held at pa's, fitted with lambda 0
    // to 50,695 quiet positions of merchants-first self-play, each scored by a 50,000-node
    // search (pa's samples and 2,139 more); see tuning/RESULTS.md, session 42.
    (
        "merchants",
        'U',
        PieceShape {
            advance: -4,
            advance_eg: 10,
            centre: 1,
            centre_eg: -17,
        },
    ),
    (
        "merchants",
        'A',
        PieceShape {
            advance: -6,
            advance_eg: 10,
            centre: 2,
            centre_eg: 2,
        },
    ),
    (
        "merchants",
        'T',
        PieceShape {
            advance: -4,
            advance_eg: -1,
            centre: 11,
            centre_eg: -5,
        },
    ),
    (
        "merchants",
        'S',
        PieceShape {
            advance: 5,
            advance_eg: -4,
            centre: 0,
            centre_eg: -1,
        },
    ),
    (
        "merchants",
        'B',
        PieceShape {
            advance: -4,
            advance_eg: -1,
            centre: -1,
            centre_eg: 2,
        },
    ),
    (
        "merchants",
        'I',
        PieceShape {
            advance: -2,
            advance_eg: -6,
            centre: 3,
            centre_eg: 4,
        },
    ),
    (
        "merchants",
        'R',
        PieceShape {
            advance: 3,
            advance_eg: 1,
            centre: 1,
            centre_eg: -2,
        },
    ),
    (
        "merchants",
        'X',
        PieceShape {
            advance: -3,
            advance_eg: 15,
            centre: 3,
            centre_eg: -8,
        },
    ),
];

/// The rule set whose tuned weights and piece values a definition plays with: its own name
/// when [`TUNED`] has it, else its parent's when [`TUNED`] has that (a variant loaded from a
/// file that inherits from a tuned rule set, such as `merchants-first` from `merchants`,
/// starts from the parent's weights and its piece values by letter), else its own name.
pub fn rule_set_of(def: &VariantDef) -> &str {
    let tuned = |name: &str| TUNED.iter().any(|(v, _)| *v == name);
    match &def.parent {
        Some(parent) if !tuned(&def.name) && tuned(parent) => parent,
        _ => &def.name,
    }
}

/// The weights a rule set plays with: its [`TUNED`] entry, or [`DEFAULT`].
pub fn for_variant(name: &str) -> &'static Params {
    TUNED
        .iter()
        .find(|(v, _)| *v == name)
        .map_or(&DEFAULT, |(_, p)| p)
}

impl Params {
    /// Every weight by name, mutable, for tuners (`pawn_advance[i]` one by one).
    pub fn fields_mut(&mut self) -> Vec<(String, &mut i32)> {
        let Params {
            pawn,
            base,
            per_move,
            centre_per_1000,
            pawn_advance,
            pawn_near_promotion,
            pawn_guarded,
            piece_advance,
            stone_adjacent_enemy,
            stone_near_enemy,
            stone_shield,
            unplaced_crowding,
            tempo,
            mobility,
            threat_by_lesser,
            hanging,
            stone_zone_attack,
            stone_attackers,
            endgame,
        } = self;
        let mut v: Vec<(String, &mut i32)> = vec![
            ("pawn".into(), pawn),
            ("base".into(), base),
            ("per_move".into(), per_move),
            ("centre_per_1000".into(), centre_per_1000),
            ("pawn_near_promotion".into(), pawn_near_promotion),
            ("pawn_guarded".into(), pawn_guarded),
            ("stone_adjacent_enemy".into(), stone_adjacent_enemy),
            ("stone_near_enemy".into(), stone_near_enemy),
            ("stone_shield".into(), stone_shield),
            ("unplaced_crowding".into(), unplaced_crowding),
            ("tempo".into(), tempo),
            ("mobility".into(), mobility),
            ("threat_by_lesser".into(), threat_by_lesser),
            ("hanging".into(), hanging),
            ("stone_zone_attack".into(), stone_zone_attack),
            ("stone_attackers".into(), stone_attackers),
        ];
        for (i, a) in pawn_advance.iter_mut().enumerate() {
            v.push((format!("pawn_advance[{i}]"), a));
        }
        for (i, a) in piece_advance.iter_mut().enumerate() {
            v.push((format!("piece_advance[{i}]"), a));
        }
        if let Some(e) = endgame {
            let Endgame {
                centre_per_1000,
                pawn_advance,
                piece_advance,
                pawn_near_promotion,
                stone_adjacent_enemy,
                stone_near_enemy,
                stone_shield,
                mobility,
                stone_zone_attack,
            } = e;
            v.extend([
                ("endgame.centre_per_1000".into(), centre_per_1000),
                ("endgame.pawn_near_promotion".into(), pawn_near_promotion),
                ("endgame.stone_adjacent_enemy".into(), stone_adjacent_enemy),
                ("endgame.stone_near_enemy".into(), stone_near_enemy),
                ("endgame.stone_shield".into(), stone_shield),
                ("endgame.mobility".into(), mobility),
                ("endgame.stone_zone_attack".into(), stone_zone_attack),
            ]);
            for (i, a) in pawn_advance.iter_mut().enumerate() {
                v.push((format!("endgame.pawn_advance[{i}]"), a));
            }
            for (i, a) in piece_advance.iter_mut().enumerate() {
                v.push((format!("endgame.piece_advance[{i}]"), a));
            }
        }
        v
    }

    /// The endgame values: [`Params::endgame`], or the middlegame values when there are none
    /// (no tapering).
    pub fn endgame_or_same(&self) -> Endgame {
        self.endgame.clone().unwrap_or(Endgame {
            centre_per_1000: self.centre_per_1000,
            pawn_advance: self.pawn_advance,
            piece_advance: self.piece_advance,
            pawn_near_promotion: self.pawn_near_promotion,
            stone_adjacent_enemy: self.stone_adjacent_enemy,
            stone_near_enemy: self.stone_near_enemy,
            stone_shield: self.stone_shield,
            mobility: self.mobility,
            stone_zone_attack: self.stone_zone_attack,
        })
    }
}
