// The list of recent games: the games the server keeps in its database (GET /api/games), the
// latest first, each a link that reopens it where it was left (/?game=ID).
"use strict";

// How many recent games the list shows.
const RECENT = 10;

// One game of the list in words: "merchants, 12 moves, 1-0 {...}, 06/12/2026, 10:04:11".
function recentWords(g) {
  const moves = g.moves + (g.moves === 1 ? " move" : " moves");
  const when = new Date(g.updated_ms).toLocaleString();
  return [g.variant, moves, g.result, when].filter(Boolean).join(", ");
}

// Reads the list anew and draws it; the game on the board is marked.
async function showRecent() {
  let data;
  try {
    data = await api("GET", "/api/games?limit=" + RECENT);
  } catch (e) {
    return;
  }
  const list = $("recent");
  list.innerHTML = "";
  for (const g of data.games) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "/?game=" + encodeURIComponent(g.game);
    a.dataset.game = g.game;
    a.textContent = recentWords(g);
    if (g.game === page.game) li.className = "current";
    li.appendChild(a);
    list.appendChild(li);
  }
}
