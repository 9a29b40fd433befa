// The REST API: JSON in and out; a refusal throws an Error carrying the server's sentence.

/** The path a proxy serves the tables under ("" at the root): the server writes it in the page. */
export const base = document.querySelector('meta[name="wildstud-base"]')?.content ?? "";

export async function api(path, { method = "GET", body } = {}) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) {
      detail = detail.map((item) => `${(item.loc || []).slice(1).join(".")}: ${item.msg}`).join("; ");
    }
    const error = new Error(detail || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

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
