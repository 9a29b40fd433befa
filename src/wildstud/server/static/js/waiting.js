// Following a seat request until the host answers: the join page and the spectator page ask
// the same question every few seconds, and open the seat once it is given.

import { api } from "./api.js";
import { nameProblem } from "./home.js";

const POLL_MS = 2000;

/** Ask how the request (or seat) of `secret` stands, and again while it waits: `on.pending`,
 * `on.declined` and `on.gone` get the server's answer, `on.unknown` an answer that names
 * nothing (the table closed, or a token of another server); a seat given opens at once.
 * Returns a function that stops the following. */
export function followRequest(secret, on) {
  let timer = null;
  let stopped = false;
  const step = async () => {
    let answer;
    try {
      answer = await api(`/seat/${secret}/status`);
    } catch {
      if (!stopped) on.unknown();
      return;
    }
    if (stopped) return;
    if (answer.status === "seated") {
      window.location.assign(new URL(answer.link).pathname);
    } else if (answer.status === "pending") {
      on.pending(answer);
      timer = setTimeout(step, POLL_MS);
    } else if (answer.status === "declined") {
      on.declined(answer);
    } else {
      on.gone(answer);
    }
  };
  step();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Check the `name` field as the server would while it is typed; on submit, `send()` once it
 * passes (its message sits next to the field otherwise). */
export function onNameSent(form, name, send) {
  const check = () => {
    name.setCustomValidity(nameProblem(name.value, 40));
    document.getElementById(name.getAttribute("aria-describedby")).textContent = name.validationMessage;
  };
  name.addEventListener("input", check);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    check();
    if (form.checkValidity()) send();
  });
}
