// The felt: the public table drawn large for a TV or a laptop on the table, from the
// spectator's socket (never a seat's: no hole card ever reaches this page), with the table's
// join QR code in a corner for the phones in the room. Each player acts from their own phone.
import { h } from "./dom.js";
import { showTable } from "./table.js";
import { WakeLock } from "./awake.js";
import { setText } from "./panel.js";

export function showFelt(root, token, socketBase, base) {
  // The page's type scales with the screen (felt.css, .felt-screen): read across a room.
  document.documentElement.classList.add("felt-screen");
  const page = showTable(root, { socket: `${socketBase}/ws/watch/${token}` });
  root.classList.add("felt-view");
  const code = h("img", { src: `${base}/api/watch/${token}/join-qr`, alt: "QR code of the table's join link" });
  const caption = h("figcaption", {}, "Scan to join");
  // The server draws the join link's code: the page never holds the link itself.
  const qr = h("figure", { className: "felt-qr", id: "felt-qr" }, code, caption);
  root.querySelector(".stage").append(qr);
  const awake = new WakeLock();
  // The screen stays on for the night; once it is over, the corner says so instead of offering
  // a seat, and the screen may sleep.
  const update = () => {
    const table = page.state.table;
    const over = Boolean(table && table.status === "ended");
    code.hidden = over;
    qr.classList.toggle("over", over);
    setText(caption, over ? "The night is over" : "Scan to join");
    awake.want(!over);
  };
  document.addEventListener("wildstud:render", update);
  update();
  return page;
}
