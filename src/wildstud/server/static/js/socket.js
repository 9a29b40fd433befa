// One WebSocket to the table, reconnecting after a drop. Requests carry sequence numbers (P1):
// the counter never falls behind any `last_seq` the server reports, so a second tab of the
// same seat, or a page reloaded, sends a number the server takes. The request in flight is
// remembered until the server answers it (ack or error), or until a reconnect shows whether
// it was applied: an action is never forgotten in silence.

import { route, routed, sentTo } from "./route.js";

const SEQ_FRAMES = new Set(["welcome", "ack", "seq", "error"]);
// A server that stops answering without closing (a stalled process, a dead link) is noticed by
// its silence: after QUIET_MS without a frame the page pings, and after SILENT_MS it drops the
// connection and reconnects, through the proxy to whichever process now runs the table.
const QUIET_MS = 10000;
const SILENT_MS = 20000;
// Sent on to another process more often than this in a row, the page stops following at once
// and waits as after any drop (a table moving back and forth, a proxy that does not route).
const MAX_ROUTES = 3;

export class TableSocket {
  /**
   * `onFrame(frame, answered)` gets every frame (`answered`: it settled the request in flight); `onStatus(status)` one of "connecting", "connected",
   * "reconnecting", "refused"; `onRequest(outcome, request, frame)` the fate of a request:
   * "applied", "refused" (with the error frame) or "lost" (the connection dropped before it
   * reached the server).
   */
  constructor(url, { onFrame, onStatus, onRequest = () => {} }) {
    this.url = url;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.onRequest = onRequest;
    this.seq = 0;
    this.inFlight = null;
    this.ws = null;
    this.retry = 500;
    this.stopped = false;
    this.routes = 0;
  }

  get open() {
    return Boolean(this.ws) && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    this.onStatus(this.restarting ? "restarting" : "connecting");
    const ws = new WebSocket(routed(this.url));
    this.ws = ws;
    let heard = Date.now();
    const watch = setInterval(() => {
      if (!this.listen(ws, Date.now() - heard)) clearInterval(watch);
    }, QUIET_MS / 4);
    ws.addEventListener("open", () => {
      heard = Date.now();
      this.retry = 500;
      this.restarting = false;
      this.onStatus("connected");
    });
    ws.addEventListener("message", (message) => {
      heard = Date.now();
      this.routes = 0; // a process that runs the table speaks (one that sends on only closes)
      this.receive(JSON.parse(message.data));
    });
    ws.addEventListener("close", (event) => {
      clearInterval(watch);
      if (this.ws !== ws) return;
      if (event.code === 4404) {
        this.stopped = true;
        this.onStatus("refused");
        return;
      }
      if (this.stopped) return;
      const owner = sentTo(event);
      if (owner !== null && this.routes < MAX_ROUTES) {
        this.routes += 1;
        route.owner = owner;
        this.connect();
        return;
      }
      // 1012, "service restart": the server said so first; it is back in a moment.
      if (event.code === 1012) this.restarting = true;
      this.reconnect();
    });
  }

  reconnect() {
    this.onStatus(this.restarting ? "restarting" : "reconnecting");
    setTimeout(() => this.connect(), this.retry);
    this.retry = Math.min(this.retry * 2, 4000);
  }

  /** Ping an open connection that has been quiet, and give up on one silent for too long
   * (its close event, whenever it comes, then finds it replaced); false once `ws` is no
   * longer the page's connection. */
  listen(ws, silence) {
    if (this.ws !== ws || this.stopped) return false;
    if (silence >= SILENT_MS) {
      this.ws = null;
      ws.close();
      this.reconnect();
      return false;
    }
    if (silence >= QUIET_MS && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "ping" }));
    }
    return true;
  }

  receive(frame) {
    if (SEQ_FRAMES.has(frame.type) && Number.isInteger(frame.last_seq)) {
      // The one way back down: a number too far ahead is never taken (P1), so the page takes
      // the server's count rather than stay locked out.
      this.seq = frame.code === "seq-range" ? frame.last_seq : Math.max(this.seq, frame.last_seq);
    }
    this.onFrame(frame, this.settle(frame));
  }

  /** Whether `frame` answers the request in flight (which is then settled). */
  settle(frame) {
    const request = this.inFlight;
    if (!request) return false;
    if (frame.type === "ack" && frame.seq === request.seq) {
      this.finish("applied", frame);
    } else if (frame.type === "error" && frame.seq === request.seq) {
      this.finish("refused", frame);
    } else if (frame.type === "welcome") {
      // A new connection: the seat's last accepted number says whether the request got there.
      this.finish((frame.last_seq || 0) >= request.seq ? "applied" : "lost", frame);
    } else {
      return false;
    }
    return true;
  }

  finish(outcome, frame) {
    const request = this.inFlight;
    this.inFlight = null;
    this.onRequest(outcome, request, frame);
  }

  /** Send the request in flight again, with its own number: the server applies it if it never
   * arrived and answers it as a repeat if it did, so it is never done twice. */
  resend() {
    if (!this.open || !this.inFlight) return false;
    this.ws.send(JSON.stringify(this.inFlight));
    return true;
  }

  /** Send a frame that needs no sequence number (a chat line); false when the socket is down. */
  send(frame) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Send a request with the next sequence number; returns it as sent, or null when the
   * socket is down or another request awaits its answer. */
  request(frame) {
    if (!this.open || this.inFlight) return null;
    this.seq += 1;
    const request = { ...frame, seq: this.seq };
    this.inFlight = request;
    this.ws.send(JSON.stringify(request));
    return request;
  }
}
