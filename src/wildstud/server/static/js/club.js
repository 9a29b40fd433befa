// A club's page: for a member (/club/{member token}) and for its host (/club-host/{host token}).
// Both show the members, the nights created from the club and the club's book; the host's page
// also decides requests to join, starts nights and ends them. A member sits down at a night as
// themselves (the seat's link is kept in site storage, so the button then reopens that seat);
// the table host token of a night, given once when it is made, is kept there too, so the
// host's page links to each night's console.

import { api, base } from "./api.js";
import { copyButton, h } from "./dom.js";
import { field } from "./home.js";
import { devicePanel } from "./devices.js";
import { readSetting, writeSetting } from "./storage.js";
import { bookSection } from "./clubbook.js";
import { standingsSection } from "./clubstats.js";
import { memberKey } from "./clubforms.js";

const nightHostKey = (tableId) => `wildstud.clubnight.${tableId}`;
const seatKey = (tableId) => `wildstud.clubseat.${tableId}`;
const POLL_MS = 2000;
/** How often a drawn page looks for what others changed (a night started or ended, a member
 * let in, a payment marked): often enough for a night about to start, rarely enough that a
 * club's pages left open all evening cost the server little. */
const WATCH_MS = 20000;
let watching = 0; // the drawn page's timer: one page is drawn at a time

/** Whether a failed call is worth making again by itself: the server busy or limiting reads
 * (429, 5xx) or not reached at all. A refusal (403, 404, 409…) is not. */
const passing = (error) => error.status === undefined || error.status === 429 || error.status >= 500;

/** A button's or form's work on the club: the page says it is busy from the moment the
 * player acts until it is drawn again (a script or a test waits for "ready" before it reads
 * the page), and a refusal is said in the page's status line. */
function acting(say, work) {
  return async (...args) => {
    document.body.dataset.club = "loading";
    try {
      await work(...args);
    } catch (error) {
      say(error.message);
      document.body.dataset.club = "ready";
    }
  };
}

/** Black or white, whichever reads better on `colour` ("#rrggbb"), by WCAG's relative
 * luminance: a member may choose any colour, and their initials must stay legible on it. */
export function inkOn(colour) {
  const channel = (offset) => {
    const value = parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? "#000" : "#fff";
}

/** A member's badge: their initials (or first letter) on their colour, and their name. */
function badge(member) {
  const disc = h(
    "span",
    { className: "member-disc", "aria-hidden": "true" },
    member.initials || member.name.slice(0, 1).toUpperCase(),
  );
  // Set through the CSSOM, which the page's policy allows (a style attribute it would refuse).
  disc.style.backgroundColor = member.colour;
  disc.style.color = inkOn(member.colour);
  return h("span", { className: "member" }, disc, h("span", { className: "member-name" }, member.name));
}

async function memberLink(token) {
  return api(`/clubs/member/${token}/device-link`);
}

function profileForm(you, token, onSaved) {
  const status = h("p", { role: "status", className: "muted" });
  const handle = h("input", { name: "handle", value: you.handle || "", maxlength: 100 });
  const colour = h("input", { type: "color", name: "colour", value: you.colour });
  const form = h(
    "form",
    { className: "create club-profile", "aria-label": "Your profile" },
    h("h2", {}, "You"),
    h("p", {}, badge(you)),
    field("Your colour", colour),
    field(
      "Where to pay you (optional)",
      handle,
      "A PayPal.me, Venmo, Cash App ($cashtag), Monzo or Revolut link becomes a link; anything else is shown as you write it.",
    ),
    h("button", { type: "submit" }, "Save"),
    status,
  );
  const save = acting(
    (text) => (status.textContent = text),
    async () => {
      await api(`/clubs/member/${token}/profile`, {
        method: "PUT",
        body: { colour: colour.value, handle: handle.value },
      });
      status.textContent = "Saved.";
      onSaved();
    },
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save();
  });
  return form;
}

function nightsSection(club, { memberToken, hostToken, say, refresh }) {
  const items = club.nights.map((night) => {
    const over = night.status === "ended";
    const seat = readSetting(seatKey(night.table_id));
    const console = hostToken ? readSetting(nightHostKey(night.table_id)) : null;
    const sit = h("button", { type: "button", dataset: { sit: night.table_id } }, "Sit down");
    sit.addEventListener(
      "click",
      acting(say, async () => {
        const granted = await api(`/clubs/member/${memberToken}/nights/${night.table_id}/seat`, {
          method: "POST",
          body: {},
        });
        writeSetting(seatKey(night.table_id), granted.link);
        window.location.assign(granted.link);
      }),
    );
    const end = h("button", { type: "button", dataset: { end: night.table_id } }, "End the night");
    end.addEventListener(
      "click",
      acting(say, async () => {
        await api(`/clubs/host/${hostToken}/nights/${night.table_id}/end`, { method: "POST" });
        await refresh();
      }),
    );
    const where = night.booked ? "in the book" : over ? "ended" : night.status || "elsewhere";
    return h(
      "li",
      { dataset: { night: night.table_id } },
      h("strong", {}, `Night #${night.number}`),
      night.name ? ` ${night.name}` : "",
      h("span", { className: "badge" }, where),
      " ",
      !over && seat ? h("a", { href: seat }, "Open your seat") : null,
      !over && !seat && memberToken ? sit : null,
      console ? h("a", { href: `${base}/host/${console}` }, "Host console") : null,
      hostToken && !over ? end : null,
    );
  });
  const start = h("button", { type: "button", id: "start-night" }, "Start a night");
  start.addEventListener(
    "click",
    acting(say, async () => {
      const night = await api(`/clubs/host/${hostToken}/nights`, { method: "POST", body: {} });
      writeSetting(nightHostKey(night.table_id), night.host_token);
      await refresh();
    }),
  );
  return h(
    "section",
    { className: "club-nights", "aria-labelledby": "nights-title" },
    h("h2", { id: "nights-title" }, "Nights"),
    hostToken ? start : null,
    items.length ? h("ul", {}, items) : h("p", { className: "muted" }, "No night yet."),
  );
}

function membersSection(club, hostToken, say, refresh) {
  const rows = club.members.map((member) => {
    const decide = (approve) =>
      acting(say, async () => {
        await api(`/clubs/host/${hostToken}/members/${member.id}`, { method: "POST", body: { approve } });
        await refresh();
      });
    const pending = member.status === "pending";
    const approve = h("button", { type: "button", "aria-label": `Let in ${member.name}` }, "Let in");
    const decline = h("button", { type: "button", "aria-label": `Decline ${member.name}` }, "Decline");
    approve.addEventListener("click", decide(true));
    decline.addEventListener("click", decide(false));
    return h(
      "li",
      { dataset: { member: member.id } },
      badge(member),
      member.host ? h("span", { className: "badge" }, "host") : null,
      pending ? h("span", { className: "badge" }, "asks to join") : null,
      pending && hostToken ? [approve, decline] : null,
    );
  });
  return h(
    "section",
    { className: "club-members", "aria-labelledby": "members-title" },
    h("h2", { id: "members-title" }, "Members"),
    h("ul", {}, rows),
    hostToken ? joinLink(club.links.join) : null,
  );
}

/** The club's join link for its host to pass on: the link, a button to copy it, and where the
 * device can share (a phone), a button to send it straight to a chat. */
function joinLink(link) {
  const shown = h("a", { href: link }, link);
  const share = navigator.share
    ? h(
        "button",
        {
          type: "button",
          onclick: () => navigator.share({ title: "Join our poker club", url: link }).catch(() => {}),
        },
        "Share",
      )
    : null;
  return h(
    "p",
    { className: "device-link" },
    "Send this link to whoever may join: ",
    shown,
    " ",
    copyButton(link, shown, "Copy the link"),
    share ? [" ", share] : null,
  );
}

/** What differs between two readings of the club and its book, in words ("nights", "the
 * book"…); empty when nothing does. */
export function clubChanges(before, after) {
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  return [
    same(before.club.members, after.club.members) ? null : "members",
    same(before.club.nights, after.club.nights) ? null : "nights",
    same(before.book, after.book) ? null : "the book",
  ].filter(Boolean);
}

/** Keep looking, while the page is shown, for what others changed since it was `drawn`, and
 * say so in `news` with a button that draws the page again. The page is not redrawn by itself:
 * a member filling in a form or reading the standings would lose their place. */
function watch(news, paths, drawn, refresh) {
  window.clearTimeout(watching);
  const look = async () => {
    if (!news.isConnected) return; // the page was left or drawn again
    if (!document.hidden) {
      try {
        const now = { club: await api(paths.club), book: await api(paths.book) };
        const parts = clubChanges(drawn, now);
        if (parts.length) {
          const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
          const show = h("button", { type: "button", id: "club-news-show" }, "Show it");
          show.addEventListener("click", refresh);
          news.replaceChildren(`Something new in the club's ${list}.`, show);
          return; // said once: the button draws the page, which starts looking again
        }
      } catch {
        // A busy server or a lost connection: look again at the next turn.
      }
    }
    watching = window.setTimeout(look, WATCH_MS);
  };
  watching = window.setTimeout(look, WATCH_MS);
}

async function render(root, { club, bookPath, memberToken, hostToken, season = null }) {
  const status = h("p", { role: "status", id: "club-status" });
  const say = (text) => {
    status.textContent = text;
  };
  const again = (chosen) => render(root, { club: null, bookPath, memberToken, hostToken, season: chosen });
  const refresh = () => again(season);
  // Busy until drawn again: what is on the page now is about to be replaced (a test, or a
  // script, waits for "ready" before it uses the page).
  document.body.dataset.club = "loading";
  let book;
  try {
    club = club || (await api(hostToken ? `/clubs/host/${hostToken}` : `/clubs/member/${memberToken}`));
    book = await api(bookPath);
  } catch (error) {
    // A read the server is too busy for (or a lost connection) is made again by itself; a
    // refusal (an unknown link) is final.
    const retry = passing(error);
    root.replaceChildren(
      h("p", { role: "alert" }, retry ? `${error.message}: trying again in a moment…` : error.message),
    );
    if (retry) window.setTimeout(refresh, POLL_MS);
    else document.body.dataset.club = "failed";
    return;
  }
  const path = hostToken ? `/clubs/host/${hostToken}` : `/clubs/member/${memberToken}`;
  let standings = null;
  try {
    standings = await api(`${path}/standings${season ? `?season=${encodeURIComponent(season)}` : ""}`);
  } catch (error) {
    say(error.message); // the rest of the club stands without them
  }
  const viewer = { member: club.you.id, host: Boolean(hostToken) };
  const onStep = acting(say, async (step, number) => {
    await api(`${path}/payments/${number}/${step}`, { method: "POST" });
    await refresh();
  });
  const news = h("p", { role: "status", id: "club-news" });
  const reload = h("button", { type: "button", id: "club-refresh" }, "Refresh");
  reload.addEventListener("click", refresh);
  root.replaceChildren(
    h(
      "header",
      { className: "bar" },
      h("h1", {}, club.name),
      h("p", { className: "game-line" }, hostToken ? "Your club (host)" : "Your club"),
      h("div", { className: "tools" }, reload),
    ),
    status,
    news,
    h(
      "div",
      { className: "club-page" },
      h(
        "div",
        {},
        membersSection(club, hostToken, say, refresh),
        nightsSection(club, { memberToken, hostToken, say, refresh }),
      ),
      bookSection(book, viewer, onStep),
      standings
        ? standingsSection(club, standings, {
            path,
            season,
            hostToken,
            choose: again,
            refresh: (chosen) => again(chosen === undefined ? season : chosen),
          })
        : null,
      memberToken
        ? h(
            "div",
            {},
            profileForm(club.you, memberToken, refresh),
            devicePanel(memberToken, { what: "your membership of the club", fetchLink: memberLink }),
          )
        : null,
    ),
  );
  watch(news, { club: path, book: bookPath }, { club, book }, refresh);
  document.body.dataset.club = "ready";
}

/** A member's page: waits for the host while the request is pending. */
export async function showClub(root, token) {
  let standing;
  try {
    standing = await api(`/clubs/member/${token}/status`);
  } catch (error) {
    // A member waiting for the host must not be left waiting on a page that stopped asking:
    // a busy server or a lost connection is asked again.
    const retry = passing(error);
    root.replaceChildren(
      h("p", { role: "alert" }, retry ? `${error.message}: trying again in a moment…` : error.message),
    );
    if (retry) window.setTimeout(() => showClub(root, token), POLL_MS);
    return;
  }
  if (standing.status !== "member") {
    root.replaceChildren(
      h("header", { className: "bar" }, h("h1", {}, "wildstud")),
      h(
        "p",
        { role: "status", id: "club-status" },
        standing.status === "pending"
          ? `Waiting for the host to let you in, ${standing.member.name}… This page opens the club as soon as they do.`
          : `The host declined your request to join, ${standing.member.name}.`,
      ),
    );
    if (standing.status === "pending") window.setTimeout(() => showClub(root, token), POLL_MS);
    return;
  }
  await render(root, { club: null, bookPath: `/clubs/member/${token}/book`, memberToken: token, hostToken: null });
}

/** The host's page: the member token kept when the club was made seats the host too. */
export async function showClubHost(root, token) {
  let club;
  try {
    club = await api(`/clubs/host/${token}`);
  } catch (error) {
    root.replaceChildren(h("p", { role: "alert" }, error.message));
    return;
  }
  const memberToken = readSetting(memberKey(club.id));
  await render(root, { club, bookPath: `/clubs/host/${token}/book`, memberToken, hostToken: token });
}
