// What the night's ledger (ledger.js) decides from a table frame, kept apart from its drawing so
// that it can be tested without a page: whether the night's figures may have moved (then the
// page fetches them again) and whether anything the ledger shows changed (then it is drawn again).
// A hand sends each page two table frames, as it begins and as it ends (a seat drawing on its
// time bank, a connection or a sitting out sends one more): only the end moves a figure.

/**
 * What in a table frame can move the night's figures: the night's status, the hands over, each
 * seat's player and stack, and the requests for chips. A hand's start changes none of them (its
 * figures stand as it began), nor does a bet (a stack in the frame moves when the hand ends),
 * a clock or a connection; a hand's end, a seat taken or left, a rebuy asked, approved or paid
 * and the night's end each do.
 */
export function nightKey(table) {
  const over = table.hand_in_progress === null || table.hand_in_progress === undefined;
  return JSON.stringify([
    table.status,
    over ? table.hands_dealt : table.hands_dealt - 1,
    table.seats.map((seat) => [seat.seat, seat.name, seat.stack]),
    table.rebuys,
  ]);
}

/**
 * What the ledger of the page of `seat` (null: none) is drawn from, as a string: the table
 * frame's part of it, the hand the figures leave out, the night as the server sent it, the
 * message and why the night could not be read (if so). Whatever else it shows (the luck, a question asked, an error under the rebuy field)
 * draws the ledger again where it changes.
 */
export function drawnFrom({ table, seat, counting, nightText, message, unread = "" }) {
  return JSON.stringify([
    table.id,
    table.status,
    table.tournament ?? null,
    table.holds_all ?? null,
    table.hand_in_progress ?? null,
    table.settings ? table.settings.deal : null,
    table.seats.map((one) => [one.seat, one.name, one.seat === seat && one.stack === 0]),
    table.rebuys ?? null,
    seat,
    counting,
    nightText,
    message,
    unread,
  ]);
}
