// The players' part in each deck (issue 26), byte for byte as src/wildstud/joint_shuffle.py: a
// page commits to a random value of its own before each deal and reveals it once everyone has
// committed; the deck is then a Fisher–Yates shuffle driven by an HMAC-SHA256 stream keyed by
// the hand's seed over every revealed value. This module makes the page's value and commitment
// and, once the night's seed is revealed, recomputes any deck of the night, by WebCrypto alone.
// tests/client/jointshuffle.test.js holds it to the library's fixed vectors
// (tests/golden/joint_shuffle.json).

const RANK_ORDER = "23456789TJQKA";
const SUIT_ORDER = "cdhs";
const DECK_SIZE = 52;
const SIZE = 32;

const encode = (text) => new TextEncoder().encode(text);
const NIGHT = encode("wildstud/night-seed\0");
const HAND = encode("wildstud/hand-seed\0");
const VALUE = encode("wildstud/value\0");
const DECK = encode("wildstud/deck\0");
const SALT = encode("wildstud/salt\0");

/** The cards in the library's order (2c 2d 2h 2s 3c ... As): code = rank * 4 + suit. */
export const CARDS = Array.from({ length: DECK_SIZE }, (_, code) => RANK_ORDER[code >> 2] + SUIT_ORDER[code & 3]);

export const toHex = (data) => Array.from(data, (byte) => byte.toString(16).padStart(2, "0")).join("");
export const fromHex = (hex) => Uint8Array.from(hex.match(/../g) || [], (pair) => parseInt(pair, 16));

function join(...parts) {
  const all = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

function whole(number, bytes, what) {
  const top = bytes === 8 ? Number.MAX_SAFE_INTEGER : 2 ** (8 * bytes) - 1;
  if (!Number.isInteger(number) || number < 0 || number > top) throw new RangeError(`${what}: ${number}`);
  const out = new Uint8Array(bytes);
  let rest = BigInt(number);
  for (let index = bytes - 1; index >= 0; index -= 1) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function sized(data, what) {
  if (!(data instanceof Uint8Array) || data.length !== SIZE) throw new RangeError(`${what} is ${SIZE} bytes`);
  return data;
}

async function sha256(data) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

async function hmacKey(key) {
  return crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function hmac(key, data) {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data));
}

/** A fresh value for one deal: 32 bytes from the browser's secure generator. */
export function newValue() {
  return crypto.getRandomValues(new Uint8Array(SIZE));
}

/** The published commitment to a night seed (hex). */
export async function nightCommitment(seed) {
  return toHex(await sha256(join(NIGHT, sized(seed, "a night seed"))));
}

/** Hand `hand`'s seed, from the night seed. */
export async function handSeed(seed, hand) {
  return hmac(await hmacKey(sized(seed, "a night seed")), join(HAND, whole(hand, 8, "a hand number")));
}

/** A page's commitment to its value for one deal, bound to the hand, the deal and the seat (hex). */
export async function valueCommitment(value, hand, deal, seat) {
  const bound = join(VALUE, whole(hand, 8, "a hand"), whole(deal, 1, "a deal"), whole(seat, 1, "a seat"));
  return toHex(await sha256(join(bound, sized(value, "a value"))));
}

/** Whether `value` opens `commitment` for that hand, deal and seat. */
export async function opens(commitment, value, hand, deal, seat) {
  try {
    return commitment === (await valueCommitment(value, hand, deal, seat));
  } catch {
    return false;
  }
}

/**
 * The deck of a deal, as card codes ("Qs"), top card first: `values` maps each seat whose value
 * went in to its 32 bytes. Words of 32 bits come from HMAC(hand seed, transcript ‖ block); each
 * swap's index is drawn again while the word is at or over the largest multiple of its range.
 */
export async function deckOrder(seed, hand, deal, values) {
  const seats = [...values.keys()].sort((a, b) => a - b);
  const transcript = join(
    DECK,
    whole(hand, 8, "a hand"),
    whole(deal, 1, "a deal"),
    whole(seats.length, 1, "a count"),
    ...seats.flatMap((seat) => [whole(seat, 1, "a seat"), sized(values.get(seat), "a value")]),
  );
  const order = await permutation(sized(seed, "a hand seed"), transcript, CARDS.length);
  return order.map((index) => CARDS[index]);
}

/**
 * The positions 0 … size − 1 shuffled by Fisher–Yates from the last position down (the library's
 * joint_shuffle.permutation, which the private deal's deal order draws by too): words of 32 bits
 * come from HMAC-SHA256(key, message ‖ block); each swap's index is drawn again while the word is
 * at or over the largest multiple of its range.
 */
export async function permutation(rawKey, message, size) {
  const key = await hmacKey(rawKey);
  let block = 0;
  let words = [];
  const next = async () => {
    if (words.length === 0) {
      const digest = await hmac(key, join(message, whole(block, 4, "a block")));
      block += 1;
      const data = new DataView(digest.buffer);
      words = Array.from({ length: digest.length / 4 }, (_, index) => data.getUint32(index * 4));
    }
    return words.shift();
  };
  const positions = Array.from({ length: size }, (_, index) => index);
  for (let top = size - 1; top > 0; top -= 1) {
    const span = top + 1;
    const limit = 2 ** 32 - (2 ** 32 % span);
    let word = await next();
    while (word >= limit) word = await next();
    const pick = word % span;
    [positions[top], positions[pick]] = [positions[pick], positions[top]];
  }
  return positions;
}

/** The salts of a deal's commitment, one a position, from the hand's seed. */
export async function deckSalts(seed, deal) {
  const key = await hmacKey(sized(seed, "a hand seed"));
  const salts = [];
  for (let position = 0; position < DECK_SIZE; position += 1) {
    salts.push(await hmac(key, join(SALT, whole(deal, 1, "a deal"), Uint8Array.of(position))));
  }
  return salts;
}
