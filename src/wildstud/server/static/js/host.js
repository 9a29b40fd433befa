// The host's page: the table (from the host's own seat once they take one, else as a
// spectator) with the host console beside it (hostpanel.js).

import { api } from "./api.js";
import { copyButton, h } from "./dom.js";
import { showTable } from "./table.js";
import { HostConsole, hostSeatKey } from "./hostpanel.js";
import { unknownLink } from "./unknownlink.js";
import { readSetting, writeSetting } from "./storage.js";

export async function showHost(root, token, socketBase) {
  let created;
  try {
    created = await api(`/host/${token}`);
  } catch (error) {
    // A host link the server does not know is told as a join link is, with what to do next
    // (it said only "No table has this host link").
    if (error.status === 404)
      unknownLink(
        root,
        "This host link opens no table",
        "It may have been cut short or mistyped when it was copied: open it again from where you kept it when you made the table.",
      );
    else root.replaceChildren(h("h1", {}, "wildstud"), h("p", { role: "alert" }, error.message));
    return;
  }
  // The host's seat token, kept by this browser when the host sat down from this page.
  const key = hostSeatKey(created.table.id);
  let seat = null;
  const kept = readSetting(key);
  if (kept) {
    try {
      const answer = await api(`/seat/${kept}/status`);
      if (answer.status === "seated") seat = { token: kept, index: answer.seat };
    } catch {
      writeSetting(key, "");
    }
  }
  const hostConsole = new HostConsole(token, created, {
    seated: seat ? seat.index : null,
    onSeated: (answer) => {
      writeSetting(key, answer.token);
      // The page opens again from the host's seat: the table as the host's cards show it.
      window.location.reload();
    },
  });
  const watch = created.links.watch.split("/").pop();
  const socket = seat ? `${socketBase}/ws/seat/${seat.token}` : `${socketBase}/ws/watch/${watch}`;
  showTable(root, { socket, seatToken: seat ? seat.token : null, host: hostConsole, hostToken: token });
  const tools = root.querySelector("#tools");
  // On a phone the console lies under the whole table, the log, the chat and the money: a host
  // who must start the dealing or let a friend in gets there from the menu, as from a button
  // beside the table on a wide screen (where this link is not shown: app.css).
  tools?.append(
    h(
      "a",
      {
        className: "console-link",
        href: "#host-console",
        onclick: (event) => {
          event.preventDefault();
          closeMenu(root);
          const target = document.getElementById("host-console");
          target?.scrollIntoView({ block: "start" });
          target?.querySelector("h2, button")?.focus({ preventScroll: true });
        },
      },
      "Host console",
    ),
  );
  // The felt view for a TV in the room opens in a tab of its own, to drag to the TV's window.
  tools?.append(
    h("a", { className: "tv-link", href: created.links.felt, target: "_blank", rel: "noopener" }, "Show on a TV"),
  );
}

/** The table's menu folded again (a narrow screen's tools open over the table). */
function closeMenu(root) {
  const button = root.querySelector(".menu-button");
  if (!button || button.getAttribute("aria-expanded") !== "true") return;
  button.setAttribute("aria-expanded", "false");
  button.parentElement.classList.remove("menu-open");
}

export function linkList(links) {
  const rows = [
    ["Host (keep it to yourself)", links.host],
    ["Players join with", links.join],
    ["Spectators watch with", links.watch],
    ["Show on a TV (the table large, the join code in a corner)", links.felt],
  ].filter(([, link]) => link);
  return h(
    "dl",
    { className: "links" },
    rows.map(([label, link]) => {
      const shown = h("a", { href: link }, link);
      return [h("dt", {}, label), h("dd", {}, shown, " ", copyButton(link, shown))];
    }),
  );
}
