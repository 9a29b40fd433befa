// The screen kept awake while it matters (a seat at the table, the felt on a TV), with the
// Screen Wake Lock API where the browser has it. The browser lets the lock go whenever the page
// is hidden; it is asked for again when the page comes back. Where the API is missing, or the
// browser refuses (a battery saver), the screen sleeps as it would: nothing else changes.

export class WakeLock {
  constructor() {
    this.wanted = false;
    this.lock = null;
    this.asking = false;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.acquire();
    });
  }

  /** Keep the screen awake (`wanted`), or let it sleep again. */
  want(wanted) {
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    if (wanted) this.acquire();
    else this.release();
  }

  /** Whether the page holds a lock now. */
  get held() {
    return Boolean(this.lock && !this.lock.released);
  }

  async acquire() {
    if (!this.wanted || this.held || this.asking || document.visibilityState !== "visible") return;
    if (!("wakeLock" in navigator)) return;
    this.asking = true;
    try {
      this.lock = await navigator.wakeLock.request("screen");
      // Let go at once if the seat was left while the browser was answering.
      if (!this.wanted) this.release();
    } catch {
      this.lock = null; // refused: the screen sleeps as the device likes
    } finally {
      this.asking = false;
    }
  }

  release() {
    const lock = this.lock;
    this.lock = null;
    if (lock && !lock.released) lock.release().catch(() => {});
  }
}
