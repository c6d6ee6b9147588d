// kaissa serve's page. It knows no rule of any game: it draws the cells the server lists
// (names, places, marks), highlights the targets of the legal moves the server lists, and
// sends back the move text of the one the user picks.
"use strict";

const $ = (id) => document.getElementById(id);
const COLORS = { Yellow: "#f1c232", Red: "#b8322a", White: "#fafafa", Black: "#222", Blue: "#2f62b3" };

const page = {
  game: null,       // the game's id on the server
  state: null,      // the last state the server sent
  selected: null,   // a cell name, or "@X" for a piece in hand
  flipped: false,
  analysing: false, // an infinite search runs for the analysis panel
  poll: null,       // the timer polling /api/analysis
  paused: false,    // engine against engine, stopped at a move
  drag: null,       // a piece being dragged: {from, x, y, ghost}
  scan: null,       // the last scan ("analyse game") the server reported
  pending: 0,       // requests that may change the game, sent and not yet answered
  changes: 0,       // such requests answered so far (a state read before one is stale)
  lost: null,       // the id of a game the server no longer has, while that is shown
  report: null,     // the last search report shown in the analysis panel
};

// What the page remembers across reloads (localStorage), besides the game's id.
const SETTINGS = ["mode", "engine-side", "level", "level-first", "clock-preset", "clock-base", "clock-inc", "movetime", "depth", "scan-nodes"];

// One request; its JSON answer, or an Error with the server's message and the HTTP `status`.
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  const changing = method !== "GET";
  if (changing) page.pending++;
  try {
    const r = await fetch(path, opts);
    const data = await r.json();
    if (!r.ok) {
      const e = new Error(data.error || r.statusText);
      e.status = r.status;
      throw e;
    }
    return data;
  } finally {
    if (changing) {
      page.pending--;
      page.changes++;
    }
  }
}

function showError(e) {
  $("error").textContent = e ? String(e.message || e) : "";
}

async function call(method, path, body) {
  try {
    const data = await api(method, path, body);
    showError(null);
    return data;
  } catch (e) {
    // The game is gone from the server (forgotten, or the server restarted): say so.
    if (e.status === 404 && page.game && /^unknown game/.test(e.message)) showLost(page.game);
    else showError(e);
    return null;
  }
}

// ---- drawing ----

// The largest cell (16 to 96 px) that fits the whole board, its hands and labels in the
// window: beside the side panel on a wide screen, the full width on a narrow one (a phone,
// where the panel goes under the board and the board may be scrolled to in height).
function cellSize(view) {
  const narrow = window.innerWidth < NARROW;
  const top = $("board-frame").getBoundingClientRect().top + window.scrollY;
  const height = narrow ? Infinity : window.innerHeight - top - 80;
  const width = window.innerWidth - (narrow ? 60 : 400);
  const fit = Math.floor(Math.min(width / view.width, height / view.height));
  return Math.max(16, Math.min(96, fit));
}

// Below this window width (in CSS pixels) the side panel goes under the board (style.css
// says the same).
const NARROW = 800;

function place(view, x, y) {
  return turned() ? [view.width - x, view.height - y] : [x, y];
}

function pieceElement(letter, colors) {
  const el = document.createElement("div");
  const first = letter === letter.toUpperCase();
  const name = colors[first ? 0 : 1];
  el.className = "piece " + (first ? "side0" : "side1");
  el.style.background = COLORS[name] || (first ? "#eee" : "#333");
  el.style.color = name === "Yellow" || name === "White" ? "#222" : "#fff";
  el.textContent = letter.toUpperCase();
  const full = page.state.pieces[letter.toUpperCase()];
  el.title = (full ? full + " " : "") + "(" + name + ")";
  return el;
}

function lastMove() {
  const s = page.state;
  return s.last || {};
}

function drawBoard() {
  const s = page.state;
  const view = s.view;
  const size = cellSize(view);
  const board = $("board");
  board.innerHTML = "";
  board.style.width = view.width * size + "px";
  board.style.height = view.height * size + "px";
  board.style.fontSize = Math.round(size * 0.45) + "px";
  const targets = targetsOf(page.selected);
  const last = lastMove();
  const shaped = hasShapes(view);
  if (shaped) drawShapes(board, view, size, last);
  for (const c of view.cells) {
    const el = document.createElement("div");
    const [x, y] = place(view, c.x, c.y);
    el.className = shaped ? "cell on-shape" : "cell";
    for (const m of c.marks) {
      if (m === "front-w") el.classList.add(turned() ? "edge-e" : "edge-w");
      else if (m === "front-s") el.classList.add(turned() ? "edge-n" : "edge-s");
      else el.classList.add(m);
    }
    el.dataset.cell = c.name;
    el.style.left = (x - 0.5) * size + "px";
    el.style.top = (y - 0.5) * size + "px";
    el.style.width = size + "px";
    el.style.height = size + "px";
    el.title = c.label ? c.name + " = " + c.label : c.name;
    if (c.name === page.selected) el.classList.add("selected");
    if (targets.has(c.name)) el.classList.add("target");
    if (c.name === last.from || c.name === last.to) el.classList.add("last");
    if (c.piece) {
      el.dataset.piece = c.piece;
      el.appendChild(pieceElement(c.piece, s.colors));
    }
    el.addEventListener("pointerdown", (e) => pressCell(e, c.name));
    board.appendChild(el);
  }
  // The game's named areas (Jikaida's drins), on request, as the book heads them.
  if ($("names").checked) {
    for (const a of view.areas || []) {
      const [x0, y0] = place(view, a.x, a.y);
      const [x1, y1] = place(view, a.x + a.width, a.y + a.height);
      const el = document.createElement("div");
      el.className = "area";
      el.style.left = Math.min(x0, x1) * size + "px";
      el.style.top = Math.min(y0, y1) * size + "px";
      el.style.width = a.width * size + "px";
      el.style.height = a.height * size + "px";
      el.style.fontSize = Math.round(size * Math.min(a.width, a.height) * 0.16) + "px";
      el.textContent = a.name;
      board.appendChild(el);
    }
  }
  for (const [x, text] of view.bottom) {
    const [px] = place(view, x, 0);
    const l = document.createElement("div");
    l.className = "coord file";
    l.style.left = (px - 0.5) * size + "px";
    l.style.top = view.height * size + "px";
    l.style.width = size + "px";
    l.textContent = text;
    board.appendChild(l);
  }
  for (const [y, text] of view.left) {
    const [, py] = place(view, 0, y);
    const l = document.createElement("div");
    l.className = "coord rank";
    l.style.top = (py - 0.5) * size + "px";
    l.style.lineHeight = size + "px";
    l.textContent = text;
    board.appendChild(l);
  }
}

function drawHands() {
  const s = page.state;
  const bottomColor = turned() ? 1 : 0;
  for (const [id, color] of [["hand-bottom", bottomColor], ["hand-top", 1 - bottomColor]]) {
    const box = $(id);
    box.innerHTML = "";
    box.dataset.hand = color;
    const hand = (s.view.hands || []).find((h) => h.color === color);
    if (!hand) continue;
    const title = document.createElement("span");
    title.textContent = s.colors[color] + "'s hand: " + (hand.pieces.length ? "" : "empty");
    box.appendChild(title);
    for (const [letter, count] of hand.pieces) {
      const p = pieceElement(letter, s.colors);
      p.dataset.drop = letter.toUpperCase();
      if (page.selected === "@" + letter.toUpperCase() && s.side === color) p.classList.add("selected");
      if (count > 1) p.textContent += count;
      p.addEventListener("click", () => clickHand(letter.toUpperCase(), color));
      box.appendChild(p);
    }
  }
}

function drawSide() {
  const s = page.state;
  $("status").textContent = s.result ? "" : s.colors[s.side] + " to move" + (s.searching ? " (engine thinking)" : "");
  $("result").textContent = s.result ? "Game over: " + resultWords(s.result) : "";
  $("notes").innerHTML = "";
  for (const n of s.view.notes) {
    const li = document.createElement("li");
    li.textContent = n;
    $("notes").appendChild(li);
  }
  drawMoveList();
  $("branch-note").hidden = !(s.ply < s.line.length && !s.result && !s.clock);
  $("branch-note").textContent = "A move played here starts a side line; the line's " + (s.line.length - s.ply) + " later move(s) are kept.";
  drawBranches();
  $("pass").hidden = !s.legal.some((m) => !m.from && !m.to);
  $("fen-input").value = s.fen;
  const mode = $("mode").value;
  $("side-box").hidden = mode !== "engine";
  $("level-box").hidden = mode === "humans";
  $("level-first-box").hidden = mode !== "watch";
  $("pause").hidden = mode !== "watch";
  $("pause").textContent = page.paused ? (s.line.length === 0 ? "Start" : "Resume") : "Pause";
  $("per-move").hidden = !!s.clock;
  const opts = $("engine-side").options;
  opts[0].textContent = s.colors[1];
  opts[1].textContent = s.colors[0];
  $("players").textContent = playersWords(s, mode);
  drawLegend(s);
  $("resign").hidden = !!s.result || mode === "watch" || s.line.length === 0;
  $("abort").hidden = !!s.result || s.line.length > 0;
  $("offer-draw").hidden = !!s.result || mode !== "engine" || s.line.length === 0;
}

// The moves, numbered as the players' turns: "1. e2e5 e9e6", each clickable, the current one
// marked; a line started by the second player begins "1. ...".
function drawMoveList() {
  const s = page.state;
  const list = $("moves");
  list.innerHTML = "";
  const first = sideAt(0);
  s.line.forEach((m, i) => {
    const turn = Math.floor((i + first) / 2) + 1;
    const li = document.createElement("li");
    li.dataset.ply = i + 1;
    const mover = (first + i) % 2;
    if (mover === 0 || i === 0) {
      const n = document.createElement("span");
      n.className = "num";
      n.textContent = turn + (mover === 0 ? ". " : ". ... ");
      li.appendChild(n);
    }
    li.appendChild(document.createTextNode(m));
    if (i + 1 === s.ply) {
      li.className = "current";
      li.setAttribute("aria-current", "step");
    }
    if (i + 1 > s.ply) li.classList.add("ahead");
    li.addEventListener("click", () => goto(i + 1));
    list.appendChild(li);
  });
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// "1-0 {Yellow captures the Home Stone}" -> "Yellow captures the Home Stone (1-0)"
function resultWords(line) {
  const m = /^(\S+)\s*\{(.*)\}\s*$/.exec(line);
  return m ? m[2] + " (" + m[1] + ")" : line;
}

function render() {
  if (!page.state) return;
  drawBoard();
  drawHands();
  drawSide();
  drawClocks();
  drawGraph(page.scan);
  if (page.scan && !page.analysing) drawScanBar();
  drawArrow();
}

// ---- picking moves ----

function movesOf(sel) {
  if (!sel || !page.state) return [];
  const legal = page.state.legal;
  if (sel.startsWith("@")) return legal.filter((m) => m.drop && m.drop.toUpperCase() === sel.slice(1));
  return legal.filter((m) => m.from === sel);
}

function targetsOf(sel) {
  return new Set(movesOf(sel).map((m) => m.to));
}

function humanToMove() {
  const s = page.state;
  if (!s || s.result) return false;
  const mode = $("mode").value;
  if (mode === "watch") return s.ply < s.line.length && !s.clock;
  return mode !== "engine" || s.side !== Number($("engine-side").value) || s.ply < s.line.length;
}

function clickCell(name) {
  hidePromotion();
  if (!humanToMove()) return;
  const choices = movesOf(page.selected).filter((m) => m.to === name);
  if (choices.length === 1) return play(choices[0].text);
  if (choices.length > 1) return askPromotion(choices);
  page.selected = movesOf(name).length ? name : null;
  render();
}

function clickHand(letter, color) {
  hidePromotion();
  if (!humanToMove() || page.state.side !== color) return;
  page.selected = page.selected === "@" + letter ? null : "@" + letter;
  render();
}

// A press on a cell: a click (press and release on the same cell) picks or plays as before;
// a drag from a piece that can move to a target plays the move there.
function pressCell(e, name) {
  if (e.button !== 0) return;
  const cellEl = e.currentTarget;
  const drag = { from: name, x: e.clientX, y: e.clientY, ghost: null };
  page.drag = drag;
  const piece = cellEl.querySelector(".piece");
  if (piece && humanToMove() && movesOf(name).length) {
    e.preventDefault();
    const ghost = piece.cloneNode(true);
    ghost.classList.add("ghost");
    ghost.style.width = ghost.style.height = cellEl.offsetWidth * 0.78 + "px";
    ghost.hidden = true;
    document.body.appendChild(ghost);
    drag.ghost = ghost;
  }
}

function moveDrag(e) {
  const d = page.drag;
  if (!d || !d.ghost) return;
  if (Math.abs(e.clientX - d.x) + Math.abs(e.clientY - d.y) > 4) d.ghost.hidden = false;
  d.ghost.style.left = e.clientX + "px";
  d.ghost.style.top = e.clientY + "px";
}

function releaseDrag(e) {
  const d = page.drag;
  if (!d) return;
  page.drag = null;
  const dragged = d.ghost && !d.ghost.hidden;
  if (d.ghost) d.ghost.remove();
  if (!dragged) return clickCell(d.from);
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const target = under && under.closest("[data-cell], [data-shape]");
  const name = target && (target.dataset.cell || target.dataset.shape);
  if (!name || name === d.from) return clickCell(d.from);
  page.selected = d.from;
  clickCell(name);
}

function askPromotion(choices) {
  const box = $("promotion");
  box.innerHTML = "<div>Promote to:</div>";
  for (const m of choices) {
    const b = document.createElement("button");
    const letter = m.promotion ? m.promotion.toUpperCase() : null;
    b.textContent = letter ? page.state.pieces[letter] || letter : "no promotion";
    b.dataset.move = m.text;
    b.addEventListener("click", () => { hidePromotion(); play(m.text); });
    box.appendChild(b);
  }
  box.hidden = false;
}

function hidePromotion() {
  $("promotion").hidden = true;
}

// Plays a move made on the board drawn, at its ply: if the game has moved on since (another
// tab, or the engine), the server refuses it and the page shows why and the game as it is.
async function play(text) {
  page.selected = null;
  try {
    const s = await api("POST", "/api/move", { game: page.game, move: text, ply: page.state.ply });
    showError(null);
    await update(s);
  } catch (e) {
    if (e.status === 409) return catchUp(e);
    if (e.status === 404 && page.game) return showLost(page.game);
    showError(e);
    render();
  }
}

// ---- the game's flow ----

// True when the engine is to move in the game as the page plays it.
function engineToMove(s) {
  if (s.result || s.ply !== s.line.length || s.searching) return false;
  const mode = $("mode").value;
  if (mode === "watch") return !page.paused;
  return mode === "engine" && s.side === Number($("engine-side").value);
}

async function update(s) {
  if (!s) return;
  page.state = s;
  setClock(s.clock);
  render();
  remember();
  if (engineToMove(s)) {
    const body = { game: page.game, play: true };
    const watchFirst = $("mode").value === "watch" && s.side === 0;
    body.level = Number($(watchFirst ? "level-first" : "level").value);
    const depth = Number($("depth").value);
    if (s.clock) body.clock = true;
    else if (depth > 0) body.depth = depth;
    else body.movetime = Math.max(1, Number($("movetime").value) || 1000);
    if (await call("POST", "/api/go", body)) {
      page.state.searching = true;
      drawSide();
      startPolling();
    }
  } else if (page.analysing && !s.result) {
    await startAnalysis();
  }
}

async function refresh() {
  const s = await call("GET", "/api/state?game=" + page.game);
  if (s) await update(s);
}

function startPolling() {
  if (!page.poll) page.poll = setInterval(pollAnalysis, 250);
}

function stopPolling() {
  clearInterval(page.poll);
  page.poll = null;
}

async function pollAnalysis() {
  const a = await call("GET", "/api/analysis?game=" + page.game);
  if (!a) return stopPolling();
  showLines(a.report);
  showScan(a.scan);
  const scanning = a.scan && a.scan.running;
  if (a.ply !== page.state.ply || a.line_len !== page.state.line.length || a.over !== !!page.state.result) {
    if (!a.report.searching && !page.analysing && !scanning) stopPolling();
    return refresh();
  }
  if (!a.report.searching && !scanning) {
    stopPolling();
    if (page.state.searching) refresh();
  }
}

// The scan's progress and graph, and the bar at the shown position.
function showScan(scan) {
  page.scan = scan || null;
  drawGraph(page.scan);
  if (!page.analysing) drawScanBar();
}

// The bar at the shown position from the scan ("analyse game"), so that it follows the move
// shown; hidden where the scan has no score.
function drawScanBar() {
  const p = page.scan && page.scan.points.find((q) => q.ply === page.state.ply);
  drawEvalBar(p ? p.cp : null, p ? scoreWords(p) : "");
  $("eval-bar").dataset.ply = p ? p.ply : "";
}

function showLines(report) {
  page.report = report;
  $("thinking").textContent = report.searching ? "searching..." : "";
  $("lines-hidden").hidden = !linesHidden() || !report.lines.length;
  if (linesHidden()) {
    $("lines").innerHTML = "";
    return;
  }
  if (page.analysing && report.lines.length) {
    const top = report.lines[0];
    const cp = firstPlayerCp(top.score, page.state.side);
    const mate = top.score.startsWith("mate");
    drawEvalBar(cp, mate ? top.score : (cp >= 0 ? "+" : "") + (cp / 100).toFixed(2));
  }
  const ol = $("lines");
  ol.innerHTML = "";
  for (const l of report.lines) ol.appendChild(lineItem(l));
  drawArrow();
}

async function startAnalysis() {
  const multipv = Math.max(1, Math.min(16, Number($("multipv").value) || 1));
  if (await call("POST", "/api/go", { game: page.game, infinite: true, multipv })) startPolling();
}

// The clock the menu asks for, as /api/new takes it; null for none.
function clockChoice() {
  let v = $("clock-preset").value;
  if (!v) return null;
  if (v === "custom") v = Number($("clock-base").value) * 60 + "+" + Number($("clock-inc").value);
  const [base, inc] = v.split("+").map(Number);
  if (!(base > 0) || !(inc >= 0)) return null;
  return { base_ms: Math.round(base * 1000), inc_ms: Math.round(inc * 1000) };
}

async function newGame(variant, fen) {
  stopPolling();
  page.selected = null;
  page.analysing = false;
  // Engine against engine waits for "Start", so that its levels are set first.
  page.paused = $("mode").value === "watch";
  page.scan = null;
  drawEvalBar(null, "");
  const body = { variant };
  if (fen) body.fen = fen;
  const clock = clockChoice();
  if (clock) body.clock = clock;
  const s = await call("POST", "/api/new", body);
  if (!s) return false;
  hideLost();
  page.game = s.game;
  $("variant").value = s.variant;
  $("lines").innerHTML = "";
  page.report = null;
  $("lines-hidden").hidden = true;
  await update(s);
  showRecent();
  return true;
}

async function goto(ply) {
  const s = await call("POST", "/api/goto", { game: page.game, ply });
  if (s) await update(s);
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    // No clipboard (plain http on another host): the text is shown to copy by hand.
  }
}

function bind() {
  bindLines();
  $("new").addEventListener("click", () => newGame($("variant").value));
  $("lost-new").addEventListener("click", () => newGame($("variant").value));
  $("variant").addEventListener("change", () => newGame($("variant").value));
  $("flip").addEventListener("click", () => { page.flipped = !page.flipped; render(); });
  $("names").addEventListener("change", render);
  $("mode").addEventListener("change", () => {
    // Engine against engine on a game without a move waits for "Start" (levels set first).
    if ($("mode").value === "watch" && page.state && page.state.line.length === 0) page.paused = true;
    update(page.state);
  });
  $("engine-side").addEventListener("change", () => update(page.state));
  $("undo").addEventListener("click", async () => {
    stopPolling();
    let s = await call("POST", "/api/undo", { game: page.game });
    // Against the engine, take back its reply too.
    if (s && $("mode").value === "engine" && s.side === Number($("engine-side").value) && s.ply > 0) {
      s = await call("POST", "/api/undo", { game: page.game });
    }
    if (s) { page.state = s; render(); }
  });
  $("first").addEventListener("click", () => goto(0));
  $("prev").addEventListener("click", () => goto(Math.max(0, page.state.ply - 1)));
  $("next").addEventListener("click", () => goto(Math.min(page.state.line.length, page.state.ply + 1)));
  $("last").addEventListener("click", () => goto(page.state.line.length));
  $("pass").addEventListener("click", () => {
    const p = page.state.legal.find((m) => !m.from && !m.to);
    if (p) play(p.text);
  });
  $("analyse").addEventListener("click", async () => { page.analysing = true; await startAnalysis(); });
  $("stop").addEventListener("click", async () => {
    page.analysing = false;
    const a = await call("POST", "/api/stop", { game: page.game });
    if (a) {
      showLines(a.report);
      showScan(a.scan);
    }
    stopPolling();
  });
  $("analyse-game").addEventListener("click", async () => {
    page.analysing = false;
    const nodes = Math.max(1, Math.min(2000000, Number($("scan-nodes").value) || 20000));
    const a = await call("POST", "/api/analyse-game", { game: page.game, nodes });
    if (a) {
      showScan(a.scan);
      startPolling();
    }
  });
  $("pause").addEventListener("click", async () => {
    page.paused = !page.paused;
    if (page.paused) {
      await call("POST", "/api/stop", { game: page.game });
      stopPolling();
    }
    refresh();
  });
  $("clock-preset").addEventListener("change", () => {
    $("custom-clock").hidden = $("clock-preset").value !== "custom";
    remember();
  });
  for (const id of SETTINGS) $(id).addEventListener("change", remember);
  for (const id of ["level", "level-first"]) $(id).addEventListener("change", render);
  window.addEventListener("pointermove", moveDrag);
  window.addEventListener("pointerup", releaseDrag);
  $("load-fen").addEventListener("click", async () => {
    stopPolling();
    const s = await call("POST", "/api/fen", { game: page.game, fen: $("fen-input").value });
    if (s) await update(s);
  });
  $("copy-fen").addEventListener("click", () => copy(page.state.fen));
  $("recent-refresh").addEventListener("click", showRecent);
  $("resign").addEventListener("click", async () => {
    const s = await call("POST", "/api/resign", { game: page.game, side: resigningSide(page.state) });
    if (s) { stopPolling(); await update(s); }
  });
  $("show-lines").addEventListener("change", () => { if (page.report) showLines(page.report); });
  $("offer-draw").addEventListener("click", async () => {
    const s = await call("POST", "/api/draw", { game: page.game, side: resigningSide(page.state) });
    if (!s) return;
    if (s.draw.accepted) stopPolling();
    await update(s);
    $("status").textContent = s.draw.reason;
  });
  $("abort").addEventListener("click", async () => {
    const s = await call("POST", "/api/abort", { game: page.game });
    if (s) { stopPolling(); await update(s); }
  });
  $("load-pgn").addEventListener("click", async () => {
    stopPolling();
    const s = await call("POST", "/api/pgn", { game: page.game, pgn: $("pgn-input").value });
    if (s) { page.state = s; $("variant").value = s.variant; render(); }
  });
  $("copy-pgn").addEventListener("click", async () => {
    const p = await call("GET", "/api/pgn?game=" + page.game);
    if (p) { $("pgn-input").value = p.pgn; copy(p.pgn); }
  });
  window.addEventListener("resize", () => { if (page.state) render(); });
  // Arrow keys step through the line (outside the text fields).
  window.addEventListener("keydown", (e) => {
    if (!page.state || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") goto(Math.max(0, page.state.ply - 1));
    if (e.key === "ArrowRight") goto(Math.min(page.state.line.length, page.state.ply + 1));
    if (e.key === "Home") goto(0);
    if (e.key === "End") goto(page.state.line.length);
  });
  window.addEventListener("pagehide", () => {
    if (page.game) navigator.sendBeacon("/api/stop", JSON.stringify({ game: page.game }));
  });
}

// Keeps the game's id in the address and the settings in localStorage, so a reload or a
// second tab with the same address comes back to the same game.
function remember() {
  if (!page.game) return;
  const settings = {};
  for (const id of SETTINGS) settings[id] = $(id).value;
  try {
    localStorage.setItem("kaissa-serve-level", $("level").value);
    localStorage.setItem("kaissa-serve-game", page.game);
    localStorage.setItem("kaissa-serve:" + page.game, JSON.stringify(settings));
  } catch (e) {
    // No storage (a private window): the address still holds the game.
  }
  const params = new URLSearchParams(location.search);
  if (params.get("game") !== page.game) {
    params.set("game", page.game);
    params.delete("fen");
    params.delete("variant");
    history.replaceState(null, "", "?" + params.toString());
  }
}

// The last game's id and the settings kept for a game (localStorage).
function remembered(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

// Back to a game the server still keeps (from the address, else from localStorage), with
// the settings it was played with. A game the address names that the server no longer has is
// said so (true: the page shows that); one only remembered is replaced quietly (false).
async function resume(id, named) {
  if (!id) return false;
  try {
    const s = await api("GET", "/api/state?game=" + encodeURIComponent(id));
    page.game = id;
    let settings = {};
    try {
      settings = JSON.parse(remembered("kaissa-serve:" + id)) || {};
    } catch (e) {
      settings = {};
    }
    for (const [k, value] of Object.entries(settings)) {
      if (SETTINGS.includes(k)) $(k).value = value;
    }
    $("custom-clock").hidden = $("clock-preset").value !== "custom";
    $("variant").value = s.variant;
    await update(s);
    showRecent();
    if (s.searching) startPolling();
    const a = await call("GET", "/api/analysis?game=" + id);
    if (a && a.scan) {
      showScan(a.scan);
      if (a.scan.running) startPolling();
    }
    return true;
  } catch (e) {
    if (e.status === 404 && named) {
      showLost(id);
      return true;
    }
    return false;
  }
}

// A board's name in the game menu: "kaissa (10x10)", "donkey (96 cells)".
function boardWords(d) {
  return d.board === d.files + "x" + d.ranks ? d.board : d.cells + " cells";
}

async function start() {
  for (const id of ["level", "level-first"]) {
    for (let l = 20; l >= 0; l--) {
      const o = document.createElement("option");
      o.value = l;
      o.textContent = l === 20 ? "full strength" : String(l);
      $(id).appendChild(o);
    }
  }
  // A new player's engine starts at level 3; the level last chosen is kept for the next game.
  const level = remembered("kaissa-serve-level") || "3";
  $("level").value = level;
  $("level-first").value = level;
  bind();
  const v = await call("GET", "/api/variants");
  if (!v) return;
  for (const d of v.variants) {
    const o = document.createElement("option");
    o.value = d.name;
    o.textContent = d.name + " (" + boardWords(d) + ")";
    $("variant").appendChild(o);
  }
  $("variant").value = v.default;
  const params = new URLSearchParams(location.search);
  const asked = params.get("variant") || params.get("fen");
  startFollowing();
  const named = params.get("game");
  if (await resume(named || (asked ? null : remembered("kaissa-serve-game")), !!named)) return;
  if (!(await newGame(params.get("variant") || v.default, params.get("fen")))) {
    // An unknown variant or a bad FEN in the address: say so (kept on screen) and play the
    // default game.
    const why = $("error").textContent;
    await newGame(v.default);
    showError(why);
  }
}

start();
