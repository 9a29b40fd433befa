// The join page: say which table the link opens (its name, its host, who sits there) before
// anyone types, or at once that the link opens none; then ask for a seat (or take one, with
// open seating), wait for the host's answer, and open the seat. The token the server gives is
// this browser's key to the table: kept in site storage under the join link, so opening the
// join link again comes back to the same seat or the same request, never a second one. A
// second device reaches the same request through "Continue on another device" (devices.js),
// whose link carries the token after '#': taken in here, then wiped from the address bar. Once
// a seat is given up, its token is kept as the way back: sitting down again sends it
// (`returning`), and the server puts the player back on their own ledger account, which a name
// alone never does.

import { api } from "./api.js";
import { h } from "./dom.js";
import { field } from "./home.js";
import { devicePanel } from "./devices.js";
import { readSetting, writeSetting } from "./storage.js";
import { followRequest, onNameSent } from "./waiting.js";
import { unknownLink } from "./unknownlink.js";

const key = (joinToken) => `wildstud.join.${joinToken}`;
const leftKey = (joinToken) => `wildstud.left.${joinToken}`;

/** The table a join link opens, as the page shows it before the form. */
function describe(preview) {
  const seated = preview.seated;
  const games = preview.games.length > 1 ? `Dealer's choice: ${preview.games.join(", ")}` : preview.games.join("");
  const taken = `${seated.length} of ${preview.seats} seats taken`;
  return h(
    "section",
    { className: "join-table", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, preview.name),
    preview.host_name ? h("p", { className: "join-host" }, `Hosted by ${preview.host_name}`) : null,
    h("p", { className: "muted" }, games),
    h("h3", {}, `At the table (${taken})`),
    seated.length
      ? h(
          "ul",
          { className: "join-seated" },
          seated.map((seat) =>
            h(
              "li",
              {},
              h("span", { className: "join-name" }, seat.name),
              seat.bot ? h("span", { className: "badge bot-badge" }, "bot") : null,
            ),
          ),
        )
      : h("p", { className: "muted" }, "Nobody has sat down yet."),
  );
}

export async function showJoin(root, token) {
  const carried = new URLSearchParams(window.location.hash.slice(1)).get("request");
  if (carried) {
    writeSetting(key(token), carried);
    window.history.replaceState(null, "", window.location.pathname);
  }
  let preview = null;
  let lookError = "";
  try {
    preview = await api(`/join/${token}`);
  } catch (error) {
    if (error.status === 404) {
      unknownLink(root);
      return;
    }
    // Too many reads, or the network: the form still works, and the request says the rest.
    lookError = error.message;
  }
  const status = h("p", { role: "status", id: "join-status" });
  const name = h("input", { name: "name", required: true, autocomplete: "nickname" });
  const button = h("button", { type: "submit" }, "Sit down");
  const note = !preview
    ? ""
    : preview.seat_requests
      ? "The host lets each player in: give your name, and this page opens your seat once they do."
      : "Give your name to sit down at once.";
  const form = h(
    "form",
    { className: "create join-form", "aria-label": "Take a seat", novalidate: true },
    h("h2", {}, "Take a seat"),
    note ? h("p", { className: "muted" }, note) : null,
    field("Your name", name),
    button,
  );
  const device = h("div", { className: "join-device" });
  if (preview && preview.status === "ended") {
    form.hidden = true;
    status.textContent = "The night has ended: no seat can be taken at this table.";
  } else if (preview && preview.seated.length >= preview.seats) {
    status.textContent = preview.seat_requests
      ? "Every seat is taken for now: you may still ask, and the host lets you in when one is free."
      : "Every seat is taken for now: ask the host to make room, then sit down.";
  } else if (lookError) {
    status.textContent = lookError;
  }
  // Where this browser's request or seat stands: seated opens the seat; pending waits.
  const follow = (secret) =>
    followRequest(secret, {
      unknown: () => {
        writeSetting(key(token), "");
        form.hidden = false;
        device.replaceChildren();
        status.textContent = carried
          ? "The link from the other device no longer follows a request: ask for a seat here."
          : "";
        name.focus();
      },
      pending: (answer) => {
        form.hidden = true;
        document.body.dataset.join = "pending";
        status.textContent = `Waiting for the host to let you in, ${answer.name}… This page opens your seat as soon as they do.`;
        if (!device.childElementCount) {
          device.append(devicePanel(secret, { label: "Continue on another device", what: "this same request" }));
        }
      },
      declined: (answer) => {
        form.hidden = false;
        document.body.dataset.join = "declined";
        device.replaceChildren();
        status.textContent = `The host declined your request, ${answer.name}. You may ask again in a minute, or ask the host.`;
        writeSetting(key(token), "");
      },
      gone: () => {
        form.hidden = false;
        document.body.dataset.join = "gone";
        device.replaceChildren();
        status.textContent =
          "Your seat was given up or its link replaced: ask the host for a new link, or ask for a seat again.";
        writeSetting(leftKey(token), secret);
        writeSetting(key(token), "");
      },
    });
  onNameSent(form, name, async () => {
    const returning = readSetting(leftKey(token)) || undefined;
    const ask = (body) => api(`/join/${token}`, { method: "POST", body });
    try {
      let answer;
      try {
        answer = await ask({ name: name.value, returning });
      } catch (error) {
        // A kept token that brings nobody back (its link was replaced): ask as someone new.
        if (!returning || !/brings back no player/.test(error.message)) throw error;
        writeSetting(leftKey(token), "");
        answer = await ask({ name: name.value });
      }
      writeSetting(leftKey(token), "");
      writeSetting(key(token), answer.token);
      follow(answer.token);
    } catch (error) {
      status.textContent = error.message;
    }
  });
  root.replaceChildren(
    h("header", { className: "bar" }, h("h1", {}, "wildstud")),
    h("div", { className: "join-page" }, preview ? describe(preview) : null, h("div", {}, form, status, device)),
  );
  const kept = readSetting(key(token));
  if (kept) {
    form.hidden = true;
    status.textContent = "Finding your seat…";
    follow(kept);
  } else if (!form.hidden) name.focus();
}
