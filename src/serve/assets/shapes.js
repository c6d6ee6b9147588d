// Boards whose cells are not squares (Donkey Kaissa's six wedges of kites): each cell's outline
// as the game supplies it (`shape`, corner by corner) drawn as a polygon under the cells, the
// board's lines (the hexagon's sides, the wedge borders) over them, and with "square names"
// ticked each cell's name. The page still knows no rule: it draws the points it is given.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

// True when the game draws its cells with outlines of their own.
function hasShapes(view) {
  return view.cells.some((c) => c.shape && c.shape.length);
}

// One SVG element with attributes.
function svgElement(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// The SVG under the cells: polygons (the cells' looks, the last move filled), lines, names.
function drawShapes(board, view, size, last) {
  const svg = svgElement("svg", {
    class: "shapes",
    width: view.width * size,
    height: view.height * size,
    viewBox: "0 0 " + view.width + " " + view.height,
  });
  const points = (pts) => pts.map(([x, y]) => place(view, x, y).join(",")).join(" ");
  for (const c of view.cells) {
    if (!c.shape || !c.shape.length) continue;
    const poly = svgElement("polygon", { points: points(c.shape), class: "shape " + c.marks.join(" ") });
    poly.dataset.shape = c.name;
    if (c.name === last.from || c.name === last.to) poly.classList.add("last");
    poly.addEventListener("pointerdown", (e) => pressCell(e, c.name));
    svg.appendChild(poly);
  }
  for (const l of view.lines || []) {
    const [x1, y1] = place(view, l.x1, l.y1);
    const [x2, y2] = place(view, l.x2, l.y2);
    svg.appendChild(svgElement("line", { x1, y1, x2, y2, class: "board-line " + l.kind }));
  }
  if ($("names").checked) {
    for (const c of view.cells) {
      if (!c.shape || !c.shape.length) continue;
      const [x, y] = place(view, c.x, c.y);
      const t = svgElement("text", { x, y: y + 0.72, class: "cell-name", "font-size": 0.42 });
      t.textContent = c.name;
      svg.appendChild(t);
    }
  }
  board.appendChild(svg);
}
