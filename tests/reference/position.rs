//! The reference's board model: variants, colours, pieces, squares, and the position with its FEN
//! reading and writing. Deliberately plain: a 100-square mailbox indexed `file + 10 * rank`.

/// The five Kaissa rule sets the reference knows (docs/RULES.md §1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    /// PortKar "Merchants Kaissa": Assassins, Home Stone window 8–10.
    Merchants,
    /// PortKar "Northern Kaissa": Physicians rook ≤2, window 3–10.
    Northern,
    /// PortKar "GC Kaissa": positioning move, promotion, window 3–10.
    Gc,
    /// Carthoris Pyramidos' Gorean Kaissa: (2,1) Tarnsman, free-stepping Spearmen, window 1–10.
    Gorean,
    /// The synthesis of the novels' rules: flanking Spearmen on a3/j3, window 2–10.
    Kaissa,
}

impl Variant {
    /// The variant with this engine name; panics on an unknown name (test code).
    pub fn from_name(name: &str) -> Variant {
        match name {
            "merchants" => Variant::Merchants,
            "northern" => Variant::Northern,
            "gc" => Variant::Gc,
            "gorean" => Variant::Gorean,
            "kaissa" => Variant::Kaissa,
            _ => panic!("unknown variant {name:?}"),
        }
    }

    /// The start position in FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Merchants => {
                "ibstuatsbi/xrpppppprx/10/10/10/10/10/10/XRPPPPPPRX/IBSTUATSBI[Hh] w - - 0 1"
            }
            Variant::Northern | Variant::Gc => {
                "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1"
            }
            Variant::Gorean => {
                "ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTAUTSBI[Hh] w - - 0 1"
            }
            Variant::Kaissa => {
                "ibstuatsbi/mrpppppprm/p8p/10/10/10/10/P8P/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1"
            }
        }
    }

    /// The own turns (first, last) on which the Home Stone may be placed.
    pub fn stone_window(self) -> (u32, u32) {
        match self {
            Variant::Merchants => (8, 10),
            Variant::Northern | Variant::Gc => (3, 10),
            Variant::Gorean => (1, 10),
            Variant::Kaissa => (2, 10),
        }
    }

    /// The upper-case piece letters that may stand on the board in this variant.
    pub fn letters(self) -> &'static str {
        match self {
            Variant::Merchants => "UATSBIRXPH",
            _ => "UATSBIRMPH",
        }
    }

    /// Whether a Spearman reaching the last rank must promote (to Tarnsman or Rider).
    pub fn promotes(self) -> bool {
        !matches!(self, Variant::Merchants | Variant::Northern)
    }
}

/// The two players. Yellow (upper case, `w`) sits at rank 1 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    /// First player, rank 1, upper-case letters.
    Yellow,
    /// Second player, rank 10, lower-case letters.
    Red,
}

impl Color {
    /// The opponent.
    pub fn other(self) -> Color {
        match self {
            Color::Yellow => Color::Red,
            Color::Red => Color::Yellow,
        }
    }

    /// 0 for Yellow, 1 for Red: index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Yellow => 0,
            Color::Red => 1,
        }
    }

    /// Rank step of "forward" for this colour's Spearmen.
    pub fn forward(self) -> i32 {
        match self {
            Color::Yellow => 1,
            Color::Red => -1,
        }
    }

    /// Rank index (0-based) of this colour's first rank, where its Home Stone is placed.
    pub fn home_rank(self) -> i32 {
        match self {
            Color::Yellow => 0,
            Color::Red => 9,
        }
    }

    /// Rank index (0-based) of the last rank, where this colour's Spearmen promote.
    pub fn last_rank(self) -> i32 {
        self.other().home_rank()
    }

    /// Whether a 0-based rank index lies in this colour's own half (ranks 1–5 / 6–10).
    pub fn in_own_half(self, rank: i32) -> bool {
        match self {
            Color::Yellow => rank <= 4,
            Color::Red => rank >= 5,
        }
    }
}

/// A piece on the board: its owner and its upper-case FEN letter (`U A T S B I P R X M H`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Upper-case letter, whatever the colour.
    pub kind: char,
}

impl Piece {
    /// The FEN letter: upper case for Yellow, lower case for Red.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::Yellow => self.kind,
            Color::Red => self.kind.to_ascii_lowercase(),
        }
    }
}

/// A square index: `file + 10 * rank`, both 0-based (a1 = 0, j1 = 9, a2 = 10, j10 = 99).
pub type Square = usize;

/// The square at 0-based (file, rank), or `None` off the board.
pub fn square(file: i32, rank: i32) -> Option<Square> {
    if (0..10).contains(&file) && (0..10).contains(&rank) {
        Some((file + 10 * rank) as Square)
    } else {
        None
    }
}

/// 0-based file of a square.
pub fn file_of(sq: Square) -> i32 {
    (sq % 10) as i32
}

/// 0-based rank of a square.
pub fn rank_of(sq: Square) -> i32 {
    (sq / 10) as i32
}

/// Algebraic name of a square, e.g. `e2` or `a10`.
pub fn square_name(sq: Square) -> String {
    let file = (b'a' + (sq % 10) as u8) as char;
    format!("{file}{}", sq / 10 + 1)
}

/// Parses an algebraic square name (`a1` … `j10`); panics on anything else.
pub fn parse_square(name: &str) -> Square {
    let mut chars = name.chars();
    let file = chars.next().expect("empty square name");
    let rank: i32 = chars.as_str().parse().expect("bad rank in square name");
    let file = file as i32 - 'a' as i32;
    square(file, rank - 1).unwrap_or_else(|| panic!("square {name:?} is off the board"))
}

/// A full game state: everything perft needs, nothing more.
#[derive(Clone)]
pub struct Position {
    /// The rule set.
    pub variant: Variant,
    /// The mailbox board.
    pub board: [Option<Piece>; 100],
    /// `true` on squares holding a Spearman that has not moved yet. The flag never travels: a
    /// Spearman's first move clears it for good, and any piece landing on the square clears it.
    pub unmoved: [bool; 100],
    /// Whether each colour still holds its Home Stone in hand (indexed by `Color::index`).
    pub in_hand: [bool; 2],
    /// Side to move.
    pub side: Color,
    /// Plies since the last capture, Spearman move or placement.
    pub halfmove: u32,
    /// Starts at 1, +1 after each Red move; also each player's own turn number.
    pub fullmove: u32,
}

/// Reads the placement field (without holdings) into a board; checks letters against the variant.
fn parse_placement(variant: Variant, text: &str) -> [Option<Piece>; 100] {
    let mut board = [None; 100];
    let ranks: Vec<&str> = text.split('/').collect();
    assert_eq!(ranks.len(), 10, "placement {text:?} must have 10 ranks");
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 9 - row as i32;
        let mut file = 0i32;
        let mut run = 0i32;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                run = run * 10 + d as i32;
                continue;
            }
            file += run;
            run = 0;
            let kind = ch.to_ascii_uppercase();
            assert!(
                variant.letters().contains(kind),
                "piece {ch:?} does not exist in {variant:?}"
            );
            let color = if ch.is_ascii_uppercase() {
                Color::Yellow
            } else {
                Color::Red
            };
            let sq = square(file, rank).unwrap_or_else(|| panic!("rank {rank_text:?} too long"));
            board[sq] = Some(Piece { color, kind });
            file += 1;
        }
        file += run;
        assert_eq!(file, 10, "rank {rank_text:?} does not have 10 squares");
    }
    board
}

/// The default "unmoved" set for a board: a Spearman is unmoved iff a Spearman of its colour
/// stands on its square in the start position, except kaissa's flanking a3/j3/a8/j8 Spearmen.
pub fn default_unmoved(variant: Variant, board: &[Option<Piece>; 100]) -> [bool; 100] {
    let start_placement = variant.start_fen().split('[').next().unwrap();
    let start = parse_placement(variant, start_placement);
    let mut unmoved = [false; 100];
    for (sq, cell) in board.iter().enumerate() {
        let Some(piece) = cell else { continue };
        let flanking = variant == Variant::Kaissa && (file_of(sq) == 0 || file_of(sq) == 9);
        unmoved[sq] = piece.kind == 'P' && start[sq] == Some(*piece) && !flanking;
    }
    unmoved
}

impl Position {
    /// Parses a FEN (see the module docs of `reference`); panics on malformed input.
    pub fn from_fen(variant: Variant, fen: &str) -> Position {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        assert!(fields.len() >= 2, "FEN {fen:?} is too short");
        let (placement, holdings) = match fields[0].find('[') {
            Some(i) => {
                let rest = &fields[0][i + 1..];
                let end = rest.find(']').expect("unclosed holdings");
                (&fields[0][..i], &rest[..end])
            }
            None => (fields[0], ""),
        };
        let board = parse_placement(variant, placement);
        let mut in_hand = [false; 2];
        for ch in holdings.chars() {
            match ch {
                'H' => in_hand[0] = true,
                'h' => in_hand[1] = true,
                _ => panic!("only Home Stones can be in hand, not {ch:?}"),
            }
        }
        let side = match fields[1] {
            "w" => Color::Yellow,
            "b" => Color::Red,
            s => panic!("bad side to move {s:?}"),
        };
        let halfmove = fields
            .get(4)
            .map_or(0, |s| s.parse().expect("bad halfmove"));
        let fullmove = fields
            .get(5)
            .map_or(1, |s| s.parse().expect("bad fullmove"));
        let unmoved = match fields.get(6) {
            None => default_unmoved(variant, &board),
            Some(&"-") => [false; 100],
            Some(list) => {
                let mut unmoved = [false; 100];
                for name in list.split(',') {
                    let sq = parse_square(name);
                    assert!(
                        matches!(board[sq], Some(Piece { kind: 'P', .. })),
                        "unmoved square {name} holds no Spearman"
                    );
                    unmoved[sq] = true;
                }
                unmoved
            }
        };
        Position {
            variant,
            board,
            unmoved,
            in_hand,
            side,
            halfmove,
            fullmove,
        }
    }

    /// Writes the FEN; the 7th (unmoved) field only when it differs from the default.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..10 {
                match self.board[square(file, rank).unwrap()] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push('[');
        if self.in_hand[0] {
            out.push('H');
        }
        if self.in_hand[1] {
            out.push('h');
        }
        out.push(']');
        let side = match self.side {
            Color::Yellow => 'w',
            Color::Red => 'b',
        };
        out.push_str(&format!(" {side} - - {} {}", self.halfmove, self.fullmove));
        if self.unmoved != default_unmoved(self.variant, &self.board) {
            let names: Vec<String> = (0..100)
                .filter(|&sq| self.unmoved[sq])
                .map(square_name)
                .collect();
            if names.is_empty() {
                out.push_str(" -");
            } else {
                out.push(' ');
                out.push_str(&names.join(","));
            }
        }
        out
    }

    /// Whether `color`'s Home Stone still exists (in hand or on the board).
    pub fn stone_exists(&self, color: Color) -> bool {
        self.in_hand[color.index()] || self.board.contains(&Some(Piece { color, kind: 'H' }))
    }
}
