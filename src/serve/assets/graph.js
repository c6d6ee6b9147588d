// kaissa serve's evaluation graph ("analyse game": one point per position of the line, from
// the first player's side) and evaluation bar (beside the board during analysis). Scores are
// drawn as the first player's share, 1 / (1 + e^(-cp / 250)), so a decided game sits at the
// edge and small scores near the middle keep their differences.
"use strict";

// A move that loses this many centipawns (scores clipped to +-1000, from the mover's side)
// is marked a mistake; this many, a blunder.
const MISTAKE = 150;
const BLUNDER = 300;
const GRAPH_W = 320;
const GRAPH_H = 110;
const SVG = "http://www.w3.org/2000/svg";

function share(cp) {
  return 1 / (1 + Math.exp(-cp / 250));
}

function clip(cp) {
  return Math.max(-1000, Math.min(1000, cp));
}

// The side to move after `ply` moves of the line (the games alternate).
function sideAt(ply) {
  const s = page.state;
  return (((s.side - s.ply + ply) % 2) + 2) % 2;
}

// Every move scored: [{ply, side, lost, kind}], ply being the move's number in the line,
// side its mover, lost what it cost from the mover's side (0 for a move that gained), kind
// "blunder", "mistake" or "".
function moveLosses(points) {
  const out = [];
  for (let i = 1; i < points.length; i++) {
    if (points[i].ply !== points[i - 1].ply + 1) continue;
    const before = clip(points[i - 1].cp);
    const after = clip(points[i].cp);
    const side = sideAt(points[i - 1].ply);
    const lost = Math.max(0, side === 0 ? before - after : after - before);
    const kind = lost >= BLUNDER ? "blunder" : lost >= MISTAKE ? "mistake" : "";
    out.push({ ply: points[i].ply, side, lost, kind });
  }
  return out;
}

// The moves that lost much: those of moveLosses with a kind.
function losses(points) {
  return moveLosses(points).filter((l) => l.kind);
}

// Each side's mistakes, blunders and average loss in pawns, in words, for the scan's summary.
function summaryWords(points) {
  const all = moveLosses(points);
  return [0, 1].map((side) => {
    const mine = all.filter((l) => l.side === side);
    const count = (k) => mine.filter((l) => l.kind === k).length;
    const average = mine.length ? mine.reduce((a, l) => a + l.lost, 0) / mine.length / 100 : 0;
    return page.state.colors[side] + ": " + count("mistake") + " mistakes, " + count("blunder") +
      " blunders, average loss " + average.toFixed(2);
  });
}

// A move's number and mover in words: "12. Red e9e6" (the line's `ply`-th move).
function moveWords(ply) {
  const first = sideAt(0);
  const turn = Math.floor((ply - 1 + first) / 2) + 1;
  return turn + ". " + page.state.colors[sideAt(ply - 1)] + " " + page.state.line[ply - 1];
}

function scoreWords(p) {
  if (p.end) return p.cp > 0 ? "first player won" : p.cp < 0 ? "second player won" : "drawn";
  if (p.mate !== null && p.mate !== undefined) return "mate " + p.mate;
  return (p.cp >= 0 ? "+" : "") + (p.cp / 100).toFixed(2);
}

function svg(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// Draws the scan (GET /api/analysis's `scan`), or hides the graph when there is none.
function drawGraph(scan) {
  const box = $("eval-graph");
  const list = $("mistakes");
  box.hidden = !scan;
  list.innerHTML = "";
  $("scan-summary").innerHTML = "";
  $("scan-progress").textContent = scan
    ? (scan.running ? "analysing the game: " : "analysed: ") + scan.points.length + " of " + scan.total + " positions"
    : "";
  if (!scan) return;
  box.innerHTML = "";
  const g = svg("svg", { viewBox: "0 0 " + GRAPH_W + " " + GRAPH_H, width: GRAPH_W, height: GRAPH_H });
  const x = (ply) => (scan.total > 1 ? (ply * GRAPH_W) / (scan.total - 1) : GRAPH_W / 2);
  const y = (cp) => (1 - share(cp)) * GRAPH_H;
  g.appendChild(svg("rect", { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, class: "graph-back" }));
  g.appendChild(svg("line", { x1: 0, x2: GRAPH_W, y1: GRAPH_H / 2, y2: GRAPH_H / 2, class: "graph-mid" }));
  const pts = scan.points.map((p) => x(p.ply).toFixed(1) + "," + y(p.cp).toFixed(1));
  if (pts.length) {
    const area = [x(scan.points[0].ply).toFixed(1) + "," + GRAPH_H, ...pts, x(scan.points[scan.points.length - 1].ply).toFixed(1) + "," + GRAPH_H];
    g.appendChild(svg("polygon", { points: area.join(" "), class: "graph-area" }));
    g.appendChild(svg("polyline", { points: pts.join(" "), class: "graph-line" }));
  }
  const marked = new Map(losses(scan.points).map((l) => [l.ply, l]));
  for (const p of scan.points) {
    const c = svg("circle", { cx: x(p.ply), cy: y(p.cp), r: marked.has(p.ply) ? 3.5 : 2, class: "graph-point " + (marked.get(p.ply)?.kind || "") });
    c.dataset.ply = p.ply;
    const title = svg("title", {});
    title.textContent = "ply " + p.ply + ": " + scoreWords(p);
    c.appendChild(title);
    g.appendChild(c);
  }
  if (page.state) g.appendChild(svg("line", { x1: x(page.state.ply), x2: x(page.state.ply), y1: 0, y2: GRAPH_H, class: "graph-now" }));
  g.addEventListener("click", (e) => {
    const r = g.getBoundingClientRect();
    const ply = Math.round(((e.clientX - r.left) / r.width) * Math.max(0, scan.total - 1));
    goto(Math.max(0, Math.min(page.state.line.length, ply)));
  });
  box.appendChild(g);
  for (const l of marked.values()) {
    const li = document.createElement("li");
    li.className = l.kind;
    li.dataset.ply = l.ply;
    li.textContent = moveWords(l.ply) + ": " + l.kind + " (" + (l.lost / 100).toFixed(1) + " lost)";
    li.addEventListener("click", () => goto(l.ply));
    list.appendChild(li);
  }
  const summary = $("scan-summary");
  summary.innerHTML = "";
  if (!scan.running) {
    for (const words of summaryWords(scan.points)) {
      const li = document.createElement("li");
      li.textContent = words;
      summary.appendChild(li);
    }
  }
}

// The bar: `cp` from the first player's side (null: hidden), `words` its text.
function drawEvalBar(cp, words) {
  const bar = $("eval-bar");
  bar.hidden = cp === null;
  if (cp === null) return;
  const first = share(cp) * 100;
  $("eval-fill").style.height = (turned() ? 100 - first : first) + "%";
  $("eval-fill").style.background = COLORS[page.state.colors[turned() ? 1 : 0]] || "#eee";
  bar.style.background = COLORS[page.state.colors[turned() ? 0 : 1]] || "#333";
  $("eval-text").textContent = words;
  bar.dataset.cp = cp;
}

// A search line's score ("cp 35", "mate -3", from the side to move) from the first
// player's side, in centipawns (a mate at the edge).
function firstPlayerCp(score, side) {
  const [kind, n] = score.split(" ");
  let cp = kind === "mate" ? (Number(n) > 0 ? 10000 : -10000) : Number(n);
  return side === 0 ? cp : -cp;
}
