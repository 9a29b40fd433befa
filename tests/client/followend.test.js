// A scrolled list (the hand log, the chat) follows its end while its reader leaves it there, and
// never reads its height as it is redrawn (dom.js followEnd), nor takes the late event of its own
// scroll for its reader's: a list that stands in for the page's element counts each read of its
// geometry, and the next frame is run by hand.

import { test } from "node:test";
import assert from "node:assert/strict";

import { followEnd } from "../../src/wildstud/server/static/js/dom.js";

/** The classes of a stand-in list, as much of classList as followEnd uses. */
function classes() {
  const names = new Set();
  return {
    toggle: (name, on) => (on ? names.add(name) : names.delete(name), on),
    contains: (name) => names.has(name),
  };
}

/** A list 100 pixels high of `lines` lines 20 pixels each, scrolled to `scrollTop`. */
function list(lines) {
  const listeners = [];
  const element = {
    lines,
    scrollTop: 0,
    reads: 0,
    classList: classes(),
    clientHeight: 100,
    get scrollHeight() {
      this.reads += 1;
      return Math.max(100, 20 * this.lines);
    },
    addEventListener: (kind, listener) => kind === "scroll" && listeners.push(listener),
    scroll(to) {
      this.scrollTop = to;
      for (const listener of listeners) listener();
    },
  };
  return element;
}

/** requestAnimationFrame queued by hand: the function returned runs the next frame. */
function frames() {
  const queued = [];
  globalThis.requestAnimationFrame = (callback) => queued.push(callback);
  return () => {
    for (const callback of queued.splice(0)) callback();
  };
}

test("a list left at its end scrolls to its new end at the next frame, reading nothing before", () => {
  const nextFrame = frames();
  const log = list(3);
  const follow = followEnd(log);
  log.lines = 12;
  follow();
  follow(); // a second change in the same frame asks for no second scroll
  assert.equal(log.reads, 0, "nothing read as the list is redrawn");
  assert.equal(log.scrollTop, 0);
  nextFrame();
  assert.equal(log.scrollTop, 240);
});

test("a list its reader scrolled up stays where they left it, and follows again at its end", () => {
  const nextFrame = frames();
  const log = list(12);
  const follow = followEnd(log);
  assert.ok(log.classList.contains("at-end"), "at its end: not anchored (app.css)");
  log.scroll(40); // the reader goes back up to an earlier line
  assert.ok(!log.classList.contains("at-end"), "scrolled up: anchored, the reader's lines kept");
  log.lines = 13;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 40, "the reader's place is kept");
  log.scroll(160); // and down to the end again
  assert.ok(log.classList.contains("at-end"));
  log.lines = 14;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 280);
});

test("a list its reader left up follows its end again once it is too short to scroll", () => {
  const nextFrame = frames();
  const log = list(12);
  const follow = followEnd(log);
  log.scroll(40);
  log.lines = 3; // a new hand's log: nothing to scroll
  log.scrollTop = 0;
  follow();
  nextFrame();
  log.lines = 12;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 240);
});

/** A list as a browser has it: scrollTop stops at the end (scrollHeight less the list's own
 * height), and the scroll event of a scroll is told when `scrolled()` says, as a browser tells
 * it a frame later, here after the next lines were added. */
function browserList(lines) {
  const listeners = [];
  let top = 0;
  const log = {
    lines,
    clientHeight: 100,
    classList: classes(),
    get scrollHeight() {
      return Math.max(100, 20 * this.lines);
    },
    get scrollTop() {
      return top;
    },
    set scrollTop(to) {
      top = Math.max(0, Math.min(to, this.scrollHeight - this.clientHeight));
    },
    addEventListener: (kind, listener) => kind === "scroll" && listeners.push(listener),
  };
  const scrolled = () => listeners.forEach((listener) => listener());
  return { log, scrolled, place: (to) => (top = to) };
}

test("a list keeps following when the event of its own scroll comes after more lines", () => {
  const nextFrame = frames();
  const { log, scrolled, place } = browserList(12);
  const follow = followEnd(log);
  log.lines = 15;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 200);
  log.lines = 27; // a showdown's lines, before the scroll to 200 is told
  follow();
  scrolled();
  nextFrame();
  assert.equal(log.scrollTop, 440, "the list follows its end");
  scrolled();
  log.lines = 28;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 460);
  place(100); // the reader scrolls up: that is theirs, and the list stays there
  scrolled();
  log.lines = 30;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 100);
});

test("a list keeps following when a new hand's few lines take the last hand's place", () => {
  const nextFrame = frames();
  const { log, scrolled, place } = browserList(60);
  const follow = followEnd(log);
  follow();
  nextFrame();
  scrolled();
  assert.equal(log.scrollTop, 1100);
  log.lines = 3; // the next hand: the browser moves the list back to its top, and says so later
  place(0);
  follow();
  nextFrame();
  log.lines = 12; // its deal's lines come before the event of that move
  follow();
  scrolled();
  nextFrame();
  assert.equal(log.scrollTop, 140, "the list follows its end");
});

test("a list folded out of sight and opened follows its reader's scroll up", () => {
  const nextFrame = frames();
  const { log, scrolled, place } = browserList(0);
  log.clientHeight = 0; // folded: neither it nor its lines take any room
  const follow = followEnd(log);
  follow();
  nextFrame();
  log.clientHeight = 100; // opened with its 30 lines, scrolled to its end as the chat does
  log.lines = 30;
  log.scrollTop = log.scrollHeight;
  scrolled();
  place(100); // the reader scrolls up to an earlier line
  scrolled();
  log.lines = 31;
  follow();
  nextFrame();
  assert.equal(log.scrollTop, 100, "the reader's place is kept");
});
