// The join page: ask for a seat (or take one, with open seating), wait for the host's answer,
// then open the seat. The token the server gives is this browser's key to the table: kept in
// site storage under the join link, so opening the join link again comes back to the same seat
// or the same request, never a second one. Once that seat is given up, its token is kept as the
// way back: sitting down again sends it (`returning`), and the server puts the player back on
// their own ledger account, which a name alone never does.

import { api, h } from "./api.js";
import { field, nameProblem } from "./home.js";
import { readSetting, writeSetting } from "./storage.js";

const POLL_MS = 2000;

const key = (joinToken) => `wildstud.join.${joinToken}`;
const leftKey = (joinToken) => `wildstud.left.${joinToken}`;

export async function showJoin(root, token) {
  const status = h("p", { role: "status", id: "join-status" });
  const name = h("input", { name: "name", required: true, autocomplete: "nickname" });
  const button = h("button", { type: "submit" }, "Sit down");
  const form = h(
    "form",
    { className: "create", "aria-label": "Take a seat", novalidate: true },
    h("h2", {}, "Take a seat"),
    field("Your name", name),
    button,
  );
  let timer = null;
  const wait = (secret) => {
    clearTimeout(timer);
    timer = setTimeout(() => follow(secret), POLL_MS);
  };
  // Where this browser's request or seat stands: seated opens the seat; pending waits.
  const follow = async (secret) => {
    let answer;
    try {
      answer = await api(`/seat/${secret}/status`);
    } catch {
      // Unknown (the table was closed, or storage kept a token of another server): ask anew.
      writeSetting(key(token), "");
      form.hidden = false;
      return;
    }
    if (answer.status === "seated") {
      window.location.assign(new URL(answer.link).pathname);
      return;
    }
    form.hidden = answer.status === "pending";
    document.body.dataset.join = answer.status;
    if (answer.status === "pending") {
      status.textContent = `Waiting for the host to let you in, ${answer.name}… This page opens your seat as soon as they do.`;
      wait(secret);
    } else if (answer.status === "declined") {
      status.textContent = `The host declined your request, ${answer.name}. You may ask again in a minute, or ask the host.`;
      writeSetting(key(token), "");
    } else {
      status.textContent =
        "Your seat was given up or its link replaced: ask the host for a new link, or ask for a seat again.";
      writeSetting(leftKey(token), secret);
      writeSetting(key(token), "");
    }
  };
  const check = () => {
    name.setCustomValidity(nameProblem(name.value, 40));
    document.getElementById(name.getAttribute("aria-describedby")).textContent = name.validationMessage;
  };
  name.addEventListener("input", check);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    check();
    if (!form.checkValidity()) return;
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
  root.replaceChildren(h("header", { className: "bar" }, h("h1", {}, "wildstud")), form, status);
  const kept = readSetting(key(token));
  if (kept) {
    form.hidden = true;
    status.textContent = "Finding your seat…";
    await follow(kept);
  }
  if (!form.hidden) name.focus();
}
