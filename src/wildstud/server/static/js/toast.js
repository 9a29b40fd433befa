// Where the table's toast goes: over the table, never over what the player is reading or about
// to press. Worked out from boxes alone, so that the choice can be checked without a table.

/** Whether two boxes ({left, right, top, bottom}) overlap. */
function overlap(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The least width left for a toast beside a panel; narrower, the toast is not shown. */
export const LEAST_ROOM = 200;

/**
 * The toast's place: `width` × `height` is the window, `toast` the toast's size ({width,
 * height}), `avoid` the boxes it should not cover (the seat's controls on its turn, the chat's
 * lines in view), `keep` those it must never cover (the host console in view under the table),
 * `panel` the box of a panel beside or over the table (the history, the host console's column)
 * or null. The answer: {hidden} where no place is left (the panel takes the width, or the
 * console fills the window: the log and the speech still have the news), else {top, left,
 * maxWidth}: at the foot, centred in the width the panel leaves, or at the top where the foot
 * would cover something to avoid.
 */
export function toastPlace({ width, height, toast, avoid = [], keep = [], panel = null }) {
  const right = panel ? panel.left : width;
  if (right < LEAST_ROOM) return { hidden: true };
  const maxWidth = Math.floor(right * 0.9);
  const wide = Math.min(toast.width, maxWidth);
  const left = right / 2;
  const box = (top) => ({ left: left - wide / 2, right: left + wide / 2, top, bottom: top + toast.height });
  const margin = 16;
  const clear = (place, boxes) => !boxes.some((other) => overlap(place, other));
  if (clear(box(height - margin - toast.height), [...avoid, ...keep]))
    return { hidden: false, top: false, left, maxWidth };
  if (!clear(box(margin), keep)) return { hidden: true };
  return { hidden: false, top: true, left, maxWidth };
}

/** Whether `box` (a panel's) is a column down the window's right side (`width` × `height`):
 * the host console beside the table on a wide screen, where the toast keeps to the width left
 * of it; elsewhere (under the table on a phone, folded to a corner) the toast keeps off it. */
export function besideTable(box, width, height) {
  return box.left >= width / 2 && box.right >= width - 1 && box.top <= 1 && box.bottom >= height - 1;
}
