// Side lines and principal variations: a move played from an earlier point starts a side
// line and keeps the line it left (the server keeps every line as a tree); the side lines
// beside the shown line are listed under the moves, each a link to show it, and the shown
// side line can be promoted (made the main continuation where it leaves) or deleted. A
// principal variation's moves are links too: a click plays the line up to that move, as a
// side line where the game went on otherwise.
"use strict";

// A line's moves numbered from its first ply (1 the game's first move): "3... d9d8 4. e2e3".
function numberedMoves(moves, firstPly) {
  const first = sideAt(0);
  const words = [];
  moves.forEach((m, i) => {
    const p = firstPly - 1 + i + first;
    const turn = Math.floor(p / 2) + 1;
    if (p % 2 === 0) words.push(turn + ".");
    else if (i === 0) words.push(turn + "...");
    words.push(m);
  });
  return words.join(" ");
}

// Draws the side lines beside the shown line, and the buttons for a shown side line.
function drawBranches() {
  const s = page.state;
  const list = $("branches");
  list.innerHTML = "";
  const branches = s.branches || [];
  for (const b of branches) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#";
    a.dataset.ply = b.ply;
    a.textContent = (b.main ? "main line: " : "") + numberedMoves(b.moves, b.ply);
    const path = s.line.slice(0, b.ply - 1).concat(b.moves.slice(0, 1));
    a.addEventListener("click", (e) => {
      e.preventDefault();
      showLine(path, b.ply);
    });
    li.appendChild(a);
    list.appendChild(li);
  }
  $("branches-box").hidden = branches.length === 0;
  const side = s.departs !== null && s.departs !== undefined;
  $("side-line-note").hidden = !side;
  if (side) $("side-line-note").textContent = "A side line, from move " + numberedMoves([s.line[s.departs - 1]], s.departs) + ".";
  $("promote").hidden = !side;
  $("delete-line").hidden = !side;
}

// Shows the line `path` of the game's tree (followed on along its main continuation) at ply.
async function showLine(path, ply) {
  const s = await call("POST", "/api/goto", { game: page.game, ply, line: path });
  if (s) await update(s);
}

// Makes the shown side line the main continuation where it leaves.
async function promoteLine() {
  const s = await call("POST", "/api/promote", { game: page.game });
  if (s) await update(s);
}

// Deletes the shown side line from its first move on.
async function deleteLine() {
  const s = page.state;
  if (s.departs === null || s.departs === undefined) return;
  const after = await call("POST", "/api/delete", { game: page.game, ply: s.departs });
  if (after) await update(after);
}

// Plays the moves of a principal variation from the shown position, one request each at its
// ply; stops at the first the server refuses (the position changed meanwhile).
async function playLine(moves) {
  let s = page.state;
  for (const m of moves) {
    const next = await call("POST", "/api/move", { game: page.game, move: m, ply: s.ply });
    if (!next) break;
    s = next;
  }
  await update(s);
}

// The list item of one engine line: depth and score, then each move of its principal
// variation a link that plays the line up to it.
function lineItem(l) {
  const li = document.createElement("li");
  li.appendChild(document.createTextNode("depth " + l.depth + "  " + l.score + " "));
  const clickable = !page.state.clock;
  l.pv.forEach((m, i) => {
    const span = document.createElement(clickable ? "a" : "span");
    span.className = "pv-move";
    span.textContent = m;
    if (clickable) {
      span.href = "#";
      span.addEventListener("click", (e) => {
        e.preventDefault();
        playLine(l.pv.slice(0, i + 1));
      });
    }
    li.appendChild(document.createTextNode(" "));
    li.appendChild(span);
  });
  return li;
}

function bindLines() {
  $("promote").addEventListener("click", promoteLine);
  $("delete-line").addEventListener("click", deleteLine);
}
