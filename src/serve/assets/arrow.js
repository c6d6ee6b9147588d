// The best move as an arrow over the board while the page analyses: the first line's first
// move, drawn between the centres of the cells the server's legal move of that text names (a
// placement from the hand as a ring on its cell). The page knows no rule: it only looks the
// move's text up in the legal moves it was sent.
"use strict";

// Draws the arrow anew (removing any earlier one); none when nothing is analysed or shown.
function drawArrow() {
  const old = document.querySelector("#board svg.arrow");
  if (old) old.remove();
  const s = page.state;
  const r = page.report;
  if (!s || !r || !page.analysing || linesHidden() || !r.lines.length || !r.lines[0].pv.length) return;
  const best = r.lines[0].pv[0];
  const m = s.legal.find((l) => l.text === best);
  const cell = (name) => s.view.cells.find((c) => c.name === name);
  const to = m && m.to && cell(m.to);
  if (!to) return;
  const view = s.view;
  const size = parseFloat($("board").style.width) / view.width;
  const svg = svgElement("svg", {
    class: "arrow",
    width: view.width * size,
    height: view.height * size,
    viewBox: "0 0 " + view.width + " " + view.height,
  });
  svg.dataset.move = best;
  const defs = svgElement("defs", {});
  const marker = svgElement("marker", {
    id: "arrow-head", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto",
  });
  marker.appendChild(svgElement("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  const [x2, y2] = place(view, to.x, to.y);
  const from = m.from && cell(m.from);
  if (from) {
    const [x1, y1] = place(view, from.x, from.y);
    svg.appendChild(svgElement("line", { x1, y1, x2, y2, class: "arrow-line", "marker-end": "url(#arrow-head)" }));
  } else {
    svg.appendChild(svgElement("circle", { cx: x2, cy: y2, r: 0.42, class: "arrow-ring" }));
  }
  $("board").appendChild(svg);
}
