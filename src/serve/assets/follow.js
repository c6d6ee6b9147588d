// Keeping a tab in step with its game. The server holds the game and any number of tabs may
// show it: while a tab is visible it asks for the game's state every second and redraws when
// the line or the position changed (a move made in another tab, or the engine's move). A
// follower only redraws: it never asks the engine to move, which the tab that made the move
// before does. A move made on a board the game has since left is refused by the server (409);
// the tab then shows why and catches up. A game the server no longer has is said so, with a new
// game offered in its place.
"use strict";

// How often a visible tab asks for its game's state, in ms.
const FOLLOW_MS = 1000;

// What decides whether a state needs drawing anew: the line, the position shown, the result
// and whether the engine thinks (the clocks tick by themselves between readings).
function drawnKey(s) {
  return [s.variant, s.ply, s.line.join(" "), s.fen, s.result, s.searching].join("|");
}

// True while the user is in the middle of something a redraw would disturb: dragging a piece
// or choosing a promotion. Also true while this tab waits for an answer that changes the game,
// or polls the analysis (which follows the game itself, engine moves included).
function busy() {
  return !!page.drag || !$("promotion").hidden || page.pending > 0 || !!page.poll;
}

// Draws a state another tab (or the engine) brought about, without asking for anything.
function showFollowed(s) {
  if (s.fen !== page.state.fen || s.ply !== page.state.ply) page.selected = null;
  page.state = s;
  setClock(s.clock);
  render();
}

// One look at the game: redraws it if it changed since it was drawn.
async function followTick() {
  if (!page.game || !page.state || page.lost || document.visibilityState !== "visible" || busy()) return;
  const game = page.game;
  const changes = page.changes;
  let s;
  try {
    s = await api("GET", "/api/state?game=" + encodeURIComponent(game));
  } catch (e) {
    if (e.status === 404 && page.game === game) showLost(game);
    return;
  }
  // This tab changed the game meanwhile, or went to another game: its own answer counts.
  if (page.game !== game || page.changes !== changes || busy()) return;
  if (drawnKey(s) !== drawnKey(page.state)) showFollowed(s);
}

function startFollowing() {
  setInterval(followTick, FOLLOW_MS);
  document.addEventListener("visibilitychange", followTick);
}

// After a move refused because the game has moved on (409): the current state, drawn, and the
// server's reason kept on screen.
async function catchUp(refusal) {
  try {
    const s = await api("GET", "/api/state?game=" + encodeURIComponent(page.game));
    showFollowed(s);
  } catch (e) {
    if (e.status === 404) return showLost(page.game);
  }
  showError(refusal);
}

// The game `id` is no longer on the server: says so in place of the board, and offers a new
// game (the header's "New game" does the same).
function showLost(id) {
  stopPolling();
  page.lost = id;
  page.game = null;
  page.state = null;
  page.selected = null;
  $("lost-text").textContent = "Game " + id + " is no longer on the server: its database has " +
    "no game of that id (the server was started with another --db, or the address is mistyped).";
  $("lost").hidden = false;
  document.querySelector("main").hidden = true;
}

function hideLost() {
  page.lost = null;
  $("lost").hidden = true;
  document.querySelector("main").hidden = false;
}
