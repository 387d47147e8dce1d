"use strict";
// talkclock: seven-segment digits drawn as SVG rectangles. No font is needed, so the digits
// look the same on every screen, and they are narrow enough (42 wide to 100 tall) for two
// clocks side by side, each a third of the screen's height.
window.TC_DIGITS = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const W = 42; // a digit's width; its height is 100
  const T = 12; // a segment's thickness
  const GAP = 8; // between two characters
  const COLON = 14; // a colon's width
  const SMALL = 0.5; // the seconds beside hours and minutes
  const H = 100;
  // Segments meet at the corners (no notches): the digits read as solid strokes.
  const upper = (H + T) / 2;
  const SEGMENTS = {
    a: [0, 0, W, T],
    b: [W - T, 0, T, upper],
    c: [W - T, (H - T) / 2, T, upper],
    d: [0, H - T, W, T],
    e: [0, (H - T) / 2, T, upper],
    f: [0, 0, T, upper],
    g: [0, (H - T) / 2, W, T],
  };
  const LIT = {
    0: "abcdef", 1: "bc", 2: "abdeg", 3: "abcdg", 4: "bcfg",
    5: "acdfg", 6: "acdefg", 7: "abc", 8: "abcdefg", 9: "abcdfg",
  };
  const width = (c) => (c === ":" ? COLON : W);

  // The width of `big` and `small` (in units of a digit's height: 100).
  function units(big, small) {
    let w = 0;
    for (const c of big) w += width(c) + GAP;
    if (small) {
      for (const c of small) w += (width(c) + GAP) * SMALL;
    }
    return w - GAP * (small ? SMALL : 1);
  }

  function rect(parent, x, y, w, h) {
    const r = document.createElementNS(SVG, "rect");
    r.setAttribute("x", x.toFixed(2));
    r.setAttribute("y", y.toFixed(2));
    r.setAttribute("width", w.toFixed(2));
    r.setAttribute("height", h.toFixed(2));
    parent.appendChild(r);
  }

  function glyph(svg, c, x, y, scale) {
    if (c === ":") {
      const s = T * scale;
      const cx = x + ((COLON - T) / 2) * scale;
      rect(svg, cx, y + H * 0.3 * scale - s / 2, s, s);
      rect(svg, cx, y + H * 0.7 * scale - s / 2, s, s);
      return;
    }
    // A one stands in the middle of its place, not at its right edge.
    const shift = c === "1" ? -(W - T) / 2 : 0;
    for (const seg of LIT[c] || "") {
      const [sx, sy, sw, sh] = SEGMENTS[seg];
      rect(svg, x + (sx + shift) * scale, y + sy * scale, sw * scale, sh * scale);
    }
  }

  // Draws `big` (e.g. "9:41" or "1:05") and `small` (the seconds beside hours, or "") into
  // `svg`, the big digits `height` pixels tall, the small ones aligned to their bottom.
  function draw(svg, big, small, height) {
    const total = units(big, small);
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${total.toFixed(2)} ${H}`);
    svg.setAttribute("width", ((total / H) * height).toFixed(1));
    svg.setAttribute("height", height.toFixed(1));
    let x = 0;
    for (const c of big) {
      glyph(svg, c, x, 0, 1);
      x += width(c) + GAP;
    }
    for (const c of small) {
      glyph(svg, c, x, H * (1 - SMALL), SMALL);
      x += (width(c) + GAP) * SMALL;
    }
  }

  // The widest time drawn, in units of a digit's height: what the layout makes room for.
  const widest = Math.max(units("88:88", ""), units("8:88", "88")) / H;

  return { draw, units, widest };
})();
