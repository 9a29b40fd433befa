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
 * height}), `avoid` the boxes it must not cover (the seat's controls on its turn, the chat's
 * lines in view), `panel` the box of a panel open over the table (the history) or null. The
 * answer: {hidden} where no place is left (the panel takes the width: the log and the speech
 * still have the news), else {top, left, maxWidth}: at the foot, centred in the width the panel
 * leaves, or at the top where the foot would cover something to avoid.
 */
export function toastPlace({ width, height, toast, avoid = [], panel = null }) {
  const right = panel ? panel.left : width;
  if (right < LEAST_ROOM) return { hidden: true };
  const maxWidth = Math.floor(right * 0.9);
  const wide = Math.min(toast.width, maxWidth);
  const left = right / 2;
  const box = (top) => ({ left: left - wide / 2, right: left + wide / 2, top, bottom: top + toast.height });
  const margin = 16;
  const foot = box(height - margin - toast.height);
  if (!avoid.some((other) => overlap(foot, other))) return { hidden: false, top: false, left, maxWidth };
  return { hidden: false, top: true, left, maxWidth };
}
