//! The games, one folder each, each knowing only [`crate::core`] and itself, and the registry
//! that maps a definition's `rules` name to the game that plays it. The `registry!` line
//! below is the one place that lists the games: a new game is one folder implementing
//! [`Ruleset`] and one name added there. [`variants`] keeps the named definitions (built-in
//! and loaded from files).

pub mod caissa;
pub mod jikaida;
pub mod kaissa;
pub mod variants;

use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::nnue::inputs::NetInputs;
use crate::core::outcome::Outcome;
use crate::core::ruleset::{PositionVisitor, Ruleset};

/// Something to do with a game's ruleset once the registry has found it.
trait RulesetVisitor {
    /// What the visit gives.
    type Output;
    /// Called with the ruleset of the definition's game.
    fn visit<R: Ruleset>(self) -> Self::Output;
}

/// Lists the games: generates [`BUILTIN`], [`KNOWN`] and [`dispatch`] from one list of
/// rulesets. The first ruleset is the default: it plays definitions without `rules`.
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game's built-in definitions, in the registry's order: (name, variants file).
        pub const BUILTIN: &[(&str, &str)] = &[$(<$game as Ruleset>::BUILTIN),+];

        /// The `rules` names of the games (`None`: the default family).
        const KNOWN: &[Option<&str>] = &[$(<$game as Ruleset>::RULES),+];

        /// Runs `visit` with the ruleset that plays definitions with these `rules`.
        fn dispatch<V: RulesetVisitor>(rules: Option<&str>, visit: V) -> Result<V::Output, String> {
            $(
                if rules == <$game as Ruleset>::RULES {
                    return Ok(visit.visit::<$game>());
                }
            )+
            let known: Vec<&str> = KNOWN.iter().flatten().copied().collect();
            Err(format!(
                "unknown rules module \"{}\" (known: {})",
                rules.unwrap_or_default(),
                known.join(", ")
            ))
        }
    };
}

registry!(kaissa::Kaissa, caissa::Caissa, jikaida::Jikaida);

/// Checks a definition with the game that plays it: it builds, and its start position reads.
pub fn validate(def: &VariantDef) -> Result<(), String> {
    struct Check<'a>(&'a VariantDef);
    impl RulesetVisitor for Check<'_> {
        type Output = Result<(), String>;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::validate(self.0)
        }
    }
    dispatch(def.rules.as_deref(), Check(def))?
}

/// The inputs of the definition's learned evaluation (for the data generator's binary
/// records and the trainer), from the game that plays it; an error for a game or board
/// without nets.
pub fn net_inputs(def: &VariantDef) -> Result<Box<dyn NetInputs>, String> {
    struct Inputs<'a>(&'a VariantDef);
    impl RulesetVisitor for Inputs<'_> {
        type Output = Result<Box<dyn NetInputs>, String>;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::net_inputs(self.0)
        }
    }
    dispatch(def.rules.as_deref(), Inputs(def))?
}

/// Builds the position of `fen` (the definition's start position when `None`) in the game
/// that plays the definition, and hands it with the game's default evaluation to `visit`.
pub fn build<V: PositionVisitor>(
    def: &VariantDef,
    fen: Option<&str>,
    visit: V,
) -> Result<V::Output, String> {
    struct Build<'a, V>(&'a VariantDef, Option<&'a str>, V);
    impl<V: PositionVisitor> RulesetVisitor for Build<'_, V> {
        type Output = Result<V::Output, String>;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::build(self.0, self.1, self.2)
        }
    }
    dispatch(def.rules.as_deref(), Build(def, fen, visit))?
}

/// Why XBoard cannot play the definition (`None`: it can), in the words of the game that
/// plays it ([`Ruleset::xboard_refusal`]).
pub fn xboard_refusal(def: &VariantDef) -> Option<String> {
    struct Refusal<'a>(&'a VariantDef);
    impl RulesetVisitor for Refusal<'_> {
        type Output = Option<String>;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::xboard_refusal(self.0)
        }
    }
    dispatch(def.rules.as_deref(), Refusal(def)).unwrap_or_else(Some)
}

/// The player's name in the definition's game: Yellow and Red in Kaissa, White and Black in
/// Caïssa, Yellow and Blue in Jikaida.
pub fn color_name(def: &VariantDef, c: Color) -> &'static str {
    struct Name(Color);
    impl RulesetVisitor for Name {
        type Output = &'static str;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::color_name(self.0)
        }
    }
    dispatch(def.rules.as_deref(), Name(c)).unwrap_or("?")
}

/// The result line for a finished game in the definition's game, e.g.
/// `1-0 {Yellow captures the Home Stone}`; `to_move` is the side to move in the final
/// position.
pub fn result_line(def: &VariantDef, outcome: Outcome, to_move: Color) -> String {
    struct Line<'a>(&'a VariantDef, Outcome, Color);
    impl RulesetVisitor for Line<'_> {
        type Output = String;
        fn visit<R: Ruleset>(self) -> Self::Output {
            R::result_line(self.0, self.1, self.2)
        }
    }
    dispatch(def.rules.as_deref(), Line(def, outcome, to_move))
        .unwrap_or_else(|e| format!("* {{{e}}}"))
}
