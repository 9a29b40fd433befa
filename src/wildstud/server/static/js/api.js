// The REST API: JSON in and out; a refusal throws an Error carrying the server's sentence. The
// page's elements are made in dom.js: this module is the network alone.

import { route, routed } from "./route.js";

/** The path a proxy serves the tables under ("" at the root): the server writes it in the page. */
export const base = document.querySelector('meta[name="wildstud-base"]')?.content ?? "";

export async function api(path, { method = "GET", body } = {}) {
  // Once the page knows which process runs its table, its calls go there too (route.js).
  const url = `${base}/api${path}`;
  const response = await fetch(route.owner ? routed(url) : url, {
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
