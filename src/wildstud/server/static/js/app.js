// The page's router: the path says what to show (the server serves this page for all of them).
import { showHome } from "./home.js";
import { showJoin } from "./join.js";
import { showHost } from "./host.js";
import { showTable } from "./table.js";
import { showFelt } from "./felt.js";
import { showShared } from "./shared.js";
import { showClub, showClubHost } from "./club.js";
import { showClubCreate, showClubJoin } from "./clubforms.js";
import { registerWorker } from "./install.js";
import { keptGoodbye, showGoodbye } from "./goodbye.js";
import { applyDeckPreference } from "./cards.js";
import { base } from "./api.js";

applyDeckPreference();
registerWorker();
const root = document.getElementById("main");
const [, kind, token] = window.location.pathname.slice(base.length).split("/");
const socketBase = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${base}`;

if (kind === "seat" && token && keptGoodbye(token)) {
  showGoodbye(root, keptGoodbye(token));
} else if (kind === "seat" && token) {
  showTable(root, { socket: `${socketBase}/ws/seat/${token}`, seatToken: token });
} else if (kind === "watch" && token) {
  showTable(root, { socket: `${socketBase}/ws/watch/${token}`, watchToken: token });
} else if (kind === "felt" && token) {
  showFelt(root, token, socketBase, base);
} else if (kind === "host" && token) {
  showHost(root, token, socketBase);
} else if (kind === "shared" && token) {
  showShared(root, token);
} else if (kind === "join" && token) {
  showJoin(root, token);
} else if (kind === "club" && token) {
  showClub(root, token);
} else if (kind === "club-host" && token) {
  showClubHost(root, token);
} else if (kind === "club-join" && token) {
  showClubJoin(root, token);
} else if (kind === "club") {
  showClubCreate(root);
} else {
  showHome(root);
}
