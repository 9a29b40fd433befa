// The table chat and the dealer's voice in one log: what players (and, where the host allows,
// spectators) say, and what the table announces (hands dealt, winners, redeals, the host's
// changes), the dealer's lines marked apart. Every line is put on the page as text, never as
// markup. A line is sent with an id of its own and kept until the server says it is stored,
// so a line sent as the connection dropped is sent again, and the server takes it once.

import { api } from "./api.js";
import { followEnd, h } from "./dom.js";

/** Lines kept on the page (older ones scroll away). */
export const KEPT = 200;

function newId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function clock(at) {
  const date = at ? new Date(at) : new Date();
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export class ChatPanel {
  /**
   * `send(frame)` puts a frame on the socket (false when it is down); `spectator` whether this
   * page watches; `hostToken` the host's token, for the mute buttons (null: no buttons).
   */
  constructor({ send, spectator = false, hostToken = null }) {
    this.sendFrame = send;
    this.spectator = spectator;
    this.hostToken = hostToken;
    this.pending = new Map();
    this.muted = [];
    this.limit = 280;
    this.open = !spectator;
    this.seen = new Set();
    this.build();
  }

  build() {
    this.log = h("ol", { id: "chat-log", className: "chat-log", "aria-label": "Chat and dealer", tabindex: 0 });
    this.followLog = followEnd(this.log);
    this.input = h("input", {
      id: "chat-text",
      type: "text",
      maxlength: this.limit,
      autocomplete: "off",
      enterkeyhint: "send",
    });
    this.nameInput = h("input", { id: "chat-name", type: "text", maxlength: 40, autocomplete: "nickname" });
    this.note = h("p", { className: "chat-note", id: "chat-note", role: "status" });
    this.nameField = h(
      "p",
      { className: "chat-field", hidden: !this.spectator },
      h("label", { for: "chat-name" }, "Your name"),
      this.nameInput,
    );
    this.form = h(
      "form",
      {
        className: "chat-form",
        onsubmit: (event) => {
          event.preventDefault();
          this.say();
        },
      },
      this.nameField,
      h(
        "p",
        { className: "chat-field" },
        h("label", { for: "chat-text" }, "Say"),
        this.input,
        h("button", { type: "submit" }, "Send"),
      ),
    );
    // Folded on a phone, so that the table's controls stay at the foot of the page; the
    // summary counts the lines that came while it was folded.
    this.unread = 0;
    this.summary = h("summary", { id: "chat-title" }, "Chat");
    this.fold = h(
      "details",
      { className: "chat-fold", open: window.matchMedia("(min-width: 641px)").matches },
      this.summary,
      this.log,
      this.form,
      this.note,
    );
    this.fold.addEventListener("toggle", () => {
      if (!this.fold.open) return;
      this.unread = 0;
      this.summary.textContent = "Chat";
      this.log.scrollTop = this.log.scrollHeight;
    });
    this.element = h("section", { id: "chat", className: "chat", "aria-labelledby": "chat-title" }, this.fold);
    this.drawOpen();
  }

  drawOpen() {
    this.form.hidden = !this.open;
    if (!this.open && this.hostToken)
      this.note.textContent = "Spectators may not chat at this table: you read it as the host.";
    else if (!this.open) this.note.textContent = "The host has not opened the chat to spectators.";
    else if (this.note.textContent.startsWith("The host has not") || this.note.textContent.startsWith("Spectators may"))
      this.note.textContent = "";
    // The host's page watches: while the chat is closed to spectators it reads the log from
    // the host's own API instead, every few seconds.
    clearInterval(this.hostPoll);
    if (!this.open && this.hostToken) {
      this.readAsHost();
      this.hostPoll = setInterval(() => this.readAsHost(), 3000);
    }
  }

  async readAsHost() {
    try {
      const report = await api(`/host/${this.hostToken}/chat`);
      for (const line of report.lines) this.addLine(line);
      this.muted = report.muted;
      this.drawMutes();
    } catch {
      // Out of reach for now: the next poll tries again.
    }
  }

  /** Send what the field holds; it stays in the field until the server has it, so that a
   * line refused (the sender muted, the chat closed, a line too long) is not lost. */
  say() {
    const text = this.input.value.trim();
    if (!text) return;
    // Sent already and not yet answered: a second Enter sends it no second time.
    if ([...this.pending.values()].some((frame) => frame.text === text)) return;
    const frame = { type: "say", text, id: newId() };
    if (this.spectator) frame.name = this.nameInput.value;
    this.pending.set(frame.id, frame);
    if (!this.sendFrame(frame)) this.note.textContent = "Not connected: the line goes when the table is back.";
  }

  /** A frame from the table, if it is the chat's; whether it was. */
  onFrame(frame) {
    switch (frame.type) {
      case "chat_log":
        this.open = frame.open;
        this.limit = frame.limit || this.limit;
        this.input.maxLength = this.limit;
        this.muted = frame.muted || [];
        for (const line of frame.lines) this.addLine(line);
        this.drawOpen();
        // A new connection: send again what the last one may not have delivered.
        for (const pending of this.pending.values()) this.sendFrame(pending);
        return true;
      case "chat":
        this.addLine(frame.line);
        return true;
      case "said": {
        const said = this.pending.get(frame.id);
        this.pending.delete(frame.id);
        // The line is stored: the field is cleared, unless a new line is being typed there.
        if (said && this.input.value.trim() === said.text) this.input.value = "";
        if (this.note.textContent && this.open) this.note.textContent = "";
        return true;
      }
      case "chat_mutes":
        this.muted = frame.muted;
        this.drawMutes();
        return true;
      case "error":
        if (!frame.id || !this.pending.has(frame.id)) return false;
        if (frame.code !== "storage") this.pending.delete(frame.id);
        // The line stays in the field, and the note says why it was not sent.
        this.note.textContent = frame.message;
        return true;
      default:
        return false;
    }
  }

  /** A line the table itself says (worked out on this page from the hand's events). */
  dealer(text) {
    if (text) this.append(h("li", { className: "dealer" }, h("span", { className: "who" }, "Dealer"), " ", text));
  }

  addLine(line) {
    if (this.seen.has(line.number)) return;
    this.seen.add(line.number);
    if (line.kind === "dealer") {
      this.append(
        h(
          "li",
          { className: "dealer", "data-number": line.number },
          h("span", { className: "who" }, "Dealer"),
          " ",
          line.text,
        ),
      );
      return;
    }
    const who = line.role === "spectator" ? `${line.name} (watching)` : line.name;
    const item = h(
      "li",
      { className: "said", "data-number": line.number, "data-name": line.name },
      h("span", { className: "time" }, clock(line.at)),
      " ",
      h("span", { className: "who" }, who),
      ": ",
      h("span", { className: "text" }, line.text),
    );
    if (this.hostToken) item.append(" ", this.muteButton(line.name));
    this.append(item);
  }

  muteButton(name) {
    const button = h("button", { type: "button", className: "mute", "data-name": name });
    this.labelMute(button);
    button.addEventListener("click", async () => {
      const muted = !this.isMuted(name);
      try {
        const answer = await api(`/host/${this.hostToken}/mutes`, { method: "PUT", body: { name, muted } });
        this.muted = answer.muted;
        this.drawMutes();
      } catch (error) {
        this.note.textContent = error.message;
      }
    });
    return button;
  }

  isMuted(name) {
    const key = name.toLocaleLowerCase();
    return this.muted.some((other) => other.toLocaleLowerCase() === key);
  }

  labelMute(button) {
    const name = button.dataset.name;
    const muted = this.isMuted(name);
    button.textContent = muted ? "Unmute" : "Mute";
    button.setAttribute("aria-label", `${muted ? "Unmute" : "Mute"} ${name}`);
  }

  drawMutes() {
    for (const button of this.log.querySelectorAll("button.mute")) this.labelMute(button);
  }

  append(item) {
    const log = this.log;
    log.append(item);
    if (!this.fold.open) {
      this.unread += 1;
      this.summary.textContent = `Chat (${this.unread} new)`;
    }
    while (log.children.length > KEPT) log.firstElementChild.remove();
    this.followLog();
  }
}
