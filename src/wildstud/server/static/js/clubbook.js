// A club's book as the page shows it: what each member owes and is owed, every payment with
// where it stands (and the buttons of whoever may move it on), and every night with the owed
// payments its settle-up replaced. The server keeps the book (/api/clubs/…/book) and says who
// may do what by refusing the rest: the page only offers each member their own steps.

import { h } from "./dom.js";

const STATUS_WORDS = {
  owed: "owed",
  marked: "marked paid, waiting for the payee",
  confirmed: "paid",
  replaced: "netted into a later night",
};

/** "+35", "−20" or "0": a result with its sign, as a ledger writes it. */
export function signed(amount) {
  if (amount > 0) return `+${amount}`;
  if (amount < 0) return `\u2212${-amount}`;
  return "0";
}

/** "night #2", or "the night of 2026-10-01 (imported)" for a night from another ledger. */
function nightName(entry) {
  if (entry && entry.number) return `night #${entry.number}`;
  if (entry && entry.date) return `the night of ${entry.date}${entry.source === "played" ? "" : " (imported)"}`;
  return "a night";
}

function nightLabel(book, night) {
  return nightName(book.nights.find((item) => item.night === night));
}

/** The buttons `viewer` may press on `payment` (`viewer`: { member, host }). */
function steps(payment, viewer) {
  const mine = (who) => viewer.member === who;
  const offered = [];
  if (payment.status === "owed" && (mine(payment.payer) || viewer.host)) offered.push(["paid", "Mark paid"]);
  if (payment.status === "marked" && (mine(payment.payee) || viewer.host)) {
    offered.push(["confirmed", "Confirm received"], ["not-received", "Not received"]);
  }
  if (payment.status === "owed" && viewer.host && !mine(payment.payer)) {
    offered.push(["confirmed", "Confirm (paid in cash)"]);
  }
  return offered.map(([step, label]) =>
    h(
      "button",
      {
        type: "button",
        dataset: { step, payment: String(payment.number) },
        "aria-label": `${label}: ${payment.payer_name} pays ${payment.payee_name} ${payment.amount}`,
      },
      label,
    ),
  );
}

function paymentItem(book, payment, viewer) {
  const handle = payment.payee_handle
    ? h(
        "span",
        { className: "pay-handle" },
        " \u2192 ",
        payment.payee_link
          ? h("a", { href: payment.payee_link, rel: "noopener noreferrer", target: "_blank" }, payment.payee_handle)
          : payment.payee_handle,
      )
    : null;
  const replaced = payment.replaced_by ? ` by ${nightLabel(book, payment.replaced_by)}` : "";
  return h(
    "li",
    { className: `payment payment-${payment.status}`, dataset: { payment: String(payment.number) } },
    h("span", { className: "payment-line" }, `${payment.payer_name} pays ${payment.payee_name} ${payment.amount}`),
    handle,
    h(
      "span",
      { className: `badge status-${payment.status}` },
      `#${payment.number} ${STATUS_WORDS[payment.status]}${replaced}`,
    ),
    h("span", { className: "payment-steps" }, steps(payment, viewer)),
  );
}

function balances(book) {
  const cell = (value) => h("td", {}, String(value));
  // Scrolled sideways on a narrow screen rather than squeezed (and reachable by keyboard).
  return h(
    "div",
    { className: "table-scroll", role: "region", "aria-label": "Balances", tabindex: 0 },
    balanceTable(book, cell),
  );
}

function balanceTable(book, cell) {
  return h(
    "table",
    { className: "book-balances" },
    h("caption", {}, "What each member owes and is owed"),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["Member", "Nights", "Paid", "Received", "Owes", "Is owed"].map((title) => h("th", { scope: "col" }, title)),
      ),
    ),
    h(
      "tbody",
      {},
      book.balances.map((balance) =>
        h(
          "tr",
          { dataset: { member: balance.member } },
          h("th", { scope: "row" }, balance.name),
          cell(signed(balance.nights)),
          cell(balance.paid),
          cell(balance.received),
          cell(balance.owes),
          cell(balance.owed_to),
        ),
      ),
    ),
  );
}

function nightItem(book, entry) {
  const name = (account) => book.names[account] || account;
  const results = Object.entries(entry.nets).map(([account, net]) => `${name(account)} ${signed(net)}`);
  const made = entry.payments.length ? `Settle-up: ${entry.payments.map((n) => `#${n}`).join(", ")}` : "Nothing to pay";
  const replaced = entry.replaced.length
    ? `, in place of what was still owed: ${entry.replaced.map((n) => `#${n}`).join(", ")}`
    : "";
  return h(
    "li",
    { dataset: { night: entry.night } },
    h(
      "span",
      {},
      h(
        "strong",
        {},
        nightName(entry).replace(/^./, (first) => first.toUpperCase()),
      ),
      `: ${results.join(", ") || "nobody played"}. `,
      h("span", { className: "muted" }, `${made}${replaced}.`),
    ),
  );
}

function history(book, balance) {
  const payments = new Map(book.payments.map((payment) => [`payment:${payment.number}`, payment]));
  const items = balance.history.map((item) => {
    const payment = payments.get(item);
    if (payment) {
      return h(
        "li",
        {},
        `#${payment.number} ${payment.payer_name} pays ${payment.payee_name} ${payment.amount}: ${STATUS_WORDS[payment.status]}`,
      );
    }
    const night = item.slice("night:".length);
    const entry = book.nights.find((candidate) => candidate.night === night);
    return h("li", {}, `${nightLabel(book, night)}: ${signed(entry ? entry.nets[balance.member] || 0 : 0)}`);
  });
  return h(
    "details",
    { className: "book-history", dataset: { member: balance.member } },
    h("summary", {}, `${balance.name}'s nights and payments`),
    h("ul", {}, items),
  );
}

/** The book section: balances, open and past payments, nights and each member's history.
 * `viewer` is { member, host }; `onStep(step, number)` carries out a button's step. */
export function bookSection(book, viewer, onStep) {
  const open = book.payments.filter((payment) => payment.status === "owed" || payment.status === "marked");
  const done = book.payments.filter((payment) => !open.includes(payment));
  const section = h(
    "section",
    { className: "club-book", "aria-labelledby": "book-title" },
    h("h2", { id: "book-title" }, "The book"),
    book.nights.length
      ? balances(book)
      : h("p", { className: "muted" }, "No night is in the book yet: a night goes in when its host ends it."),
    h("h3", {}, "Still to pay"),
    open.length
      ? h(
          "ul",
          { className: "payments", id: "open-payments" },
          open.map((payment) => paymentItem(book, payment, viewer)),
        )
      : h("p", { className: "muted" }, "Nothing is owed."),
    done.length ? h("h3", {}, "Paid and netted") : null,
    done.length
      ? h(
          "ul",
          { className: "payments" },
          done.map((payment) => paymentItem(book, payment, viewer)),
        )
      : null,
    book.nights.length ? h("h3", {}, "Nights") : null,
    book.nights.length
      ? h(
          "ul",
          { className: "book-nights" },
          book.nights.map((entry) => nightItem(book, entry)),
        )
      : null,
    book.balances.length ? h("h3", {}, "Each member's history") : null,
    book.balances.map((balance) => history(book, balance)),
  );
  section.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    button.disabled = true;
    onStep(button.dataset.step, Number(button.dataset.payment));
  });
  return section;
}
