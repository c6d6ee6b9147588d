//! The registry of named definitions: the built-in ones and those a user loads from a file,
//! with inheritance (`parent`) and rule options resolved. Each definition is checked by the
//! game that plays it when it is added.

pub use crate::core::definition::{NoMoveResult, VariantDef};

use crate::core::definition::{VariantsFile, inherit, one_line, with_options};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// The name of the variant used when none is given.
pub const DEFAULT_VARIANT: &str = "kaissa";

/// The variants the engine knows, each stored fully resolved (its parent's fields merged in).
#[derive(Clone, Debug)]
pub struct Registry {
    tables: BTreeMap<String, Table>,
    order: Vec<String>,
}

impl Registry {
    /// The registry of built-in variants: every game's, in the games registry's order.
    pub fn builtin() -> Registry {
        let mut r = Registry {
            tables: BTreeMap::new(),
            order: Vec::new(),
        };
        for (origin, text) in super::BUILTIN {
            r.load_str(text, origin)
                .expect("built-in variants are valid");
        }
        r
    }

    /// Names of every known variant, in the order they were defined.
    pub fn names(&self) -> Vec<String> {
        self.order.clone()
    }

    /// Reads a variants file and adds (or replaces) its variants. Returns their names.
    pub fn load_file(&mut self, path: &str) -> Result<Vec<String>, String> {
        use std::io::Read;
        const LIMIT: u64 = 4 << 20;
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(LIMIT + 1).read_to_string(&mut text))
            .map_err(|e| format!("cannot read variants file {path}: {e}"))?;
        if text.len() as u64 > LIMIT {
            return Err(format!("variants file {path} is larger than 4 MiB"));
        }
        self.load_str(&text, path)
    }

    /// Adds the variants of a variants-file text; `origin` names it in error messages. Every
    /// variant is checked by building its game; on any error nothing is added.
    pub fn load_str(&mut self, text: &str, origin: &str) -> Result<Vec<String>, String> {
        self.load_str_inner(text, origin).map_err(|e| one_line(&e))
    }

    fn load_str_inner(&mut self, text: &str, origin: &str) -> Result<Vec<String>, String> {
        let file: VariantsFile =
            toml::from_str(text).map_err(|e| format!("{origin}: {}", one_line(&e.to_string())))?;
        let mut staged = self.clone();
        let mut names = Vec::new();
        for (i, table) in file.variant.into_iter().enumerate() {
            let name = match table.get("name") {
                Some(Value::String(s)) if !s.is_empty() => s.clone(),
                _ => return Err(format!("{origin}: variant #{} has no name", i + 1)),
            };
            let parent = match table.get("parent") {
                Some(Value::String(p)) => {
                    Some(staged.tables.get(p).ok_or_else(|| {
                        format!("{origin}: variant {name}: unknown parent \"{p}\"")
                    })?)
                }
                Some(_) => return Err(format!("{origin}: variant {name}: parent must be a name")),
                None => None,
            };
            let resolved = inherit(parent, &table);
            let def = with_options(&resolved, &[])
                .map_err(|e| format!("{origin}: variant {name}: {e}"))?;
            super::validate(&def).map_err(|e| format!("{origin}: variant {name}: {e}"))?;
            for opt in def.options.keys() {
                let d = with_options(&resolved, std::slice::from_ref(opt))
                    .map_err(|e| format!("{origin}: variant {name}: option {opt}: {e}"))?;
                super::validate(&d)
                    .map_err(|e| format!("{origin}: variant {name}: option {opt}: {e}"))?;
            }
            if !staged.tables.contains_key(&name) {
                staged.order.push(name.clone());
            }
            staged.tables.insert(name.clone(), resolved);
            names.push(name);
        }
        *self = staged;
        Ok(names)
    }

    /// The definition of a variant with the named options switched on.
    pub fn get(&self, name: &str, options: &[String]) -> Result<VariantDef, String> {
        let table = self.tables.get(name).ok_or_else(|| {
            format!(
                "unknown variant \"{name}\" (known: {})",
                self.order.join(", ")
            )
        })?;
        with_options(table, options)
    }

    /// A variant written out whole as a variants file a user can copy and edit.
    pub fn show(&self, name: &str) -> Result<String, String> {
        let mut table = self
            .tables
            .get(name)
            .cloned()
            .ok_or_else(|| format!("unknown variant \"{name}\""))?;
        table.remove("parent");
        let file = VariantsFile {
            variant: vec![table],
        };
        toml::to_string(&file).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_has_the_five_rule_sets() {
        let r = Registry::builtin();
        assert_eq!(
            r.names(),
            vec![
                "merchants",
                "northern",
                "gc",
                "gorean",
                "kaissa",
                "donkey",
                "caissa",
                "jikaida",
                "jikaida-swods",
                "porondwa"
            ]
        );
        let n = r.get("northern", &[]).unwrap();
        assert!(n.pieces.iter().all(|p| p.letter != "X"));
        assert_eq!(
            n.pieces.iter().find(|p| p.letter == "U").unwrap().name,
            "Jarl"
        );
        let g = r.get("gorean", &["seven_turn_window".into()]).unwrap();
        assert_eq!(g.drops[0].window, vec![1, 7]);
        let g = r.get("gorean", &["flight_captures_only".into()]).unwrap();
        let t = g.pieces.iter().find(|p| p.letter == "T").unwrap();
        assert_eq!(t.betza, "cNmK");
        assert!(r.get("gorean", &["nope".into()]).is_err());
        assert!(r.get("chess", &[]).unwrap_err().contains("unknown variant"));
    }

    #[test]
    fn shown_definition_loads_back() {
        let r = Registry::builtin();
        for name in r.names() {
            let text = r.show(&name).unwrap();
            let mut fresh = Registry {
                tables: BTreeMap::new(),
                order: Vec::new(),
            };
            fresh.load_str(&text, "shown").unwrap();
            let mut original = r.get(&name, &[]).unwrap();
            original.parent = None;
            assert_eq!(fresh.get(&name, &[]).unwrap(), original);
        }
    }

    #[test]
    fn bad_files_are_refused_whole() {
        let mut r = Registry::builtin();
        assert!(r.load_str("not toml [", "x").is_err());
        assert!(
            r.load_str("[[variant]]\nname = \"a\"\nparent = \"zzz\"\n", "x")
                .unwrap_err()
                .contains("unknown parent")
        );
        let bad_betza = "[[variant]]\nname = \"b\"\nparent = \"kaissa\"\npieces = [{ letter = \"U\", betza = \"Y\" }]\n";
        assert!(r.load_str(bad_betza, "x").unwrap_err().contains("'Y'"));
        assert_eq!(r.names().len(), 10);
        let good = "[[variant]]\nname = \"fast\"\nparent = \"kaissa\"\ndrops = [{ piece = \"H\", ranks = \"1\", window = [1, 3], deadline = true }]\n";
        assert_eq!(r.load_str(good, "x").unwrap(), vec!["fast"]);
        assert_eq!(r.get("fast", &[]).unwrap().drops[0].window, vec![1, 3]);
    }
}
