// Who plays what, as the page sees it: the board turned to a person playing the second side
// against the engine, the line saying who plays what, the side that resigns or offers a draw,
// and whether the engine's lines are kept from the person playing it.
"use strict";

// True when the board is drawn from the second player's side: a player who plays the second
// side against the engine sees the board turned to them, and "Flip board" turns it again.
function turned() {
  const second = $("mode").value === "engine" && $("engine-side").value === "0";
  return page.flipped !== second;
}

// Who plays what: "You play Red, the engine Yellow (level 3)".
function playersWords(s, mode) {
  if (mode === "humans") return s.colors[0] + " and " + s.colors[1] + ": two people at this board";
  const level = (id) => ($(id).value === "20" ? "full strength" : "level " + $(id).value);
  if (mode === "watch") {
    return "The engine plays both: " + s.colors[0] + " at " + level("level-first") + ", " + s.colors[1] + " at " + level("level");
  }
  const engine = Number($("engine-side").value);
  return "You play " + s.colors[1 - engine] + ", the engine " + s.colors[engine] + " (" + level("level") + ")";
}

// The side the person at this page plays when resigning: against the engine their own, else
// the side to move.
function resigningSide(s) {
  return $("mode").value === "engine" ? 1 - Number($("engine-side").value) : s.side;
}

// True while the engine's lines are kept from a person playing it: against the engine, the game
// not over, no analysis asked for, and "show the engine's lines" not ticked.
function linesHidden() {
  const s = page.state;
  return $("mode").value === "engine" && s && !s.result && !page.analysing && !$("show-lines").checked;
}
