// Whether the page is on a touch screen with no hover and no fine pointer (a phone or a
// tablet): the same signal as the stylesheet's `(hover: none), (pointer: coarse)` query, which
// hides the keyboard's hints there.

const TOUCH = "(hover: none), (pointer: coarse)";

/** True on a touch screen: words about keys (Enter, shortcuts) are left out there. */
export function isTouch() {
  return typeof window.matchMedia === "function" && window.matchMedia(TOUCH).matches;
}
