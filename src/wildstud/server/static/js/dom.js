// The page's elements, apart from the network (api.js): made from a tag, attributes and
// children, and redrawn without losing the reader's place: a freshly drawn tree is merged into
// the one on the page, so an element that is still there (the focused card, a seat, a button)
// stays the same element and only what changed is touched.

/** An element from a tag, attributes and children (strings become text, never HTML). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "className") {
      element.className = value;
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Whether `fresh` may take the place of `old` by updating it in place. */
function sameKind(old, fresh) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return true;
  return old.tagName === fresh.tagName && old.getAttribute("data-key") === fresh.getAttribute("data-key");
}

function mergeAttributes(old, fresh) {
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
}

/** `container`'s children that carry a `data-key`, by their key. */
function keyedChildren(container) {
  const keyed = new Map();
  for (const child of container.children) {
    const key = child.getAttribute("data-key");
    if (key !== null) keyed.set(key, child);
  }
  return keyed;
}

/** `node` and the siblings after it taken off the page. */
function removeFrom(node) {
  while (node) {
    const spare = node;
    node = node.nextSibling;
    spare.remove();
  }
}

/**
 * Make `target`'s children look like `fresh`'s (a detached element drawn from scratch).
 * Children are matched by `data-key` where they carry one and by position otherwise; event
 * listeners are not carried over, so merged trees listen through their containers.
 */
export function mergeChildren(target, fresh) {
  // A keyed child the fresh drawing no longer holds goes first, as drawKeyed's do: left in place
  // until the end, each keyed sibling after it was moved in front of it, taken off the page and
  // put back, and a button under a finger that is taken off the page loses its click (the
  // ledger's Leave, when a line above it went at a hand's end).
  const wanted = new Map();
  for (const child of fresh.children) {
    const key = child.getAttribute("data-key");
    if (key !== null) wanted.set(key, child.tagName);
  }
  for (const child of [...target.children]) {
    const key = child.getAttribute("data-key");
    if (key !== null && wanted.get(key) !== child.tagName) child.remove();
  }
  const keyed = keyedChildren(target);
  let cursor = target.firstChild;
  for (const next of [...fresh.childNodes]) {
    const key = next.nodeType === Node.ELEMENT_NODE ? next.getAttribute("data-key") : null;
    let match = null;
    if (key !== null && keyed.has(key) && keyed.get(key).tagName === next.tagName) {
      match = keyed.get(key);
      keyed.delete(key);
    } else if (cursor && key === null && sameKind(cursor, next)) {
      match = cursor;
    }
    if (match) {
      if (match !== cursor) target.insertBefore(match, cursor);
      merge(match, next);
      cursor = match.nextSibling;
    } else {
      target.insertBefore(next, cursor);
    }
  }
  removeFrom(cursor);
}

function merge(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  mergeAttributes(old, fresh);
  mergeChildren(old, fresh);
}

// What each element drawn by drawKeyed was drawn from (a string), so that the next drawing can
// leave it alone when that has not changed. Kept beside the page, not in an attribute: nothing
// reads it but drawKeyed.
const drawnFrom = new WeakMap();

/**
 * Make `container`'s children the `parts`, in order, each `{key, drawn, draw, parts}`: `key` the
 * `data-key` of the element `draw()` makes, `drawn` a string of everything that element shows.
 * A child whose `drawn` is the one it was last drawn from is left as it is, not drawn again nor
 * merged; any other is drawn and merged into the child of its key (or put in if there is none).
 * Children of no part are removed. So the drawing that changed one seat of ten builds one seat.
 * With `parts` (a function giving parts of its own), `draw()` makes the element alone, whose
 * attributes are merged, and its children are drawn the same way in turn: a seat drawn again
 * builds only the parts of it that changed.
 *
 * Anything else that writes into a part's element (a clock's countdown, a card's proof mark) must
 * write what it would write again after a fresh drawing: a part left alone keeps what it holds.
 */
export function drawKeyed(container, parts) {
  // The children of no part go first, so that a part's element is moved only where the order
  // changed: the hand log's window of 60 lines moving on by one line used to move each of its
  // lines in turn before the oldest (59 moves, and the browser laying out and painting every
  // line again, in every page at every action).
  const wanted = new Set(parts.map((part) => part.key));
  for (const child of [...container.childNodes]) {
    if (child.nodeType !== Node.ELEMENT_NODE || !wanted.has(child.getAttribute("data-key"))) child.remove();
  }
  const keyed = keyedChildren(container);
  let cursor = container.firstChild;
  for (const { key, drawn, draw, parts: inner = null } of parts) {
    let element = keyed.get(key);
    keyed.delete(key);
    if (!element || drawnFrom.get(element) !== drawn) {
      const fresh = draw();
      if (element && element.tagName === fresh.tagName) {
        if (inner) mergeAttributes(element, fresh);
        else merge(element, fresh);
      } else {
        if (element === cursor) cursor = cursor.nextSibling;
        if (element) element.remove();
        element = fresh;
      }
      if (inner) drawKeyed(element, inner());
      drawnFrom.set(element, drawn);
    }
    if (element !== cursor) container.insertBefore(element, cursor);
    cursor = element.nextSibling;
  }
  removeFrom(cursor);
}

// What each container drawn by drawChildren last had its children drawn from.
const childrenFrom = new WeakMap();

/**
 * Make `container`'s children the elements `draw()` returns (nulls left out), merged into those
 * on the page, unless `drawn`, a string of everything they show, is what they were last drawn
 * from: then nothing is drawn. A `drawn` of null always draws.
 */
export function drawChildren(container, drawn, draw) {
  if (drawn !== null && childrenFrom.get(container) === drawn) return;
  const fresh = document.createElement(container.tagName);
  fresh.append(...draw().filter(Boolean));
  mergeChildren(container, fresh);
  if (drawn === null) childrenFrom.delete(container);
  else childrenFrom.set(container, drawn);
}

/**
 * Run `redraw`, then, if it removed the focused element, give the focus to its nearest
 * ancestor still on the page that can hold it (a seat, the actions section): a keyboard user
 * goes on from where they were instead of from the top of the page.
 */
export function keepFocus(redraw) {
  const before = document.activeElement;
  const chain = [];
  for (let node = before; node && node !== document.body; node = node.parentElement) chain.push(node);
  redraw();
  if (!before || before === document.body || before.isConnected) return;
  const home = chain.find((node) => node.isConnected && node.hasAttribute("tabindex"));
  if (home) home.focus({ preventScroll: true });
}

/**
 * Keep `list` (an element that scrolls) at its end while its reader leaves it there, and call
 * the returned function after each change to it. Whether the reader is at the end is read as
 * the list scrolls (its layout is then up to date) and the scroll to the new end waits for the
 * next frame: reading a list's height right after a redraw made the browser lay the whole page
 * out again there and then, twice a frame, which cost a table page more than its drawing did.
 *
 *   const followLog = followEnd(log); log.append(line); followLog();
 */
export function followEnd(list) {
  let atEnd = true;
  let queued = false;
  // The list's height when this last looked (at a frame, below). A scroll event comes a frame
  // after its scroll, often after more lines came (a showdown's dozen at once), and its place is
  // read against the list that was scrolled, not the longer one of the moment: read against
  // that, the list's own scroll to its end, or the browser's as a new hand's few lines took the
  // last hand's place, looked like its reader scrolling up, and it stopped following for good
  // (the hand log of a quick table stuck at its first lines).
  let height = Infinity;
  // A list at its end is not scroll-anchored (app.css, .at-end): as lines left the top of the
  // hand log's window of 60, the browser kept the lines in view in place, which scrolled the
  // list up from its end, and it stopped following. A reader scrolled up keeps their place.
  const mark = () => list.classList.toggle("at-end", atEnd);
  const measure = () => {
    atEnd = list.scrollTop + list.clientHeight >= Math.min(height, list.scrollHeight) - 4;
    mark();
  };
  list.addEventListener("scroll", measure, { passive: true });
  mark();
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      // A list too short to scroll is at its end, wherever its reader had scrolled it before
      // (read here, the frame's own layout done a moment early, not once more).
      const now = list.scrollHeight;
      // A list out of sight (the chat folded on a phone) has no height to keep: read as 0, its
      // reader's first scroll up once it opens would be taken for the end.
      height = list.clientHeight > 0 ? now : Infinity;
      if (now <= list.clientHeight + 4) {
        atEnd = true;
        mark();
      } else if (atEnd) list.scrollTop = now;
    });
  };
}

/**
 * A button that copies `text` and says so ("Copied"). A page opened over plain http from
 * another machine (a home server at its LAN address) has no `navigator.clipboard`: there the
 * text is copied through a selection, and where even that is refused the button selects the
 * `shown` element's text and asks the reader to copy it, rather than doing nothing.
 *
 *   h("p", {}, link, " ", copyButton(url, link, "Copy the link"))
 */
export function copyButton(text, shown = null, label = "Copy") {
  const button = h("button", { type: "button" }, label);
  const said = (words) => {
    button.textContent = words;
  };
  button.addEventListener("click", () => {
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(text).then(
        () => said("Copied"),
        () => said(copyBySelection(text, shown) ? "Copied" : "Selected: copy it"),
      );
    } else {
      said(copyBySelection(text, shown) ? "Copied" : "Selected: copy it");
    }
  });
  return button;
}

/** Copy `text` through a selection (where the clipboard API is missing), or, failing that,
 * leave `shown`'s text selected for the reader; whether it was copied. */
function copyBySelection(text, shown) {
  const area = h("textarea", { readonly: true, "aria-hidden": "true", className: "copy-source" }, text);
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  if (!copied && shown) {
    const range = document.createRange();
    range.selectNodeContents(shown);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }
  return copied;
}
