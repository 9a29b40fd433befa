// "Open on another device": the link and QR code that open this page's seat (or follow its
// waiting seat request) on a phone or a laptop. The link carries the seat's token, so it is
// asked for only when its owner presses the button, with the token in a header (never in a
// URL a server or proxy logs), and the server draws the code itself (no outside service).

import { base } from "./api.js";
import { copyButton, h } from "./dom.js";

/** The link and SVG code of `token` from the server, or an Error carrying its sentence. */
export async function deviceLink(token) {
  const response = await fetch(`${base}/api/device-link`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && data.detail) || `${response.status} ${response.statusText}`);
  return data;
}

/** The server's SVG markup (inline SVG, as HTML holds it) as an element, parsed in a
 * document of its own where nothing runs, and made to scale with the page. */
function svgElement(markup) {
  const parsed = new DOMParser().parseFromString(markup, "text/html").body.firstElementChild;
  if (!parsed || parsed.localName !== "svg") return h("p", { className: "muted" }, "The code could not be drawn.");
  const svg = document.importNode(parsed, true);
  const width = svg.getAttribute("width");
  const height = svg.getAttribute("height");
  if (!svg.hasAttribute("viewBox") && width && height) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  svg.classList.add("qr-code");
  return svg;
}

/** Ask the server for `token`'s link (by `fetchLink`: a seat's, unless told) and draw it into
 * `body`: the code, what it opens, the link and a button to copy it. */
async function fill(body, token, what, fetchLink = deviceLink) {
  body.replaceChildren(h("p", { role: "status" }, "Drawing the code…"));
  let answer;
  try {
    answer = await fetchLink(token);
  } catch (error) {
    body.replaceChildren(h("p", { role: "alert" }, error.message));
    return;
  }
  const shown = h("a", { href: answer.link }, answer.link);
  body.replaceChildren(
    svgElement(answer.qr_svg),
    h(
      "p",
      {},
      `Scan this code with the other device's camera, or open the link there, to reach ${what}. `,
      "Keep it to yourself: whoever has it can play for you.",
    ),
    h("p", { className: "device-link" }, shown, " ", copyButton(answer.link, shown, "Copy the link")),
  );
}

/** A button that shows (and hides) the link and its QR code under it; `what` says what the
 * link opens, and `fetchLink` asks the server for it (a club member's differs from a seat's). */
export function devicePanel(
  token,
  { label = "Open on another device", what = "your seat", fetchLink = deviceLink } = {},
) {
  const body = h("div", { className: "device-body", id: "device-link", hidden: true });
  const button = h(
    "button",
    { type: "button", className: "device-button", "aria-expanded": "false", "aria-controls": "device-link" },
    label,
  );
  button.addEventListener("click", () => {
    const open = body.hidden;
    button.setAttribute("aria-expanded", String(open));
    body.hidden = !open;
    // Closed, the link leaves the page with the panel; opened, it is asked for afresh.
    if (open) fill(body, token, what, fetchLink);
    else body.replaceChildren();
  });
  return h("div", { className: "device" }, button, body);
}

/** The seat page's button and the dialog it opens over the table (which does not move). */
export function deviceDialog(token) {
  const body = h("div", { className: "device-body" });
  const close = h("button", { type: "button", className: "panel-close" }, "Close");
  const dialog = h(
    "dialog",
    { className: "device-dialog", id: "device-dialog", "aria-labelledby": "device-title" },
    h("h2", { id: "device-title" }, "Open your seat on another device"),
    body,
    close,
  );
  const button = h(
    "button",
    { type: "button", className: "device-button", "aria-haspopup": "dialog" },
    "Another device",
  );
  button.addEventListener("click", () => {
    dialog.showModal();
    fill(body, token, "this seat");
  });
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => body.replaceChildren());
  return { button, dialog };
}
