//! The games a board or an engine plays: the built-in variants by name, and `Variant` objects
//! from a variants-file text ([`load_variants`]). A loaded definition lives in the objects it
//! returns, never in a process-wide registry, so loading a file changes nothing for other
//! boards.

use crate::error::value_error;
use kaissa::core::definition::VariantDef;
use kaissa::games::variants::{DEFAULT_VARIANT, Registry};
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// A game resolved for a board or an engine: the registry that knows it (the built-in one,
/// or one with a variants file loaded), its name, its rule options and its definition.
#[derive(Clone, Debug)]
pub struct Game {
    /// The registry the name is looked up in.
    pub registry: Arc<Registry>,
    /// The variant's name.
    pub name: String,
    /// The rule options switched on.
    pub options: Vec<String>,
    /// The definition with those options.
    pub def: VariantDef,
}

impl Game {
    /// The game `name` of `registry` with `options` switched on; the registry's message when
    /// there is no such variant or option.
    pub fn new(registry: Arc<Registry>, name: &str, options: Vec<String>) -> Result<Game, String> {
        let def = registry.get(name, &options)?;
        Ok(Game {
            registry,
            name: name.to_string(),
            options,
            def,
        })
    }

    /// Resolves a constructor's `variant` argument (a name of a built-in variant, a
    /// [`Variant`], or nothing for the default) with its rule options.
    pub fn from_arg(
        variant: Option<&Bound<'_, PyAny>>,
        options: Option<Vec<String>>,
    ) -> PyResult<Game> {
        let options = options.unwrap_or_default();
        let (registry, name) = match variant {
            None => (Arc::new(Registry::builtin()), DEFAULT_VARIANT.to_string()),
            Some(v) => {
                if let Ok(v) = v.cast::<Variant>() {
                    let v = v.get();
                    (v.registry.clone(), v.name.clone())
                } else if let Ok(name) = v.extract::<String>() {
                    (Arc::new(Registry::builtin()), name)
                } else {
                    return Err(value_error(
                        "variant must be a variant's name or a kaissa.Variant",
                    ));
                }
            }
        };
        Game::new(registry, &name, options).map_err(value_error)
    }

    /// The name with its options, as messages and `repr` show it: `donkey[centre_straight]`.
    pub fn label(&self) -> String {
        if self.options.is_empty() {
            self.name.clone()
        } else {
            format!("{}[{}]", self.name, self.options.join(","))
        }
    }
}

/// A variant defined by a variants-file text (see `load_variants`), to give to `Board` or
/// `Engine` in place of a built-in variant's name.
#[pyclass(frozen, module = "kaissa")]
pub struct Variant {
    registry: Arc<Registry>,
    name: String,
}

#[pymethods]
impl Variant {
    /// The variant's name, as its file gives it.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The definition written out whole as a variants file (the TOML a user can copy).
    fn toml(&self) -> PyResult<String> {
        self.registry.show(&self.name).map_err(value_error)
    }

    /// The rule options the definition offers (for `Board(..., options=[...])`).
    fn options(&self) -> PyResult<Vec<String>> {
        let def = self.registry.get(&self.name, &[]).map_err(value_error)?;
        Ok(def.options.keys().cloned().collect())
    }

    fn __repr__(&self) -> String {
        format!("kaissa.Variant({:?})", self.name)
    }
}

/// The names of the built-in variants, in the engine's order.
#[pyfunction]
pub fn variants() -> Vec<String> {
    Registry::builtin().names()
}

/// Reads a variants file's text (the TOML of `kaissa --variants FILE`, docs/variants.md):
/// returns each variant it defines by name. A definition may name a built-in variant or an
/// earlier one of the same text as its `parent`. Raises ValueError with the engine's
/// one-line message when the text is not a valid variants file.
#[pyfunction]
pub fn load_variants(toml_text: &str) -> PyResult<BTreeMap<String, Variant>> {
    let mut registry = Registry::builtin();
    let names = registry
        .load_str(toml_text, "variants text")
        .map_err(value_error)?;
    let registry = Arc::new(registry);
    Ok(names
        .into_iter()
        .map(|name| {
            let v = Variant {
                registry: registry.clone(),
                name: name.clone(),
            };
            (name, v)
        })
        .collect())
}
