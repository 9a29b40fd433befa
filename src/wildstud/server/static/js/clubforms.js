// A new club's form (/club) and a club's join page (/club-join/{token}). The host's member
// token, given once when the club is made, is kept in site storage under the club's id, so
// that the host's page can seat the host as a member; a member's token is kept under the join
// link, so opening the join link again comes back to the same member, never a second one.

import { api, base } from "./api.js";
import { h } from "./dom.js";
import { field } from "./home.js";
import { readSetting, writeSetting } from "./storage.js";

export const memberKey = (clubId) => `wildstud.club.${clubId}`;
const joinKey = (joinToken) => `wildstud.clubjoin.${joinToken}`;

function colourInput(value) {
  return h("input", { type: "color", name: "colour", value });
}

function initialsInput() {
  return h("input", { name: "initials", maxlength: 3, pattern: "[\\p{L}\\p{N}]{1,3}", autocomplete: "off" });
}

/** The form to make a club: its name, the host's name, colour and initials, and the games its
 * nights deal (each night starts with the table settings' defaults and these games). */
export async function showClubCreate(root) {
  const games = await api("/games");
  const status = h("p", { role: "status", id: "club-status" });
  const name = h("input", { name: "name", required: true, maxlength: 60 });
  const hostName = h("input", { name: "host_name", required: true, maxlength: 40, autocomplete: "nickname" });
  const boxes = games.map((game, index) =>
    h(
      "label",
      { className: "rule" },
      h("input", { type: "checkbox", name: "game", value: game.name, checked: index === 0 }),
      ` ${game.title}`,
    ),
  );
  const chips = h("input", { type: "number", name: "starting_chips", value: 1000, min: 1, required: true });
  const form = h(
    "form",
    { className: "create club-form", "aria-label": "Start a club", novalidate: true },
    h("h2", {}, "Start a club"),
    h(
      "p",
      { className: "muted" },
      "A club keeps its members from night to night, and its book says who owes whom until it is paid.",
    ),
    field("The club's name", name),
    field("Your name", hostName),
    field("Your colour", colourInput("#1f77b4")),
    field("Your initials (optional)", initialsInput()),
    h("fieldset", {}, h("legend", {}, "The games of its nights (dealer's choice with more than one)"), boxes),
    field("Chips each player buys in for", chips),
    h("p", {}, h("button", { type: "submit" }, "Start the club")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = [...form.querySelectorAll("input[name=game]:checked")].map((box) => ({ game: box.value }));
    if (!form.reportValidity()) return;
    if (!chosen.length) {
      status.textContent = "Choose at least one game.";
      return;
    }
    const body = {
      name: name.value,
      host_name: hostName.value,
      colour: form.elements.colour.value,
      night: { name: name.value, games: chosen, starting_chips: Number(chips.value) },
    };
    if (form.elements.initials.value) body.initials = form.elements.initials.value;
    try {
      const created = await api("/clubs", { method: "POST", body });
      writeSetting(memberKey(created.club.id), created.member_token);
      window.location.assign(created.links.host);
    } catch (error) {
      status.textContent = error.message;
    }
  });
  root.replaceChildren(h("header", { className: "bar" }, h("h1", {}, "wildstud")), form, status);
  name.focus();
}

/** What a club's join link opens, and the form that asks the host to let one in. */
export async function showClubJoin(root, token) {
  const kept = readSetting(joinKey(token));
  if (kept) {
    window.location.replace(`${base}/club/${kept}`);
    return;
  }
  let preview;
  try {
    preview = await api(`/clubs/join/${token}`);
  } catch (error) {
    root.replaceChildren(
      h("header", { className: "bar" }, h("h1", {}, "wildstud")),
      h("section", { className: "join-table join-unknown", role: "alert" }, h("h2", {}, error.message)),
    );
    return;
  }
  const status = h("p", { role: "status", id: "club-status" });
  const name = h("input", { name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
  const form = h(
    "form",
    { className: "create join-form", "aria-label": "Join the club", novalidate: true },
    h("h2", {}, "Join the club"),
    h("p", { className: "muted" }, "The host lets each member in: this page opens the club once they do."),
    field("Your name", name),
    // The server offers a colour no member has yet: a club's members start out told apart.
    field("Your colour", colourInput(preview.colour)),
    field("Your initials (optional)", initialsInput()),
    h("button", { type: "submit" }, "Ask to join"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    const body = { name: name.value, colour: form.elements.colour.value };
    if (form.elements.initials.value) body.initials = form.elements.initials.value;
    try {
      const asked = await api(`/clubs/join/${token}`, { method: "POST", body });
      writeSetting(joinKey(token), asked.token);
      window.location.assign(asked.link);
    } catch (error) {
      status.textContent = error.message;
    }
  });
  root.replaceChildren(
    h("header", { className: "bar" }, h("h1", {}, "wildstud")),
    h(
      "div",
      { className: "join-page" },
      h(
        "section",
        { className: "join-table", "aria-labelledby": "club-title" },
        h("h2", { id: "club-title" }, preview.name),
        h("p", { className: "join-host" }, `Hosted by ${preview.host_name}`),
        h("p", { className: "muted" }, `${preview.members} member${preview.members === 1 ? "" : "s"}`),
      ),
      h("div", {}, form, status),
    ),
  );
}
