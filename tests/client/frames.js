// The frames a real server sent one seated player (Ann) and one spectator over four hands of
// dealer's choice, recorded by tests/server/record_client_frames.py (scripts/record-client-frames).

import { readFileSync } from "node:fs";

import { initialState, reduce } from "../../src/wildstud/server/static/js/state.js";

export const recorded = JSON.parse(readFileSync(new URL("./frames/night.json", import.meta.url), "utf8"));

/** Each connection's states, one after each frame, as the page reduces them. */
export function states(frames) {
  const out = [];
  let state = initialState();
  for (const frame of frames) {
    const step = reduce(state, frame, 0);
    state = step.state;
    out.push({ frame, state, effects: step.effects });
  }
  return out;
}

/** The hand as the server sent it: a hand frame, then each update applied to it. */
export function handsByNumber(frames) {
  const hands = new Map();
  for (const frame of frames) {
    if (frame.type === "hand") hands.set(frame.number, structuredClone(frame));
    if (frame.type === "update") {
      const hand = hands.get(frame.number);
      hand.view = { ...frame.view, events: hand.view.events.concat(frame.events) };
    }
  }
  return hands;
}
