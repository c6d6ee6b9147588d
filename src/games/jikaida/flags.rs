//! Names for the `bool` const generics of the hot functions, so that a call site reads what
//! it asks for: `generate_filtered::<EVERY_MOVE, LEGAL_ONLY>` rather than `::<false, true>`.
//! Each pair names the two values of one switch; the functions' own docs say what it does.

/// `DEPS` of the check tests: collect the cells the answer read.
pub(super) const WITH_DEPS: bool = true;
/// `DEPS` off: the answer only.
pub(super) const NO_DEPS: bool = false;

/// `PALLANS` of `attack_test`: read the Pallans' part.
pub(super) const WITH_PALLANS: bool = true;
/// `PALLANS` off: every attacker but the Pallans' refracted and bent captures.
pub(super) const NO_PALLANS: bool = false;

/// `FILTER` of `pallan_stands`: only the lines the Pallan's reach can use, vaults looked for.
pub(super) const FILTERED: bool = true;
/// `FILTER` off: every line read, every stand cell kept.
pub(super) const UNFILTERED: bool = false;

/// `LAND` of the vault tests: the vault lands on the target (an empty cell).
pub(super) const LANDING: bool = true;
/// `LAND` off: the vault captures on the target.
pub(super) const CAPTURING: bool = false;

/// `NOISY` of the generator: captures and promotions only.
pub(super) const NOISY_ONLY: bool = true;
/// `NOISY` off: every move.
pub(super) const EVERY_MOVE: bool = false;

/// `LEGAL` of the generator: moves leaving the King capturable are left out.
pub(super) const LEGAL_ONLY: bool = true;
/// `LEGAL` off: they are kept, for `try_make` to refuse.
pub(super) const PSEUDO_LEGAL: bool = false;

/// `CAPTURES` of `reach_for`: a superset of the captures and promotions, for the caller to
/// mask.
pub(super) const CAPTURE_TARGETS: bool = true;
/// `CAPTURES` off: every cell the piece can move to.
pub(super) const ALL_TARGETS: bool = false;

/// `SCORE` of `make_with`: keep the slider mobility up to date.
pub(super) const KEEP_MOBILITY: bool = true;
/// `SCORE` off: leave it stale (a move made only to be tested and taken back).
pub(super) const SKIP_MOBILITY: bool = false;
