// The page's audit of a private night record (privateaudit.js) off the page's main thread, where
// its seconds of CPU would stop the page answering a click or drawing. nightcheck.js starts this
// module as a Worker and posts it the record and what the page held of its own part; it is told
// `{ready}` once the module and the curves are loaded (a browser that cannot start a module
// Worker never says it: the page then checks on its main thread), `{progress}` as each hand
// starts, and the outcome: `{audit, own}` or `{error}` (the reason, a sentence).

import { auditPrivateNight, ownPart } from "./privateaudit.js";

self.onmessage = async ({ data: { record, held } }) => {
  try {
    const onProgress = (progress) => self.postMessage({ progress });
    const audit = await auditPrivateNight(record, { onProgress, yields: false });
    self.postMessage({ audit, own: ownPart(record, held) });
  } catch (error) {
    self.postMessage({ error: error.message });
  }
};
self.postMessage({ ready: true });
