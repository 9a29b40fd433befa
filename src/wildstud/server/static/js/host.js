// The host's page: the links to share, bots, start and pause, and the table as a spectator.

import { api, h } from "./api.js";
import { showTable } from "./table.js";

export async function showHost(root, token, socketBase) {
  let created;
  try {
    created = await api(`/host/${token}`);
  } catch (error) {
    root.replaceChildren(h("h1", {}, "wildstud"), h("p", { role: "alert" }, error.message));
    return;
  }
  const message = h("p", { role: "status", className: "muted" });
  const run = (path, body) => async () => {
    try {
      await api(`/host/${token}${path}`, { method: "POST", body });
      message.textContent = "Done.";
    } catch (error) {
      message.textContent = error.message;
    }
  };
  const panel = h(
    "details",
    { className: "host", open: created.table.status === "waiting" },
    h("summary", {}, "Host controls and links"),
    linkList(created.links),
    h(
      "div",
      { className: "host-buttons" },
      h("button", { type: "button", onclick: run("/start") }, "Start dealing"),
      h("button", { type: "button", onclick: run("/pause") }, "Pause"),
      h("button", { type: "button", onclick: run("/bots", { kind: "calling-bot" }) }, "Add a calling bot"),
      h("button", { type: "button", onclick: run("/bots", { kind: "random-bot" }) }, "Add a random bot"),
    ),
    message,
  );
  const watch = created.links.watch.split("/").pop();
  showTable(root, { socket: `${socketBase}/ws/watch/${watch}`, host: panel, hostToken: token });
}

export function linkList(links) {
  const rows = [
    ["Host (keep it to yourself)", links.host],
    ["Players join with", links.join],
    ["Spectators watch with", links.watch],
  ].filter(([, link]) => link);
  return h(
    "dl",
    { className: "links" },
    rows.map(([label, link]) => [
      h("dt", {}, label),
      h(
        "dd",
        {},
        h("a", { href: link }, link),
        " ",
        h(
          "button",
          {
            type: "button",
            onclick: (event) => {
              navigator.clipboard?.writeText(link).then(
                () => {
                  event.target.textContent = "Copied";
                },
                () => {},
              );
            },
          },
          "Copy",
        ),
      ),
    ]),
  );
}
