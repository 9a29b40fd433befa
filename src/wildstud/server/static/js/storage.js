// Site storage that may be missing: a browser that blocks it throws on the first touch of
// `localStorage`, and the page must work all the same (a preference then lasts the visit).

const memory = new Map();

function store() {
  try {
    const storage = window.localStorage;
    storage.getItem("wildstud.probe");
    return storage;
  } catch {
    return null;
  }
}

/** The stored value for `key`, or null (also when storage is blocked). */
export function readSetting(key) {
  const storage = store();
  if (storage) {
    try {
      return storage.getItem(key);
    } catch {
      // A storage that refuses reads is no storage: fall back on the visit's memory.
    }
  }
  return memory.has(key) ? memory.get(key) : null;
}

/** Keep `value` for `key`: in site storage where it works, for the visit otherwise. */
export function writeSetting(key, value) {
  memory.set(key, value);
  const storage = store();
  if (!storage) return;
  try {
    storage.setItem(key, value);
  } catch {
    // Full or refused: the visit's memory has it.
  }
}
