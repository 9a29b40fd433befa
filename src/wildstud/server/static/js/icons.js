// Small pictures drawn as inline SVG rather than as characters: a pictograph character shows
// only where the device's font has it (else a box, or a colour emoji on a phone that picks
// one), while these look the same everywhere. They take the text's colour and size.

const SVG = "http://www.w3.org/2000/svg";

// Paths on a 24-unit square: the star is filled, the others are strokes.
const SHAPES = {
  star: { d: "M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z", fill: true },
  check: { d: "M4.5 12.5l5 5 10-11" },
  cross: { d: "M6 6l12 12M18 6L6 18" },
  back: { d: "M15 5l-7 7 7 7" },
  next: { d: "M9 5l7 7-7 7" },
  up: { d: "M5 15l7-7 7 7" },
  down: { d: "M5 9l7 7 7-7" },
};

/** The icon `name` (star, check, cross, back, next, up, down), hidden from screen readers: the words
 * beside it, or its element's label, say what it means. */
export function icon(name) {
  const shape = SHAPES[name];
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `icon icon-${name}`);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", shape.d);
  if (shape.fill) {
    path.setAttribute("fill", "currentColor");
  } else {
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "3");
    path.setAttribute("stroke-linecap", "round");
    path.setAttribute("stroke-linejoin", "round");
  }
  svg.append(path);
  return svg;
}
