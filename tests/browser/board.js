// What the table page shows, measured by element boxes (board.py's measure): every problem
// found, in words; none when the whole board is in the window.
(() => {
  const problems = [];
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const fmt = (r) => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)}x${Math.round(r.bottom)}`;
  const inside = (r, box) =>
    r.left >= box.left - 1 && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
  const felt = document.getElementById("felt");
  const feltBox = felt.getBoundingClientRect();
  const check = (what, element, box = screen) => {
    if (!element) {
      problems.push(`${what}: missing`);
      return null;
    }
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) problems.push(`${what}: not shown`);
    else if (!inside(r, box)) problems.push(`${what}: ${fmt(r)} outside ${fmt(box)}`);
    return r;
  };
  if (scrollY !== 0) problems.push(`the page is scrolled by ${scrollY}`);
  if (felt.scrollHeight > felt.clientHeight + 1 || felt.scrollWidth > felt.clientWidth + 1)
    problems.push(
      `the felt scrolls: ${felt.scrollWidth}x${felt.scrollHeight} in ${felt.clientWidth}x${felt.clientHeight}`,
    );
  check("the felt", felt);
  const banner = check("the banner", document.getElementById("banner"));
  if (banner && banner.height > 48) problems.push(`the banner is ${Math.round(banner.height)} px high, not a line`);
  const pots = check("the pot", document.querySelector("#centre .pots"), feltBox);
  const seats = [...document.querySelectorAll("#seats .seat:not(.empty)")];
  const boxes = [];
  for (const seat of seats) {
    const name = seat.querySelector(".name");
    const who = name ? name.textContent : seat.dataset.seat;
    const box = check(`${who}'s seat`, seat, feltBox);
    if (box) boxes.push([who, box]);
    check(`${who}'s name`, name, feltBox);
    if (name && name.scrollWidth > name.clientWidth + 1) problems.push(`${who}'s name is cut short`);
    check(`${who}'s stack`, seat.querySelector(".stack"), feltBox);
    for (const state of seat.querySelectorAll(".state, .bet, .away-tag"))
      check(`${who}'s ${state.textContent}`, state, feltBox);
    const shown = seat.classList.contains("you") ? ".cards .card" : ".cards .card[data-up='true']";
    for (const card of seat.querySelectorAll(shown)) check(`${who}'s ${card.dataset.card || "card"}`, card, feltBox);
  }
  if (pots) boxes.push(["the pot", pots]);
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [a, ra] = boxes[i];
      const [b, rb] = boxes[j];
      const wide = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const high = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (wide > 1 && high > 1) problems.push(`${a} overlaps ${b}`);
    }
  }
  if (document.getElementById("actions").dataset.turn === "yes") {
    for (const button of document.querySelectorAll(
      "#actions button[data-choice], #actions input, #actions button[data-preset]",
    )) {
      if (button.getClientRects().length === 0) continue; // the slider, hidden on a phone
      check(`the ${button.dataset.choice || button.dataset.preset || button.id} control`, button);
    }
    if (!document.querySelector("#actions button[data-choice]")) problems.push("no action button");
  } else problems.push("not the seat's turn");
  return { problems, seats: seats.length };
})();
