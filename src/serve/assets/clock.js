// kaissa serve's clocks. The server keeps the time (state.clock: each side's time left when
// read, the side whose clock runs, a flag); this draws it, ticking down between readings,
// and asks the server again when the running side's time is gone, so that the server, not
// the page, declares the flag.
"use strict";

const clocks = { view: null, at: 0, timer: null, asked: false };

// "m:ss", "h:mm:ss", or "s.t" under ten seconds.
function clockText(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60);
  return h ? h + ":" + two(m) + ":" + two(s % 60) : m + ":" + two(s % 60);
}

// The time left of `side` now, by the last reading.
function clockLeft(side) {
  const v = clocks.view;
  let left = v.left_ms[side];
  if (v.running === side) left -= performance.now() - clocks.at;
  return Math.max(0, left);
}

// Takes a new reading from the server (null: the game has no clock).
function setClock(view) {
  clocks.view = view || null;
  clocks.at = performance.now();
  clocks.asked = false;
  const runs = view && view.running !== null && view.running !== undefined;
  if (runs && !clocks.timer) clocks.timer = setInterval(tickClocks, 100);
  if (!runs && clocks.timer) {
    clearInterval(clocks.timer);
    clocks.timer = null;
  }
  drawClocks();
}

function drawClocks() {
  const v = clocks.view;
  const bottom = turned() ? 1 : 0;
  for (const [id, side] of [["clock-bottom", bottom], ["clock-top", 1 - bottom]]) {
    const el = $(id);
    el.hidden = !v;
    if (!v) continue;
    const left = clockLeft(side);
    el.dataset.side = side;
    el.dataset.ms = Math.round(left);
    el.textContent = page.state.colors[side] + "  " + clockText(left) + (v.flag === side ? "  (time)" : "");
    el.classList.toggle("running", v.running === side);
    el.classList.toggle("flag", v.flag === side);
    el.classList.toggle("low", left < 10000);
  }
}

function tickClocks() {
  if (!clocks.view || !page.state) return;
  drawClocks();
  const v = clocks.view;
  if (v.running !== null && clockLeft(v.running) <= 0 && !clocks.asked) {
    clocks.asked = true;
    refresh();
  }
}
