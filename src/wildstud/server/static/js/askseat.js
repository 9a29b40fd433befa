// A spectator asks the host for a seat from the spectator page: the same seat request as the
// join link's (the host approves it in the console), sent with the watch link. The request's
// token is kept under the watch link, so reloading the page keeps following the same request;
// once the host lets the spectator in, the page opens their seat.

import { api } from "./api.js";
import { h } from "./dom.js";
import { field } from "./home.js";
import { readSetting, writeSetting } from "./storage.js";
import { followRequest, onNameSent } from "./waiting.js";

const key = (watchToken) => `wildstud.watch-request.${watchToken}`;

/** The spectator's request box and the bar's button that opens it. */
export function askSeatPanel(watchToken) {
  const name = h("input", { name: "name", required: true, autocomplete: "nickname" });
  const status = h("p", { role: "status", id: "ask-status" });
  const form = h(
    "form",
    { className: "ask-seat", "aria-label": "Ask for a seat", novalidate: true },
    field("Your name", name),
    h("button", { type: "submit" }, "Ask the host for a seat"),
  );
  const element = h(
    "details",
    { className: "ask-box", id: "ask-seat" },
    h("summary", {}, "Ask for a seat"),
    h("p", { className: "muted" }, "The host sees your request in the console and lets you in."),
    form,
    status,
  );
  const follow = (secret) =>
    followRequest(secret, {
      unknown: () => {
        writeSetting(key(watchToken), "");
        form.hidden = false;
        status.textContent = "";
      },
      pending: (answer) => {
        form.hidden = true;
        element.open = true;
        status.textContent = `Waiting for the host to let you in, ${answer.name}… This page opens your seat as soon as they do.`;
      },
      declined: (answer) => {
        form.hidden = false;
        writeSetting(key(watchToken), "");
        status.textContent = `The host declined your request, ${answer.name}. You may ask again in a minute.`;
      },
      gone: () => {
        form.hidden = false;
        writeSetting(key(watchToken), "");
        status.textContent = "That seat was given up: ask again for a new one.";
      },
    });
  onNameSent(form, name, async () => {
    try {
      const answer = await api(`/watch/${watchToken}/join`, { method: "POST", body: { name: name.value } });
      writeSetting(key(watchToken), answer.token);
      follow(answer.token);
    } catch (error) {
      status.textContent = error.message;
    }
  });
  const kept = readSetting(key(watchToken));
  if (kept) follow(kept);
  // The box lies under the table; the bar's button brings it into view, open, at its field.
  const button = h("button", { type: "button", "aria-controls": "ask-seat" }, "Ask for a seat");
  button.addEventListener("click", () => {
    element.open = true;
    element.scrollIntoView({ block: "nearest" });
    (form.hidden ? element.querySelector("summary") : name).focus({ preventScroll: true });
  });
  return { element, button };
}
