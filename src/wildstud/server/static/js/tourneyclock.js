// The tournament's clock, as every page of a tournament table shows it (the players', the
// spectators', the host's and the felt): the level and its stakes, the time or hands left in
// it, the next level, the prize pool, who is left and who went out in which place. Everything
// comes from the table frame's `tournament` (the server's figures); between frames the page
// only counts the seconds down, and stops counting while the server says the clock is stopped.

import { h, mergeChildren } from "./dom.js";

/** "1st", "2nd", "3rd", "4th"… */
export function ordinal(place) {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${{ 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th"}`;
}

/** Seconds as m:ss (h:mm:ss past an hour). */
export function clockFace(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** The finished places, one line a place: a place shared by players out on the same hand with
 * the same stack is one line naming them all, each with their share of its prize (the odd chip
 * makes shares differ), instead of the same ordinal over and over.
 *
 *   placeLines([{ place: 2, name: "Bob", prize: 5, seat: 1 }, { place: 2, name: "Cid", prize: 4, seat: 2 }])
 *   // gives [{ key: "place-2", text: "2nd, shared: Bob wins 5, Cid wins 4" }] */
export function placeLines(places) {
  const out = places.filter((place) => place.place !== null).sort((a, b) => a.place - b.place);
  const groups = new Map();
  for (const place of out) groups.set(place.place, [...(groups.get(place.place) || []), place]);
  return [...groups].map(([place, players]) => {
    const each = players.map((player) => `${player.name}${player.prize ? ` wins ${player.prize}` : ""}`);
    const text = players.length > 1 ? `${ordinal(place)}, shared: ${each.join(", ")}` : `${ordinal(place)} ${each[0]}`;
    return { key: `place-${place}`, text };
  });
}

/** The finished place of the player at `seat` (named `name`), or null while they play on or at
 * a cash table. A seat taken again by a late entrant is theirs: the place must be that seat's
 * and that name's. */
export function placeOf(info, seat, name) {
  if (!info || seat === null) return null;
  return info.places.find((place) => place.seat === seat && place.name === name && place.place !== null) || null;
}

/** What the seat of the player at `seat` (named `name`) shows in place of its chips once the
 * player is out of the tournament (none left, and none to play with): `shown`, "Out · 5th"
 * ("Out · 2nd, shared"), and `said`, the words of the seat's label; null while they play on,
 * at a cash table, or for the winner, whose chips are all of them. */
export function seatOut(info, seat, name) {
  const entry = placeOf(info, seat, name);
  if (!entry || entry.place === 1) return null;
  const shared = info.places.filter((place) => place.place === entry.place).length > 1;
  const place = ordinal(entry.place);
  return shared
    ? { shown: `Out · ${place}, shared`, said: `out, sharing ${place} place` }
    : { shown: `Out · ${place}`, said: `out in ${place} place` };
}

/** The button that takes the player at `seat` (named `name`) away from the table, and the
 * question it asks first, in the words of the table's kind: at a cash table the chips are cashed
 * out; in a tournament (`info`) a player still in is out at once, placed below everyone still
 * in, their chips out of play (docs/house-rules.md), and one out already only goes. */
export function leaveWords(info, seat, name) {
  if (!info)
    return ["Leave the table and cash out", "Leave the table? Your chips are cashed out; in a hand, once it ends."];
  if (placeOf(info, seat, name))
    return ["Leave the table", "Leave the table? You are out of the tournament already: your place stands."];
  return [
    "Leave the tournament",
    "Leave the tournament? You are out at once, placed below everyone still in, and your chips leave play; in a hand, once it ends.",
  ];
}

/** What the page of the player at `seat` (named `name`) says in place of its turn once it is out
 * of the tournament: its place, shared or not, and its prize; "" while it plays on, at a cash
 * table, or for the winner (the places say so). A seat taken again by a late entrant is theirs:
 * the place must be that seat's and that name's. */
export function outOfTournament(info, seat, name) {
  const entry = placeOf(info, seat, name);
  if (!entry || entry.place === 1) return "";
  const shared = info.places.filter((place) => place.place === entry.place).length > 1;
  const prize = entry.prize ? ` and win ${entry.prize}` : "";
  const stay = info.finished ? "" : " Stay to watch the others play on.";
  return `You are out of the tournament${shared ? ", sharing" : " in"} ${ordinal(entry.place)} place${prize}.${stay}`;
}

function stakes(level) {
  const ante = level.ante ? `ante ${level.ante}, ` : "";
  return `${ante}bring-in ${level.bring_in}, bets ${level.small_bet}/${level.big_bet}`;
}

export class TournamentClock {
  constructor() {
    this.element = h("section", {
      className: "tourney-clock",
      id: "tourney-clock",
      hidden: true,
      "aria-label": "Tournament clock",
    });
    this.info = null;
    this.at = 0;
  }

  /** A table frame came: its tournament (null at a cash table). */
  update(tournament) {
    this.info = tournament || null;
    this.at = performance.now();
    this.draw();
  }

  /** The seconds left as they stand now, counted down from the frame's. */
  secondsLeft() {
    const info = this.info;
    if (!info || info.seconds_left === null) return null;
    if (info.paused) return info.seconds_left;
    return Math.max(0, info.seconds_left - (performance.now() - this.at) / 1000);
  }

  tick() {
    if (this.info && !this.info.paused && this.info.seconds_left !== null) {
      const face = this.element.querySelector("#tourney-left");
      if (face) face.textContent = this.leftText();
    }
  }

  leftText() {
    const info = this.info;
    const seconds = this.secondsLeft();
    if (info.finished) return "";
    if (seconds !== null) {
      if (seconds <= 0) return info.on_break ? "the break is over" : "next level from the next hand";
      return `${clockFace(seconds)} left`;
    }
    if (info.hands_left !== null) {
      // The level's last hand is being played: the next one is dealt at the next level.
      if (info.hands_left === 0) return "next level from the next hand";
      return info.hands_left === 1 ? "1 hand left" : `${info.hands_left} hands left`;
    }
    return "last level";
  }

  draw() {
    const info = this.info;
    this.element.hidden = !info;
    if (!info) return;
    const over = info.finished;
    const title = over
      ? `The tournament is over (level ${info.level})`
      : info.on_break
        ? `Break after level ${info.level}`
        : `Level ${info.level}`;
    const now = over ? "" : info.on_break ? `next: ${stakes(info)}` : stakes(info);
    const next = info.next_level && !info.on_break && !over ? `Next: ${stakes(info.next_level)}` : "";
    const left = over ? `${info.entrants} entrants` : `${info.players_left} of ${info.entrants} left`;
    const open = [
      info.registration_open && "late registration open",
      info.rebuys_open && "rebuys open",
      info.addon_open && "add-on open",
    ].filter(Boolean);
    const out = placeLines(info.places);
    const paid = info.payouts.map((prize, index) => `${ordinal(index + 1)} ${prize}`).join(", ");
    const fresh = h(
      "section",
      {},
      h(
        "div",
        { className: "tourney-head" },
        h("strong", { className: "tourney-level", id: "tourney-level" }, title),
        h("span", { className: "tourney-left", id: "tourney-left", role: "timer" }, this.leftText()),
        info.paused && !info.finished
          ? h("span", { className: "tourney-paused", id: "tourney-paused" }, "clock stopped")
          : "",
      ),
      now ? h("p", { className: "tourney-stakes", id: "tourney-stakes" }, now) : "",
      next ? h("p", { className: "tourney-next", id: "tourney-next" }, next) : "",
      h(
        "p",
        { className: "tourney-pool", id: "tourney-pool" },
        `Prize pool ${info.prize_pool} · ${left}`,
        paid ? ` · pays ${paid}` : "",
        open.length ? ` · ${open.join(", ")}` : "",
        info.deal ? ` · ended by a deal (${info.deal === "icm" ? "ICM" : "chip chop"})` : "",
      ),
      out.length
        ? h(
            "ol",
            { className: "tourney-places", id: "tourney-places", "aria-label": "Places" },
            out.map((line) => h("li", { "data-key": line.key }, line.text)),
          )
        : "",
    );
    mergeChildren(this.element, fresh);
  }
}
