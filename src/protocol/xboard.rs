//! XBoard / WinBoard (CECP version 2). Every command and reply is listed in `protocol.md`; the
//! reference is XBoard's engine-intf document.
//!
//! The engine plays the side it is told to (`go`, `playother`, `new`), or none (`force`,
//! `analyze`). Moves cross the protocol in XBoard's coordinates ([`notation`]), games are
//! described to the GUI with `setup` and `piece` ([`setup`]), and the GUI's time control becomes
//! search limits ([`clock`]). Searches run in the background; their end comes back as
//! [`Event::SearchDone`], tagged with a generation so that an aborted search is ignored.

pub mod clock;
pub mod notation;
pub mod setup;

use super::{Event, Flow, Mode, Out};
use crate::core::geometry::Color;
use crate::engine::{Engine, Info, SearchOutcome, skill};
use crate::games;
use crate::search::Score;
use notation::Coords;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

/// What the background search is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Busy {
    /// No search.
    Idle,
    /// Searching for the engine's move, which will be played.
    Thinking,
    /// Analysing until told to stop; nothing is played.
    Analyzing,
}

/// What a `lift` command picked up.
enum Lifted {
    /// The piece on this square (engine notation).
    Square(String),
    /// A piece in a player's hand, if the holdings slot holds one of this game's pieces.
    Hand(Color, Option<char>),
}

/// The CECP dialect's state.
pub struct Xboard {
    /// The game, position and search.
    engine: Engine,
    /// Where replies go.
    out: Out,
    /// Where the search reports its end.
    events: Sender<Event>,
    /// Tags searches; a finished search whose generation is not this one was aborted.
    generation: u64,
    /// What the background search is doing.
    busy: Busy,
    /// The side the engine plays; `None` in force mode.
    playing: Option<Color>,
    /// In analyze mode (`analyze` until `exit`).
    analyzing: bool,
    /// Send thinking output (`post`).
    post: Arc<AtomicBool>,
    /// Time control, clocks and depth limit.
    clocks: clock::Clocks,
    /// Moves played since the position was set, in engine notation.
    history: Vec<String>,
    /// Rule options of the variant (the `RuleOptions` engine option).
    rule_options: Vec<String>,
    /// `ping`s that arrived while the engine was thinking: answered after its move.
    pongs: Vec<String>,
    /// Hash and thread settings that arrived during a search, for the next idle moment.
    pending_options: Option<crate::engine::Options>,
}

/// A variant name without XBoard's board-size prefix (`10x10+10_kaissa` is `kaissa`).
fn strip_size_prefix(name: &str) -> &str {
    match name.split_once('_') {
        Some((size, rest))
            if size.contains('x')
                && size
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == 'x' || c == '+') =>
        {
            rest
        }
        _ => name,
    }
}

/// Keeps a reason from closing the parentheses of `Error (...)` early.
fn reason(text: &str) -> String {
    text.replace('(', "[").replace(')', "]")
}

/// A score in XBoard's units: centipawns, mates as 100000 + moves.
pub fn gui_score(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => 100_000 + m as i64,
        Score::Mate(m) => -100_000 + m as i64,
    }
}

/// One line of thinking output: `depth score time nodes pv`, time in centiseconds.
pub fn thinking_line(i: &Info, coords: Coords) -> String {
    let pv: Vec<String> = i.pv.iter().map(|m| coords.move_to_gui(m)).collect();
    format!(
        "{} {} {} {} {}",
        i.depth,
        gui_score(i.score),
        i.time.as_millis() / 10,
        i.nodes,
        pv.join(" ")
    )
}

/// A spin option's value from `min` to `max`, or an error naming the option.
fn spin_value(name: &str, value: &str, min: u32, max: u32) -> Result<u32, String> {
    match value.trim().parse::<u32>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "option {name} needs a number from {min} to {max}, not '{}'",
            value.trim()
        )),
    }
}

impl Xboard {
    /// A CECP session of `engine` writing to `out`; search completions arrive through
    /// `events`.
    pub fn new(out: Out, events: Sender<Event>, engine: Engine) -> Xboard {
        Xboard {
            engine,
            out,
            events,
            generation: 0,
            busy: Busy::Idle,
            playing: Some(Color::Second),
            analyzing: false,
            post: Arc::new(AtomicBool::new(false)),
            clocks: clock::Clocks::default(),
            history: Vec::new(),
            rule_options: Vec::new(),
            pongs: Vec::new(),
            pending_options: None,
        }
    }

    /// The board size, for converting coordinates.
    fn coords(&self) -> Coords {
        let d = self.engine.def();
        Coords {
            files: d.files,
            ranks: d.ranks,
        }
    }

    /// Ends any search without playing its move, and answers pings that waited for it.
    fn abort(&mut self) {
        if self.busy != Busy::Idle {
            self.generation += 1;
            self.engine.stop_and_wait();
            self.busy = Busy::Idle;
        }
        self.settle();
    }

    /// Work for an idle moment: options that waited for a search, pings that waited for a move.
    fn settle(&mut self) {
        if self.busy != Busy::Idle {
            return;
        }
        if let Some(o) = self.pending_options.take()
            && let Err(e) = self.engine.set_options(o)
        {
            self.out
                .line(&format!("Error ({}): memory or cores", reason(&e)));
        }
        for n in std::mem::take(&mut self.pongs) {
            self.out.line(&format!("pong {n}"));
        }
    }

    /// Answers `protover`.
    fn features(&self) {
        // Only the games XBoard can draw (each game says which: `xboard_refusal`).
        let registry = self.engine.registry();
        let variants = (registry.names().into_iter())
            .filter(|n| {
                registry
                    .get(n, &[])
                    .is_ok_and(|d| games::xboard_refusal(&d).is_none())
            })
            .collect::<Vec<_>>()
            .join(",");
        self.out.line(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=0 sigint=0 \
             sigterm=0 reuse=1 analyze=1 colors=0 ics=0 name=0 pause=0 nps=0 debug=1 memory=1 \
             smp=1 exclude=0 setscore=0 highlight=1 myname=\"kaissa {}\" variants=\"{variants}\"",
            env!("CARGO_PKG_VERSION")
        ));
        self.out.line("feature option=\"RuleOptions -string \"");
        let o = self.engine.options();
        self.out.line(&format!(
            "feature option=\"Use NNUE -check {}\"",
            o.use_nnue as u8
        ));
        self.out.line(&format!(
            "feature option=\"EvalFile -file {}\"",
            o.eval_file.as_deref().unwrap_or("")
        ));
        self.out.line(&format!(
            "feature option=\"Skill Level -spin {} 0 {}\"",
            o.skill_level,
            skill::FULL
        ));
        self.out.line(&format!(
            "feature option=\"UCI_LimitStrength -check {}\"",
            o.limit_strength as u8
        ));
        self.out.line(&format!(
            "feature option=\"UCI_Elo -spin {} {} {}\"",
            o.elo,
            skill::ELO_MIN,
            skill::ELO_MAX
        ));
        self.out.line("feature done=1");
    }

    /// Sends the `setup` and `piece` lines for the current variant.
    fn describe_variant(&self) {
        for l in setup::variant_lines(self.engine.def()) {
            self.out.line(&l);
        }
    }

    /// The result line if the game is over.
    fn result(&self) -> Option<String> {
        let s = self.engine.state();
        s.outcome()
            .map(|o| crate::games::result_line(self.engine.def(), o, s.side_to_move()))
    }

    /// How many moves the side to move has made (from the FEN's move number).
    fn moves_made(&self) -> u32 {
        let fen = self.engine.state().fen();
        let n: u32 = fen
            .split_whitespace()
            .nth(5)
            .and_then(|f| f.parse().ok())
            .unwrap_or(1);
        n.saturating_sub(1)
    }

    /// Starts searching for the engine's move, unless the game is over (then says so).
    fn think(&mut self) {
        if let Some(r) = self.result() {
            self.out.line(&r);
            return;
        }
        self.settle();
        let limits = self.clocks.limits(self.moves_made());
        self.start(limits, Busy::Thinking);
    }

    /// Starts (or restarts) analysis of the current position.
    fn analyze(&mut self) {
        self.abort();
        if self.engine.state().outcome().is_some() {
            return;
        }
        let limits = crate::search::time::Limits {
            infinite: true,
            ..Default::default()
        };
        self.start(limits, Busy::Analyzing);
    }

    /// Starts a search of the kind `kind` with `limits` in the background.
    fn start(&mut self, limits: crate::search::time::Limits, kind: Busy) {
        self.generation += 1;
        self.busy = kind;
        let generation = self.generation;
        let (out, events, coords) = (self.out.clone(), self.events.clone(), self.coords());
        let post = self.post.clone();
        let always = kind == Busy::Analyzing;
        self.engine.go(
            limits,
            false,
            Box::new(move |i| {
                if always || post.load(Ordering::Relaxed) {
                    out.line(&thinking_line(i, coords));
                }
            }),
            Box::new(move |o| {
                let _ = events.send(Event::SearchDone(generation, o));
            }),
        );
    }

    /// After the position changed: analyse it, or move if it is the engine's turn.
    fn react(&mut self) {
        if self.analyzing {
            self.analyze();
        } else if self.playing == Some(self.engine.state().side_to_move()) {
            self.think();
        }
    }

    /// Plays a move in engine notation, keeping the history.
    fn play(&mut self, mv: &str) -> Result<(), String> {
        self.engine.state_mut().play(mv)?;
        self.history.push(mv.to_string());
        Ok(())
    }

    /// Why a move (engine notation) cannot be played, or `None` if it can.
    fn refusal(&self, mv: &str) -> Option<String> {
        let s = self.engine.state();
        if s.outcome().is_some() {
            return Some("the game is over".into());
        }
        let legal = s.legal_moves();
        if legal.iter().any(|m| m == mv) {
            return None;
        }
        let promos: Vec<String> = legal
            .iter()
            .filter(|m| m.len() == mv.len() + 1 && m.starts_with(mv))
            .map(|m| m[mv.len()..].to_string())
            .collect();
        Some(if !promos.is_empty() {
            format!("promotion needs one of: {}", promos.join(" "))
        } else if legal
            .iter()
            .any(|m| m.len() + 1 == mv.len() && mv.starts_with(m.as_str()))
        {
            "this move does not promote".into()
        } else {
            "not legal in this position".into()
        })
    }

    /// A move from the GUI (XBoard notation).
    fn user_move(&mut self, text: &str) {
        let was_busy = self.busy != Busy::Idle;
        self.abort();
        let played = self
            .coords()
            .move_from_gui(text)
            .and_then(|mv| match self.refusal(&mv) {
                Some(why) => Err(why),
                None => self.play(&mv),
            });
        if let Err(e) = played {
            self.out
                .line(&format!("Illegal move ({}): {text}", reason(&e)));
            // A search the move interrupted goes on.
            if was_busy {
                self.react();
            }
            return;
        }
        if let Some(r) = self.result() {
            self.out.line(&r);
            return;
        }
        self.react();
    }

    /// `lift SQ`: marks where the piece on SQ may go. A square beyond the board's right or left
    /// edge is a slot of Yellow's or Red's holdings (XBoard's `l6`), `H@` a piece in hand.
    fn lift(&self, args: &[&str]) -> Result<(), String> {
        let [sq] = args else {
            return Err("lift needs one square".into());
        };
        let c = self.coords();
        let s = self.engine.state();
        let from = match self.lifted(sq)? {
            Lifted::Square(from) => Some(from),
            Lifted::Hand(color, letter) => {
                if color != s.side_to_move() {
                    // The player not on move cannot place anything now.
                    self.out.line(&format!(
                        "highlight {}",
                        notation::color_fen(&vec![vec![None; c.files]; c.ranks])
                    ));
                    return Ok(());
                }
                letter.map(|l| format!("{l}@"))
            }
        };
        let grid = notation::placement_grid(&s.fen(), c).ok_or("cannot read the position")?;
        let mut marks = vec![vec![None; c.files]; c.ranks];
        for m in s.legal_moves() {
            let Some(((f, r), letter)) = Coords::target(&m) else {
                continue;
            };
            let mine = match (&from, letter) {
                (Some(from), None) => Coords::origin(&m).as_ref() == Some(from),
                (Some(from), Some(_)) => m.starts_with(from.as_str()),
                (None, _) => false,
            };
            if !mine || r >= c.ranks || f >= c.files {
                continue;
            }
            let promotes = letter.is_none() && m.ends_with(|ch: char| ch.is_ascii_alphabetic());
            marks[r][f] = Some(if promotes {
                'M'
            } else if grid[r][f].is_some() {
                'R'
            } else {
                'Y'
            });
        }
        self.out
            .line(&format!("highlight {}", notation::color_fen(&marks)));
        Ok(())
    }

    /// What a `lift` argument names: a board square (engine notation) or a holdings slot.
    fn lifted(&self, sq: &str) -> Result<Lifted, String> {
        let c = self.coords();
        if let Some((l, rest)) = sq.split_once('@') {
            let mut chars = l.chars();
            return match (chars.next(), chars.next(), rest.is_empty()) {
                (Some(l), None, true) if l.is_ascii_alphabetic() => Ok(Lifted::Hand(
                    self.engine.state().side_to_move(),
                    Some(l.to_ascii_uppercase()),
                )),
                _ => Err("bad piece in hand".into()),
            };
        }
        let mut chars = sq.chars();
        let file = chars.next().ok_or("lift needs a square")?;
        let rank: usize = chars
            .as_str()
            .parse()
            .map_err(|_| "not a square".to_string())?;
        if file.is_ascii_lowercase() && ((file as u8 - b'a') as usize) < c.files {
            return Ok(Lifted::Square(c.square_from_gui(sq)?));
        }
        // Holdings: XBoard counts their slots from each player's own side.
        let rank = rank.saturating_add(usize::from(c.ranks == 10));
        if rank == 0 || rank > c.ranks {
            return Err("square off the board".into());
        }
        let def = self.engine.def();
        Ok(if file.is_ascii_lowercase() {
            Lifted::Hand(Color::First, setup::holdings_letter(def, rank - 1))
        } else {
            Lifted::Hand(Color::Second, setup::holdings_letter(def, c.ranks - rank))
        })
    }

    /// `variant NAME` (a `WxH+S_` size prefix is allowed and ignored).
    fn variant(&mut self, args: &[&str]) -> Result<(), String> {
        let [name] = args else {
            return Err("variant needs one name".into());
        };
        let name = strip_size_prefix(name);
        let def = self.engine.registry().get(name, &[])?;
        if let Some(why) = games::xboard_refusal(&def) {
            return Err(format!(
                "{name} cannot be played through XBoard: {why}; use UCI mode"
            ));
        }
        let opts: Vec<String> = self
            .rule_options
            .iter()
            .filter(|o| def.options.contains_key(o.as_str()))
            .cloned()
            .collect();
        self.abort();
        self.engine.set_variant(name, &opts)?;
        self.history.clear();
        self.describe_variant();
        if self.analyzing {
            self.analyze();
        }
        Ok(())
    }

    /// `option NAME=VALUE` for the options announced in the features.
    fn option(&mut self, line: &str) -> Result<(), String> {
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        match name.trim() {
            "RuleOptions" => {
                let opts: Vec<String> = value
                    .split([',', ' '])
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                self.abort();
                let v = self.engine.variant().to_string();
                self.engine.set_variant(&v, &opts)?;
                self.rule_options = opts;
                self.history.clear();
                self.describe_variant();
                Ok(())
            }
            "Use NNUE" => match value.trim() {
                "1" | "true" => self.set_option(|o| o.use_nnue = true),
                "0" | "false" => self.set_option(|o| o.use_nnue = false),
                v => Err(format!("option Use NNUE needs 1 or 0, not '{v}'")),
            },
            "EvalFile" => {
                let path = value.trim();
                let file = (!path.is_empty() && path != "<default>").then(|| path.to_string());
                self.set_option(|o| o.eval_file = file)
            }
            "Skill Level" => {
                let level = spin_value("Skill Level", value, 0, skill::FULL)?;
                self.set_option(|o| o.skill_level = level)
            }
            "UCI_LimitStrength" => match value.trim() {
                "1" | "true" => self.set_option(|o| o.limit_strength = true),
                "0" | "false" => self.set_option(|o| o.limit_strength = false),
                v => Err(format!("option UCI_LimitStrength needs 1 or 0, not '{v}'")),
            },
            "UCI_Elo" => {
                let elo = spin_value("UCI_Elo", value, skill::ELO_MIN, skill::ELO_MAX)?;
                self.set_option(|o| o.elo = elo)
            }
            other => Err(format!("unknown option '{other}'")),
        }
    }

    /// Sets hash size, threads or another option: now, or (during a search) when the search ends.
    fn set_option(&mut self, f: impl FnOnce(&mut crate::engine::Options)) -> Result<(), String> {
        let mut o = self
            .pending_options
            .take()
            .unwrap_or_else(|| self.engine.options().clone());
        f(&mut o);
        if self.busy == Busy::Idle {
            self.engine.set_options(o)
        } else {
            self.pending_options = Some(o);
            Ok(())
        }
    }

    /// Prints the position as comment lines (`d`, a debugging aid).
    fn display(&self) {
        let s = self.engine.state();
        for l in s.board_text().lines() {
            self.out.line(&format!("# {l}"));
        }
        self.out.line(&format!("# fen {}", s.fen()));
        self.out.line(&format!(
            "# variant {} moves {}",
            self.engine.variant(),
            self.history.join(" ")
        ));
    }

    /// Executes one command; an error is reported as `Error (...): line`.
    fn dispatch(&mut self, line: &str) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (cmd, args) = (words[0], &words[1..]);
        let number = |what: &str| -> Result<u64, String> {
            match args {
                [n] => n
                    .parse()
                    .map_err(|_| format!("{what} must be a whole number, not '{n}'")),
                _ => Err(format!("{cmd} needs one number")),
            }
        };
        const NO_ARGS: [&str; 20] = [
            "xboard",
            "new",
            "force",
            "go",
            "playother",
            "?",
            "undo",
            "remove",
            "post",
            "nopost",
            "analyze",
            "exit",
            "quit",
            "d",
            "hard",
            "easy",
            "random",
            "computer",
            "hint",
            "bk",
        ];
        if !args.is_empty() && NO_ARGS.contains(&cmd) {
            return Err("too many parameters".into());
        }
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "put" | "hover" | "draw" | "hint" | "bk" | "." | "easy" | "hard" => {}
            "protover" => {
                number("the protocol version")?;
                self.features();
            }
            "quit" => {
                self.abort();
                return Ok(Flow::Quit);
            }
            "new" => {
                self.abort();
                self.engine.clear_hash();
                self.engine.state_mut().set_position(None, &[])?;
                self.history.clear();
                self.playing = Some(Color::Second);
                self.clocks.depth = None;
                if self.analyzing {
                    self.analyze();
                }
            }
            "variant" => self.variant(args)?,
            "force" => {
                self.abort();
                self.playing = None;
            }
            "result" => {
                self.abort();
                self.playing = None;
            }
            "go" => {
                self.abort();
                self.analyzing = false;
                self.playing = Some(self.engine.state().side_to_move());
                self.think();
            }
            "playother" => {
                self.abort();
                self.analyzing = false;
                self.playing = Some(self.engine.state().side_to_move().flip());
            }
            "?" => {
                if self.busy == Busy::Thinking {
                    self.engine.stop();
                }
            }
            "usermove" => match args {
                [mv] => self.user_move(mv),
                _ => return Err("usermove needs one move".into()),
            },
            "level" => self.clocks.control = clock::parse_level(args)?,
            "st" => self.clocks.control = clock::parse_st(args)?,
            "sd" => self.clocks.depth = Some(clock::parse_sd(args)?),
            "time" => match args {
                [t] => self.clocks.engine = Some(clock::centiseconds(t)?),
                _ => return Err("time needs one number".into()),
            },
            "otim" => match args {
                [t] => self.clocks.opponent = Some(clock::centiseconds(t)?),
                _ => return Err("otim needs one number".into()),
            },
            "setboard" => {
                if args.is_empty() {
                    return Err("setboard needs a FEN".into());
                }
                let droppable: Vec<char> = (self.engine.def().drops.iter())
                    .filter_map(|d| d.piece.chars().next())
                    .collect();
                let fen = notation::fen_from_gui(&args.join(" "), &droppable);
                self.abort();
                self.engine
                    .state_mut()
                    .set_position(Some(&fen), &[])
                    .map_err(|e| e.trim_start_matches("bad FEN: ").to_string())
                    .map_err(|e| format!("bad FEN: {e}"))?;
                self.history.clear();
                self.react();
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.history.len() < n {
                    return Err("command not legal now: no move to take back".into());
                }
                self.abort();
                for _ in 0..n {
                    self.engine.state_mut().undo();
                    self.history.pop();
                }
                if self.analyzing {
                    self.analyze();
                }
            }
            "ping" => {
                let n = args.first().copied().unwrap_or("").to_string();
                if self.busy == Busy::Thinking {
                    self.pongs.push(n);
                } else {
                    self.out.line(&format!("pong {n}"));
                }
            }
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "memory" => {
                let mib = number("memory")?.clamp(1, 65536) as usize;
                self.set_option(|o| o.hash_mib = mib)?;
            }
            "cores" => {
                let n = number("cores")?.clamp(1, 256) as usize;
                self.set_option(|o| o.threads = n)?;
            }
            "lift" => self.lift(args)?,
            "analyze" => {
                self.analyzing = true;
                self.playing = None;
                self.analyze();
            }
            "exit" => {
                if self.analyzing {
                    self.abort();
                    self.analyzing = false;
                }
            }
            "option" => self.option(line["option".len()..].trim())?,
            "d" => self.display(),
            _ => {
                // Without `usermove`, a GUI sends bare moves.
                if words.len() == 1 && self.coords().move_from_gui(cmd).is_ok() {
                    self.user_move(cmd);
                } else {
                    return Err("unknown command".into());
                }
            }
        }
        Ok(Flow::Continue)
    }
}

impl Mode for Xboard {
    fn command(&mut self, line: &str) -> Flow {
        match self.dispatch(line) {
            Ok(f) => f,
            Err(e) => {
                self.out.line(&format!("Error ({}): {line}", reason(&e)));
                Flow::Continue
            }
        }
    }

    fn search_done(&mut self, generation: u64, o: SearchOutcome) {
        if generation != self.generation || self.busy != Busy::Thinking {
            return;
        }
        self.busy = Busy::Idle;
        match o.best {
            Some(mv) => match self.play(&mv) {
                Ok(()) => {
                    self.out
                        .line(&format!("move {}", self.coords().move_to_gui(&mv)));
                    if let Some(r) = self.result() {
                        self.out.line(&r);
                    }
                }
                Err(e) => log::error!("the search returned an unplayable move {mv}: {e}"),
            },
            None => {
                if let Some(r) = self.result() {
                    self.out.line(&r);
                }
            }
        }
        self.settle();
    }

    fn shutdown(&mut self) {
        match self.busy {
            // A move being searched for is still played, so piped scripts see it.
            Busy::Thinking => self.engine.wait(),
            Busy::Analyzing => self.abort(),
            Busy::Idle => {}
        }
    }

    fn error(&self, msg: &str) {
        self.out.line(&format!("Error ({}): input", reason(msg)));
    }
}
