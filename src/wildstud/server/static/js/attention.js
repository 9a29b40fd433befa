// Getting a player's attention: "Your turn" in the tab's title, short tones for the deal, the
// bets, a win and your turn (Web Audio, made in code: no sound files), and a browser
// notification for your turn while the page is out of sight. Sounds and notifications are each
// a button a player turns on or off, kept in site storage (or for the visit, where storage is
// blocked); the browser's permission for notifications is asked only when that button is
// clicked, never on its own.

import { h } from "./dom.js";
import { readSetting, writeSetting } from "./storage.js";

const SOUNDS_KEY = "wildstud.sounds";
const NOTIFY_KEY = "wildstud.notify";

/** Each sound: [frequency in Hz, start in seconds, length in seconds] tones. */
export const TONES = {
  deal: [[1200, 0, 0.035]],
  bet: [
    [520, 0, 0.05],
    [780, 0.06, 0.05],
  ],
  win: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.22],
  ],
  turn: [
    [660, 0, 0.12],
    [880, 0.15, 0.18],
  ],
};

/** Which sound each event makes (the first of a frame's events that makes one is played). */
const EVENT_SOUNDS = { dealt: "deal", acted: "bet", paid: "bet", awarded: "win" };

export class Attention {
  constructor() {
    this.sounds = readSetting(SOUNDS_KEY) !== "off";
    this.notify = readSetting(NOTIFY_KEY) === "on" && this.permitted();
    this.audio = null;
    this.turnKey = null;
    this.soundButton = h(
      "button",
      { type: "button", id: "sounds", "aria-pressed": String(this.sounds), onclick: () => this.toggleSounds() },
      "Sounds",
    );
    this.notifyButton = h(
      "button",
      {
        type: "button",
        id: "notify",
        "aria-pressed": String(this.notify),
        hidden: typeof Notification === "undefined",
        onclick: () => this.toggleNotify(),
      },
      "Notify my turn",
    );
    // Browsers start audio only after a gesture on the page: the first click or key opens it.
    const wake = () => this.context();
    document.addEventListener("pointerdown", wake, { once: true });
    document.addEventListener("keydown", wake, { once: true });
  }

  permitted() {
    return typeof Notification !== "undefined" && Notification.permission === "granted";
  }

  toggleSounds() {
    this.sounds = !this.sounds;
    writeSetting(SOUNDS_KEY, this.sounds ? "on" : "off");
    this.soundButton.setAttribute("aria-pressed", String(this.sounds));
    if (this.sounds) this.play("turn");
  }

  async toggleNotify() {
    if (this.notify) {
      this.notify = false;
    } else if (typeof Notification !== "undefined") {
      const answer =
        Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
      this.notify = answer === "granted";
    }
    writeSetting(NOTIFY_KEY, this.notify ? "on" : "off");
    this.notifyButton.setAttribute("aria-pressed", String(this.notify));
  }

  context() {
    if (this.audio) return this.audio;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      this.audio = new Context();
    } catch {
      return null;
    }
    return this.audio;
  }

  /** Play one of the TONES, if sounds are on and the page may make them. */
  play(name) {
    if (!this.sounds || !this.audio || this.audio.state !== "running") {
      if (this.sounds && this.audio && this.audio.state === "suspended") this.audio.resume().catch(() => {});
      return false;
    }
    const now = this.audio.currentTime;
    for (const [frequency, start, length] of TONES[name]) {
      const oscillator = this.audio.createOscillator();
      const gain = this.audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.12, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(gain).connect(this.audio.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
    document.body.dataset.sound = name;
    return true;
  }

  /** The sound for a frame's new events: one at most, a win over a bet over a deal. */
  events(events) {
    const made = new Set(events.map((event) => EVENT_SOUNDS[event.type]).filter(Boolean));
    for (const name of ["win", "bet", "deal"]) {
      if (made.has(name)) {
        this.play(name);
        return name;
      }
    }
    return null;
  }

  /** The tab's title, and at the start of this seat's turn a tone and (out of sight) a
   * notification. `turn` identifies the turn (null: not this seat's). */
  update(base, turn, tableName) {
    const title = turn ? `Your turn · ${base}` : base;
    if (document.title !== title) document.title = title;
    if (!turn || turn === this.turnKey) {
      if (!turn) this.turnKey = null;
      return;
    }
    this.turnKey = turn;
    this.play("turn");
    if (this.notify && this.permitted() && document.visibilityState !== "visible") {
      try {
        const note = new Notification("Your turn", { body: `At ${tableName}`, tag: "wildstud-turn" });
        note.onclick = () => window.focus();
      } catch {
        // Some browsers allow notifications only from a service worker: the title still says it.
      }
    }
  }
}
