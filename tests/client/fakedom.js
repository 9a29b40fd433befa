// The little of the DOM the table's drawing uses (dom.js, drawing.js, cards.js, icons.js), for the
// tests run in Node, which has none: elements, text, attributes, classes and data, children put in
// and taken out. It also counts what a drawing does: each element made (`made`, the list) and each
// change to an element on the page (`changes`), so that a test can tell a seat drawn again from one
// left alone. `html(node)` writes a tree out, attributes sorted, to compare two drawings.

class FakeNode {
  static ELEMENT_NODE = 1;
  static TEXT_NODE = 3;

  constructor(nodeType, owner) {
    this.nodeType = nodeType;
    this.owner = owner;
    this.parentNode = null;
  }

  get nextSibling() {
    if (!this.parentNode) return null;
    const siblings = this.parentNode.childNodes;
    return siblings[siblings.indexOf(this) + 1] || null;
  }

  get parentElement() {
    return this.parentNode;
  }

  get isConnected() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return node === this.owner.body;
  }

  remove() {
    if (this.parentNode) this.parentNode.drop(this);
  }
}

class FakeText extends FakeNode {
  constructor(owner, value) {
    super(FakeNode.TEXT_NODE, owner);
    this.value = String(value);
  }

  get nodeValue() {
    return this.value;
  }

  set nodeValue(value) {
    this.owner.changes += 1;
    this.value = String(value);
  }

  get textContent() {
    return this.value;
  }
}

const dataName = (name) => `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

class FakeElement extends FakeNode {
  constructor(owner, tagName) {
    super(FakeNode.ELEMENT_NODE, owner);
    this.tagName = tagName;
    this.childNodes = [];
    this.attributeMap = new Map();
    const element = this;
    this.dataset = new Proxy(
      {},
      {
        get: (_, name) => element.getAttribute(dataName(String(name))) ?? undefined,
        set: (_, name, value) => {
          element.setAttribute(dataName(String(name)), value);
          return true;
        },
      },
    );
  }

  get attributes() {
    return [...this.attributeMap].map(([name, value]) => ({ name, value }));
  }

  getAttribute(name) {
    return this.attributeMap.has(name) ? this.attributeMap.get(name) : null;
  }

  hasAttribute(name) {
    return this.attributeMap.has(name);
  }

  setAttribute(name, value) {
    this.owner.changes += 1;
    this.attributeMap.set(name, String(value));
  }

  removeAttribute(name) {
    this.owner.changes += 1;
    this.attributeMap.delete(name);
  }

  get className() {
    return this.getAttribute("class") || "";
  }

  set className(value) {
    this.setAttribute("class", value);
  }

  get title() {
    return this.getAttribute("title") || "";
  }

  set title(value) {
    this.setAttribute("title", value);
  }

  get classList() {
    const tokens = () => this.className.split(/\s+/).filter(Boolean);
    // As a browser does: no class attribute is written when the classes do not change.
    const write = (list) => {
      if (list.join(" ") !== tokens().join(" ")) this.className = list.join(" ");
    };
    return {
      contains: (token) => tokens().includes(token),
      add: (...added) => write([...tokens(), ...added.filter((token) => !tokens().includes(token))]),
      remove: (...removed) => write(tokens().filter((token) => !removed.includes(token))),
      toggle: (token, force = !tokens().includes(token)) => {
        if (force && !tokens().includes(token)) write([...tokens(), token]);
        if (!force && tokens().includes(token)) write(tokens().filter((item) => item !== token));
        return force;
      },
    };
  }

  get children() {
    return this.childNodes.filter((node) => node.nodeType === FakeNode.ELEMENT_NODE);
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  get textContent() {
    return this.childNodes.map((node) => node.textContent).join("");
  }

  set textContent(value) {
    this.replaceChildren(String(value));
  }

  drop(node) {
    this.owner.changes += 1;
    this.childNodes.splice(this.childNodes.indexOf(node), 1);
    node.parentNode = null;
  }

  insertBefore(node, before) {
    if (before && before.parentNode !== this) throw new Error("insertBefore: not a child");
    if (node.parentNode) node.parentNode.drop(node);
    this.owner.changes += 1;
    const at = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(at, 0, node);
    node.parentNode = this;
    return node;
  }

  append(...nodes) {
    for (const node of nodes) this.insertBefore(node instanceof FakeNode ? node : new FakeText(this.owner, node), null);
  }

  appendChild(node) {
    return this.insertBefore(node, null);
  }

  replaceChildren(...nodes) {
    for (const node of [...this.childNodes]) node.remove();
    this.append(...nodes);
  }

  addEventListener() {}

  /** The elements under this one, in document order. */
  *walk() {
    for (const node of this.children) {
      yield node;
      yield* node.walk();
    }
  }

  querySelectorAll(selector) {
    // Only what the tests ask: a class (".seat") or an attribute ("[data-key]").
    const cls = selector.match(/^\.([\w-]+)$/);
    const attribute = selector.match(/^\[([\w-]+)\]$/);
    return [...this.walk()].filter((node) =>
      cls ? node.classList.contains(cls[1]) : attribute ? node.hasAttribute(attribute[1]) : false,
    );
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
}

class FakeDocument {
  constructor() {
    this.made = [];
    this.changes = 0;
    this.body = new FakeElement(this, "BODY");
  }

  createElement(tag) {
    const element = new FakeElement(this, tag.toUpperCase());
    this.made.push(element);
    return element;
  }

  createElementNS(_, tag) {
    const element = new FakeElement(this, tag);
    this.made.push(element);
    return element;
  }

  createTextNode(value) {
    return new FakeText(this, value);
  }

  querySelector(selector) {
    return this.body.querySelector(selector);
  }

  /** Forget what was made and changed so far. */
  count() {
    this.made = [];
    this.changes = 0;
  }
}

/** A fresh document, installed as the global `document` (and `Node`) the page's modules use. */
export function installDocument() {
  const document = new FakeDocument();
  globalThis.document = document;
  globalThis.Node = FakeNode;
  return document;
}

/** `node` and what it holds written out, attributes sorted by name. */
export function html(node) {
  if (node.nodeType === FakeNode.TEXT_NODE) return node.value;
  // An element whose last class was taken away keeps class="", as in a browser: it looks the same.
  const attributes = [...node.attributeMap]
    .filter(([name, value]) => name !== "class" || value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join("");
  return `<${node.tagName}${attributes}>${node.childNodes.map(html).join("")}</${node.tagName}>`;
}
