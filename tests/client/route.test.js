// A page behind a proxy that routes by owner (route.js, socket.js): sent on by a process that
// does not run its table, it connects again at once to the owner the close names, its REST
// calls follow, and it never loops between processes.

import { test, mock } from "node:test";
import assert from "node:assert/strict";

import { ROUTED, route, routed, sentTo } from "../../src/wildstud/server/static/js/route.js";

/** A WebSocket that records where it was opened and closes when told. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static made = [];
  constructor(url) {
    super();
    this.url = url;
    this.readyState = 0;
    FakeSocket.made.push(this);
  }
  /** The server accepts, then closes with `code` and `reason`. */
  closeWith(code, reason) {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason }));
  }
  /** The server accepts and speaks. */
  speak(frame) {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(frame) }));
  }
  close() {}
}

globalThis.WebSocket = FakeSocket;
const { TableSocket } = await import("../../src/wildstud/server/static/js/socket.js");

function opened() {
  FakeSocket.made = [];
  route.owner = "";
  const statuses = [];
  const socket = new TableSocket("ws://cards.example/ws/seat/tok", {
    onFrame: () => {},
    onStatus: (status) => statuses.push(status),
  });
  return { socket, statuses };
}

test("a URL carries the owner, empty until one is known, with its colon as it is", () => {
  assert.equal(routed("ws://h/ws/seat/t", ""), "ws://h/ws/seat/t?owner=");
  assert.equal(routed("/api/tables/x?n=1", "10.0.0.11:8000"), "/api/tables/x?n=1&owner=10.0.0.11:8000");
  assert.equal(routed("/x", "[::1]:8000"), "/x?owner=[::1]:8000");
});

test("only a close with ROUTED and a key-shaped reason names an owner", () => {
  assert.equal(sentTo({ code: ROUTED, reason: "10.0.0.11:8000" }), "10.0.0.11:8000");
  assert.equal(sentTo({ code: 1012, reason: "10.0.0.11:8000" }), null);
  assert.equal(sentTo({ code: ROUTED, reason: "" }), null);
  assert.equal(sentTo({ code: ROUTED, reason: "a/b?c" }), null);
  assert.equal(sentTo({ code: ROUTED, reason: "x".repeat(101) }), null);
});

test("sent on, the page connects at once to the owner, and its REST calls follow", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const { socket } = opened();
    socket.connect();
    assert.equal(FakeSocket.made[0].url, "ws://cards.example/ws/seat/tok?owner=");
    FakeSocket.made[0].closeWith(ROUTED, "10.0.0.12:8000");
    assert.equal(FakeSocket.made.length, 2, "connected again at once, with no wait");
    assert.equal(FakeSocket.made[1].url, "ws://cards.example/ws/seat/tok?owner=10.0.0.12:8000");
    assert.equal(route.owner, "10.0.0.12:8000");
    FakeSocket.made[1].speak({ type: "welcome", last_seq: 0 });
    assert.equal(socket.routes, 0);
    socket.stopped = true;
  } finally {
    mock.timers.reset();
  }
});

test("sent on again and again with no process speaking, the page stops following and waits", () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  try {
    const { socket, statuses } = opened();
    socket.connect();
    for (const owner of ["a:1", "b:2", "a:1"]) {
      FakeSocket.made.at(-1).closeWith(ROUTED, owner);
    }
    assert.equal(FakeSocket.made.length, 4);
    FakeSocket.made.at(-1).closeWith(ROUTED, "b:2");
    assert.equal(FakeSocket.made.length, 4, "no fifth socket at once");
    assert.equal(statuses.at(-1), "reconnecting");
    mock.timers.tick(500);
    assert.equal(FakeSocket.made.length, 5, "it tries again after the usual wait");
    socket.stopped = true;
  } finally {
    mock.timers.reset();
  }
});
