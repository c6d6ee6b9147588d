// The legend under the board: each piece letter of the game with its name, and what the
// board's markings mean. It lists what the server says of the game (its `pieces`); it knows
// no rule.
"use strict";

// The markings the page draws, with their meaning.
const MARKINGS = [
  ["last", "the last move: its cells filled blue"],
  ["selected", "the piece picked: a green frame"],
  ["target", "where it may go: a green dot"],
  ["danger", "a piece whose loss ends the game, attacked now (a Home Stone, Caïssa's Queen, Jikaida's King in check): a red ring"],
  ["zone-first", "where the first player may place a piece from the hand now"],
  ["zone-second", "where the second player may place a piece from the hand now"],
  ["moved", "a piece whose first-move powers are spent: a dashed rim"],
];

// Draws the legend for a state (only when the game changed, to keep it still).
function drawLegend(s) {
  const key = s.variant + "|" + Object.keys(s.pieces).sort().join("");
  if ($("legend").dataset.key === key) return;
  $("legend").dataset.key = key;
  const pieces = $("legend-pieces");
  pieces.innerHTML = "";
  for (const letter of Object.keys(s.pieces).sort()) {
    const li = document.createElement("li");
    const swatch = document.createElement("b");
    swatch.textContent = letter;
    li.appendChild(swatch);
    li.appendChild(document.createTextNode(" " + s.pieces[letter]));
    pieces.appendChild(li);
  }
  const marks = $("legend-marks");
  marks.innerHTML = "";
  for (const [mark, words] of MARKINGS) {
    const li = document.createElement("li");
    const sample = document.createElement("span");
    sample.className = "sample cell " + mark + (mark === "zone-first" || mark === "zone-second" ? " light" : "");
    li.appendChild(sample);
    li.appendChild(document.createTextNode(" " + words));
    marks.appendChild(li);
  }
}
