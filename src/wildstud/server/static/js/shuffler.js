// The page's part in the players' shuffle (issue 26; src/wildstud/server/table/shuffling.py):
// once connected as a seat, a page with WebCrypto says it takes part; before each deal the
// server asks it for a commitment to a fresh value of its own, then for the value. The value is
// drawn here (crypto.getRandomValues) and kept in this page's memory only, so that the server
// learns it only once every page has committed: a value the server has never seen cannot be
// steered. The night's commitment, sent with every ask, must stay the same all night.
// A page without WebCrypto (plain http from another machine) takes no part and adds nothing.

import { newValue, toHex, valueCommitment } from "./jointshuffle.js";

const KEPT = 8; // values kept: the deals of the last few hands (a redeal asks again)

export class PageShuffle {
  /** `send(frame)` sends a frame that needs no sequence number; `onNightChanged(before,
   * after)` is told if the server's night commitment changes (it must never). */
  constructor({ send, onNightChanged = () => {} }) {
    this.send = send;
    this.onNightChanged = onNightChanged;
    this.values = new Map();
    this.night = null;
    this.able = typeof crypto !== "undefined" && Boolean(crypto.subtle) && Boolean(crypto.getRandomValues);
  }

  /** Take `frame` if it is the shuffle's (true), answering it; say "shuffler" on a seat's
   * welcome (false: the welcome is the table's too). */
  onFrame(frame) {
    if (frame.type === "welcome") {
      if (this.able && frame.role === "seat") this.send({ type: "shuffler" });
      return false;
    }
    if (frame.type !== "shuffle") return false;
    if (this.able) this.answer(frame);
    return true;
  }

  async answer({ step, hand, deal, seat, night }) {
    if (this.night !== null && night !== this.night) this.onNightChanged(this.night, night);
    this.night = this.night ?? night;
    const key = `${hand}/${deal}`;
    if (step === "commit") {
      if (!this.values.has(key)) this.values.set(key, newValue());
      while (this.values.size > KEPT) this.values.delete(this.values.keys().next().value);
      const commitment = await valueCommitment(this.values.get(key), hand, deal, seat);
      this.send({ type: "commit", hand, deal, commitment });
    } else if (step === "reveal" && this.values.has(key)) {
      this.send({ type: "reveal", hand, deal, value: toHex(this.values.get(key)) });
    }
  }
}
