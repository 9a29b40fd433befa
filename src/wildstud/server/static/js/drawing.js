// Drawing a hand: the wild-card banner, the seats round the oval and the pots in the centre.
// The live table and the history's replay both draw with these, so a replayed step looks
// exactly as the table looked at that moment.

import { icon } from "./icons.js";
import { cardElement, pretty, rankPlural } from "./cards.js";
import { currentDeal, wildState } from "./banner.js";
import { describeHand, describeNewcomer, describePrivateCard, describeRedeal, naturalNote } from "./words.js";
import { drawChildren, drawKeyed, h } from "./dom.js";
import { seatOut } from "./tourneyclock.js";

/** The class that places a seat round the oval: `at-{count}-{position}`, position 0 at the
 * bottom (the viewer's own seat) and the rest clockwise; app.css holds every place for 1 to
 * 10 seats, so no seat needs a style attribute (the server's CSP forbids them). */
export function placeClass(position, total) {
  return `at-${total}-${position}`;
}

const percent = (share) => `${(100 * share).toFixed(share > 0 && share < 0.001 ? 2 : 1)}%`;

/** The chances of the hands turned up all in that stand at the hand's last event: the latest
 * odds frame of this deal the page has the events for (null when none). */
export function runOutOdds(hand) {
  if (!hand || !hand.odds) return null;
  const events = hand.view.events;
  const count = events.length;
  // Run 2 of a hand run twice starts again where run 1 began: run 1's figures no longer stand.
  const start = events.findIndex((event) => event.type === "run_started" && event.run === 1);
  const second = events.findIndex((event) => event.type === "run_started" && event.run === 2);
  let found = null;
  for (const frame of hand.odds) {
    if (frame.event > count || frame.deal !== hand.view.deal) continue;
    if (second >= 0 && frame.event > start && frame.run !== 2) continue;
    found = frame;
  }
  return found;
}

/** The events of a hand run twice split by run: `first`, what run 1 dealt each seat (its cards,
 * a face-down one as it was turned up), showed and won, once run 2 has begun (null before, and in
 * a hand run once); `current`, the deal's events without run 1's, so that a seat shows the run
 * being dealt. */
export function splitRuns(events) {
  const start = events.findIndex((event) => event.type === "run_started" && event.run === 1);
  const second = events.findIndex((event) => event.type === "run_started" && event.run === 2);
  if (start < 0 || second < 0) return { first: null, current: events };
  const cards = new Map();
  const shown = new Map();
  const won = new Map();
  const list = (seat) => {
    if (!cards.has(seat)) cards.set(seat, []);
    return cards.get(seat);
  };
  for (const event of events.slice(start, second)) {
    if (event.type === "dealt") list(event.seat).push(event.card);
    else if (event.type === "turned_up" && event.cards.length === 1) {
      const held = list(event.seat);
      const at = held.lastIndexOf(null);
      if (at >= 0) held[at] = event.cards[0];
    } else if (event.type === "shown") shown.set(event.seat, event);
    else if (event.type === "awarded") won.set(event.seat, (won.get(event.seat) || 0) + event.amount);
  }
  return { first: { cards, shown, won }, current: [...events.slice(0, start), ...events.slice(second)] };
}

/** One seat's chances in a run-out, in words: its share of the pot (with its interval where the
 * figure was simulated) and, where the pot is split, its chances of each half. */
function oddsText(odds, seat) {
  const half = (seat.high - seat.low) / 2;
  const spread = !odds.exact && half > 0.0005 ? ` ±${(100 * half).toFixed(1)}` : "";
  const share = `${percent(seat.pot_share)}${spread} of the pot`;
  if (!odds.split_pot) return share;
  return `${share} (high ${percent(seat.win + seat.tie)}, Q♠ half ${percent(seat.special_half)})`;
}

/** The redeal about to happen, if the server has paused to show what caused it. */
export function pendingRedeal(hand) {
  return (hand && hand.view && hand.view.redeal_pending) || null;
}

/**
 * The banner for `hand` ({view, names, you}) drawn into `banner`; returns the wild state the
 * seats are drawn with. Before the first hand it says `idle` (who is choosing the first game,
 * where a dealer is). The banner is drawn again only when what it says has changed.
 */
export function drawBanner(banner, hand, idle = "No hand yet.") {
  if (!hand) {
    drawChildren(banner, `no hand|${idle}`, () => [h("p", { className: "what" }, idle)]);
    setData(banner, "wild", "");
    return null;
  }
  const wild = wildState(hand.view, hand.names, hand.you);
  const everyone = [...wild.everyone].sort();
  setData(banner, "wild", everyone.join(" "));
  banner.classList.toggle("called", Boolean(wild.called));
  // A game with no wild cards at all says so once, quietly: no star, no rule, nothing to watch.
  banner.classList.toggle("plain", wild.never);
  if (wild.never) {
    drawChildren(banner, "never", () => [h("p", { className: "what" }, "Nothing is wild in this game.")]);
    return wild;
  }
  const rule = wild.rule && everyone.length === 0 ? wild.rule : null;
  const drawn = JSON.stringify([wild.what, wild.called, wild.why, rule, everyone]);
  drawChildren(banner, drawn, () => [
    h(
      "p",
      { className: "what" },
      h("span", { className: "wild-icon", "aria-hidden": "true" }, icon("star"), " "),
      wild.what,
    ),
    wild.called ? h("p", { className: "called-line" }, wild.called) : null,
    ...wild.why.map((line) => h("p", { className: "why" }, line)),
    rule ? h("p", { className: "why rule" }, `The rule: ${rule}.`) : null,
    everyone.length && everyone.length <= 12
      ? h(
          "div",
          { className: "banner-cards", "aria-hidden": "true" },
          everyone.map((code) => cardElement(code, { wild: true, small: true })),
        )
      : null,
  ]);
  return wild;
}

/** `element`'s data attribute `name` set to `value`, untouched when it already holds it. */
function setData(element, name, value) {
  if (element.dataset[name] !== value) element.dataset[name] = value;
}

/**
 * The seats drawn into `container`. Options: hand, wild (from drawBanner), table (the table's
 * seats, for names, bots and chips of seats not dealt in; null in a replay), total (the table's
 * seat count), mine (the viewer's table seat or null), showEmpty (draw empty seats), privateDeal
 * (each card says who can see it: a private deal's page names its own face-down cards alone).
 * Each seat is worked out as plain data first (seatModels) and drawn from that alone, so a seat
 * whose data is the one it was last drawn from is left as it is (dom.js drawKeyed): a frame
 * redraws the seats it changed, not all ten; and in a seat drawn again, only the parts (head,
 * figures, cards, foot) whose data changed: a bet redraws a seat's figures, not its cards.
 */
export function drawSeats(container, options) {
  // How many places the table has: app.css lays the seats out for that many.
  setData(container, "count", String(options.total));
  drawKeyed(
    container,
    seatModels(options).map((model) => ({
      key: model.key,
      drawn: JSON.stringify(model),
      draw: () => seatElement(model),
      parts: model.empty ? null : () => seatParts(model),
    })),
  );
}

/**
 * What each seat shows, as plain data (JSON): everything seatElement and seatParts draw and
 * nothing else, so that two equal models draw the same seat, in its parts `head`, `figures`,
 * `cards` and `foot`. The hand's number and deal are in the parts that hold cards, so a new hand
 * or a redeal draws them once (a card's proof mark belongs to its deal).
 */
export function seatModels({ hand, wild, table = null, total, mine = null, showEmpty = true, privateDeal = false }) {
  const models = [];
  const redeal = pendingRedeal(hand);
  const anchor = mine === null ? 0 : mine;
  const inHand = new Map();
  if (hand) hand.lineup.forEach((tableSeat, engine) => inHand.set(tableSeat, engine));
  const tableSeats = new Map((table ? table.seats : []).map((seat) => [seat.seat, seat]));
  const shown = new Map();
  const won = new Map();
  const revealed = new Set(); // a private deal's seats whose owners showed their cards
  const mucked = new Set(); // the seats that gave their hands up at the showdown, unshown
  const odds = runOutOdds(hand);
  const chances = new Map(odds ? odds.seats.map((seat) => [seat.seat, seat]) : []);
  const runs = splitRuns(hand ? currentDeal(hand.view.events) : []);
  if (hand) {
    for (const event of runs.current) {
      if (event.type === "shown") shown.set(event.seat, event);
      if (event.type === "revealed") revealed.add(event.seat);
      if (event.type === "mucked") mucked.add(event.seat);
      if (event.type === "awarded") won.set(event.seat, (won.get(event.seat) || 0) + event.amount);
    }
  }
  const deal = hand ? `${hand.number}|${hand.view.deal || 1}` : "";
  for (let index = 0; index < total; index += 1) {
    const position = (index - anchor + total) % total;
    const place = placeClass(position, total);
    const info = tableSeats.get(index);
    const engine = inHand.get(index);
    const key = `seat-${index}`;
    if (!info && engine === undefined) {
      if (showEmpty) models.push({ key, index, empty: true, place });
      continue;
    }
    const seatView = hand && engine !== undefined ? hand.view.seats[engine] : null;
    const name = engine !== undefined ? hand.names[engine] : info.name;
    // The viewer's table seat, in a hand its player before them played (they took the seat
    // after that player left): the hand shows that player, not "(you)" (the server's `you`).
    const you = index === mine && (!seatView || hand.you === engine);
    const toAct = Boolean(hand && seatView && hand.view.to_act === engine && hand.view.phase === "player");
    const classes = ["seat", place];
    if (you) classes.push("you");
    if (toAct) classes.push("to-act");
    if (seatView && seatView.folded) classes.push("folded");
    if (!seatView) classes.push("waiting");
    // The winning hands of a showdown stand out for the whole pause before the next deal.
    const winner = Boolean(hand && seatView && hand.view.phase === "over" && won.has(engine) && shown.has(engine));
    if (winner) classes.push("winner");
    const labelParts = [you ? `${name} (you)` : name];
    const dealer = Boolean(hand && engine === hand.view.dealer);
    if (dealer) labelParts.push("dealer");
    const bot = Boolean(info && info.kind !== "player");
    if (bot) labelParts.push("bot");
    const away = Boolean(info && !info.connected && info.kind === "player");
    if (away) {
      labelParts.push("away");
      classes.push("away");
    }
    const stack = seatView ? seatView.stack : info.stack;
    // A player out of a tournament has no chips to count: the seat says their place.
    const out = seatView ? null : seatOut(table && table.tournament, index, name);
    labelParts.push(out ? out.said : `${stack} chips`);
    if (out) classes.push("out");
    if (toAct) labelParts.push("to act");
    const bet = seatView && seatView.bet ? seatView.bet : null;
    if (bet) labelParts.push(`bet ${bet}`);
    // The seat's state is in its label too: a seat is one tab stop, and what it says on
    // arrival is all a screen-reader user hears of it before reading on.
    const states = [];
    for (const [on, state, kind] of [
      // A hand mucked at the showdown went all the way: "folded" would say it gave up a bet.
      [seatView && seatView.folded, mucked.has(engine) ? "mucked" : "folded", "folded"],
      [seatView && seatView.all_in, "all in", "all-in"],
      [seatView && seatView.turned_up && !seatView.folded && !shown.has(engine), "turned up", "turned-up"],
      [info && info.sitting_out, "sitting out", "sitting-out"],
    ]) {
      if (!on) continue;
      states.push({ state, kind });
      labelParts.push(state);
      if (kind !== "folded") classes.push(kind);
    }
    let wildHere = null;
    if (seatView && wild && wild.perSeat) {
      const rank = wild.seatRank.get(engine);
      if (rank) {
        wildHere = { rank, text: `wild here: ${rankPlural(rank) || rank}` };
        labelParts.push(wildHere.text);
      }
    }
    // The clock's countdown is written into its element by the page's ticker (table.js tick).
    const clock = Boolean(toAct && hand.clock);
    const model = {
      key,
      index,
      engine: engine ?? "",
      head: { name, you, dealer, bot, away },
      figures: { stack, out: out && out.shown, bet, states, wildHere, clock },
      cards: null,
      foot: null,
    };
    if (seatView) {
      const showdown = shown.get(engine);
      const best = new Map();
      if (showdown && showdown.best_five) {
        for (const item of showdown.best_five) best.set(item.card, item.as ? item.as.join("") : null);
      }
      const cards = seatView.cards.map((held) => {
        const code = held.card;
        const card = {
          code,
          up: held.up,
          wild: wild ? wild.isWild(engine, code) : false,
          hole: Boolean(code) && !held.up,
          best: Boolean(code) && best.has(code),
          standsFor: code ? best.get(code) : null,
          redeal: Boolean(redeal && redeal.seat === engine && code && code === redeal.card && held.up),
          said: null,
        };
        if (privateDeal) {
          const open = Boolean(code) && (shown.has(engine) || revealed.has(engine));
          card.said = describePrivateCard({ up: held.up, shown: open, known: Boolean(code) });
        }
        return card;
      });
      model.cards = { deal, name, cards };
      const foot = {};
      if (redeal && redeal.seat === engine) {
        foot.redeal = redeal.card ? `${pretty(redeal.card)}: redeal` : "redeal";
        labelParts.push("redeal");
      }
      const chance = chances.get(engine);
      if (chance && !showdown) {
        foot.odds = { share: String(chance.pot_share), text: oddsText(odds, chance) };
        labelParts.push(foot.odds.text);
      }
      if (showdown) foot.result = [describeHand(showdown.hand), naturalNote(showdown)];
      const first = runs.first;
      if (first && first.cards.has(engine)) {
        // Run 2 is being dealt (or is over): run 1's cards and result stay in a row of their own.
        const said = first.shown.get(engine);
        const result = [
          said ? describeHand(said.hand) : null,
          first.won.has(engine) ? `wins ${first.won.get(engine)}` : null,
        ]
          .filter(Boolean)
          .join(", ");
        foot.runOne = { cards: first.cards.get(engine), result };
        labelParts.push(`run 1: ${result || "dealt"}`);
      }
      if (won.has(engine)) {
        foot.won = `wins ${won.get(engine)}`;
        labelParts.push(foot.won);
        foot.winner = winner;
      }
      // The viewer took this seat after the player of the hand shown left: the seat shows that
      // player's hand (as everyone saw it), and says it is the viewer's from the next hand (only
      // that it is theirs while they sit out: they are not dealt in then).
      if (index === mine && hand.you !== engine && info) {
        foot.newcomer = describeNewcomer(info.stack, Boolean(info.sitting_out));
        labelParts.push(foot.newcomer);
      }
      if (Object.keys(foot).length) model.foot = { deal, name, ...foot };
    }
    model.className = classes.join(" ");
    model.label = labelParts.filter(Boolean).join(", ");
    models.push(model);
  }
  return models;
}

/** A seat's own element, drawn from its model (seatModels): the parts inside it are seatParts'. */
function seatElement(model) {
  if (model.empty) {
    return h(
      "div",
      { className: `seat empty ${model.place}`, "data-key": model.key, "data-seat": model.index },
      h("span", { className: "name" }, `Seat ${model.index + 1}: empty`),
    );
  }
  return h("div", {
    className: model.className,
    "data-key": model.key,
    "data-seat": model.index,
    "data-engine": model.engine,
    role: "group",
    tabindex: 0,
    "aria-label": model.label,
  });
}

/** A part of a seat for drawKeyed, drawn from its slice of the seat's model alone. */
function part(key, data, draw) {
  return { key, drawn: JSON.stringify(data), draw: () => draw(data, { "data-key": key }) };
}

/** A seat's parts (seatModels), which app.css lays out as a row on a phone and as a box round
 * the felt on a wide screen: its head, its figures and states, its cards, and what the showdown
 * said of it. */
function seatParts(model) {
  const parts = [part("head", model.head, seatHead), part("figures", model.figures, seatFigures)];
  if (model.cards) parts.push(part("cards", model.cards, seatCards));
  if (model.foot) parts.push(part("foot", model.foot, seatFoot));
  return parts;
}

function seatHead({ name, you, dealer, bot, away }, attributes) {
  return h(
    "div",
    { className: "seat-head", ...attributes },
    h("span", { className: "name" }, name, you ? " (you)" : ""),
    dealer ? h("span", { className: "dealer-button", title: "dealer", "aria-hidden": "true" }, "D") : null,
    bot ? h("span", { className: "bot-tag" }, "bot") : null,
    away ? h("span", { className: "away-tag" }, "away") : null,
  );
}

function seatFigures({ stack, out, bet, states, wildHere, clock }, attributes) {
  return h(
    "div",
    { className: "seat-figures", ...attributes },
    out ? h("span", { className: "stack out" }, out) : h("span", { className: "stack" }, `${stack} chips`),
    // The bet lies in front of the seat as a chip with its amount.
    bet
      ? h(
          "span",
          { className: "bet", "data-key": "bet" },
          h("span", { className: "chip", "aria-hidden": "true" }),
          `bet ${bet}`,
        )
      : null,
    states.map(({ state, kind }) => h("span", { className: `state state-${kind}` }, state)),
    wildHere
      ? h("span", { className: "seat-wild", "data-rank": wildHere.rank }, icon("star"), " ", wildHere.text)
      : null,
    // The clock's countdown is written into it by the page's ticker (table.js tick).
    clock ? h("span", { className: "clock", "aria-live": "off" }) : null,
  );
}

function seatCards({ name, cards }, attributes) {
  const list = h("div", { className: "cards", role: "list", "aria-label": `${name}'s cards`, ...attributes });
  for (const held of cards) {
    const card = cardElement(held.code, {
      wild: held.wild,
      hole: held.hole,
      best: held.best,
      standsFor: held.standsFor,
    });
    if (held.redeal) {
      card.classList.add("redeal-card");
      card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, forces a redeal`);
    }
    if (held.said !== null) {
      card.setAttribute("aria-label", `${card.getAttribute("aria-label")}, ${held.said}`);
      card.title = card.getAttribute("aria-label");
    }
    // Read as an item of the seat's list of cards, not a tab stop of its own.
    card.setAttribute("role", "listitem");
    card.dataset.up = String(held.up);
    list.append(card);
  }
  return list;
}

function seatFoot(foot, attributes) {
  const parts = [];
  if (foot.newcomer) parts.push(h("div", { className: "seat-newcomer" }, foot.newcomer));
  if (foot.redeal) parts.push(h("div", { className: "seat-redeal" }, foot.redeal));
  if (foot.odds) parts.push(h("div", { className: "seat-odds", "data-share": foot.odds.share }, foot.odds.text));
  if (foot.result) parts.push(h("div", { className: "result" }, ...foot.result));
  if (foot.runOne) {
    const row = h("div", { className: "run-one", role: "list", "aria-label": `${foot.name}'s run 1` });
    row.append(h("span", { className: "run-label", role: "listitem" }, "Run 1:"));
    for (const code of foot.runOne.cards) {
      const card = cardElement(code, {});
      card.setAttribute("role", "listitem");
      row.append(card);
    }
    if (foot.runOne.result) row.append(h("span", { className: "run-result", role: "listitem" }, foot.runOne.result));
    parts.push(row);
  }
  if (foot.won) {
    parts.push(h("div", { className: "won" }, foot.won));
    if (foot.winner) parts.push(h("div", { className: "winner-tag" }, icon("star"), " winning hand"));
  }
  return h("div", { className: "seat-foot", ...attributes }, parts);
}

/** The pots (or, once they are won, who won them) and the centre's cards; `extra`, an element
 * the table adds below them (the rabbit hunt's). Worked out as data first (centreModel) and
 * drawn again only when that has changed; with an `extra`, whose data the table keeps, always.
 * Before the first hand, `idle` says in the centre what the table waits for (a string, or
 * `{ text, clock }`: with a line under it for a countdown the page writes, a dealer choosing). */
export function drawCentre(centre, hand, wild, extra = null, idle = null) {
  const model = centreModel(hand, wild, idle);
  drawChildren(centre, extra ? null : JSON.stringify(model), () => centreParts(model, extra));
}

/** What the centre shows, as plain data (JSON); the hand and deal are in it, so a new deal
 * draws the centre's cards afresh (a card's proof mark belongs to its deal). */
export function centreModel(hand, wild, idle = null) {
  if (!hand) {
    if (!idle) return null;
    // A clock's line (a dealer choosing) is kept by the page's ticker, not drawn from the model.
    return typeof idle === "string" ? { idle } : { idle: idle.text, clock: Boolean(idle.clock) };
  }
  const view = hand.view;
  const pots = [];
  const awards = new Map();
  for (const event of currentDeal(view.events)) {
    if (event.type === "awarded") {
      // A hand run twice: each run's half of a pot is said apart ("Run 1: pot of 3 to Ann").
      const key = `${event.run || 0}|${event.pot}`;
      const entry = awards.get(key) || { run: event.run || 0, pot: event.pot, total: 0, shares: [], winners: [] };
      entry.total += event.amount;
      entry.winners.push(hand.names[event.seat]);
      entry.shares.push(`${hand.names[event.seat]} ${event.amount}${event.share === "hole-card" ? " (Q♠ half)" : ""}`);
      awards.set(key, entry);
    }
  }
  let running = 0;
  for (const event of currentDeal(view.events)) if (event.type === "run_started") running = event.run;
  const amounts = view.pots.length ? view.pots : [{ amount: view.pot, eligible: [] }];
  amounts.forEach((pot, index) => {
    // Once a pot is paid out its amount reads 0: the winners' line below says what it held.
    if (pot.amount === 0 && awards.size) return;
    const name = index === 0 ? "Pot" : `Side pot ${index}`;
    // A hand run twice: the pots stand at the half the run being dealt is for.
    const half = running ? ` (run ${running}'s half)` : "";
    pots.push({ className: "pot", text: `${name}${half}: ${pot.amount}` });
  });
  const order = (entry) => entry.run * 1000 + entry.pot;
  for (const entry of [...awards.values()].sort((a, b) => order(a) - order(b))) {
    const pot = entry.pot === 0 ? "pot" : `side pot ${entry.pot}`;
    const label = entry.run
      ? `Run ${entry.run}: ${pot} of ${entry.total}`
      : `${pot[0].toUpperCase()}${pot.slice(1)} of ${entry.total}`;
    const text =
      entry.winners.length === 1 ? `${label} to ${entry.winners[0]}` : `${label} split: ${entry.shares.join(", ")}`;
    pots.push({ className: "shares", text });
  }
  const card = (code) => (code ? { code, wild: Boolean(wild) && wild.everyone.has(code) } : null);
  const odds = runOutOdds(hand);
  const shownDown = splitRuns(currentDeal(view.events)).current.some((event) => event.type === "shown");
  const redeal = pendingRedeal(hand);
  return {
    deal: `${hand.number}|${view.deal || 1}`,
    redeal: redeal ? { card: redeal.card || "", text: describeRedeal(redeal, hand.names) } : null,
    chances:
      odds && !shownDown
        ? `All in: each hand's chances after ${odds.street} (${odds.exact ? "counted exactly" : `over ${odds.deals.toLocaleString("en")} deals`}).`
        : null,
    pots,
    centre: card(view.centre),
    community: card(view.community),
  };
}

/** The centre's elements, drawn from its model alone. */
function centreParts(model, extra) {
  if (!model) return [];
  if (model.idle)
    return [
      h("p", { className: "idle-note" }, model.idle),
      model.clock ? h("p", { className: "idle-note centre-clock", "aria-live": "off" }) : null,
    ];
  const potList = h(
    "ul",
    { className: "pots", "aria-label": "Pots" },
    model.pots.map(({ className, text }) => h("li", { className }, text)),
  );
  const card = (title, held) =>
    held ? h("div", { className: "centre-card" }, title, cardElement(held.code, { wild: held.wild })) : null;
  return [
    redealNotice(model.redeal),
    model.chances
      ? h("p", { className: "run-out-odds", "data-key": "run-out-odds", role: "status" }, model.chances)
      : null,
    potList,
    card("Centre: ", model.centre),
    card("Community: ", model.community),
    extra,
  ];
}

/** What forces the coming redeal, in the centre of the table while the cards still lie. */
function redealNotice(redeal) {
  if (!redeal) return null;
  return h(
    "div",
    { className: "redeal-notice", "data-key": "redeal", "data-card": redeal.card },
    h("strong", {}, "Redeal: "),
    redeal.text,
    redeal.card ? h("span", { className: "redeal-shown" }, " ", cardElement(redeal.card, { small: true })) : null,
  );
}
