// Vendor @noble/curves' Ristretto255 (and the @noble/hashes it imports) into the server's static
// files as plain ES modules, for the page's half of the private deal (static/js/privatedeal.js):
// every module ed25519.js needs, found by following its imports, copied byte for byte except
// that the bare "@noble/hashes/..." specifiers become relative paths (a page has no import map).
// The versions are package-lock.json's; tests/test_vendored.py checks the copy is this script's.
//
//   node scripts/vendor-noble.mjs          # write src/wildstud/server/static/vendor/noble
//   node scripts/vendor-noble.mjs --check  # exit 1 if the vendored files differ

import { readFileSync, writeFileSync, mkdirSync, rmSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, posix } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const modules = join(root, "node_modules", "@noble");
const target = join(root, "src", "wildstud", "server", "static", "vendor", "noble");
const IMPORT = /(\bfrom\s*|\bimport\s*)(["'])([^"']+)\2/g;

/** Every module reachable from `entry` (a path under node_modules/@noble), with its new text. */
function closure(entry) {
  const files = new Map();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop();
    if (files.has(file)) continue;
    const text = readFileSync(join(modules, file), "utf8");
    const rewritten = text.replace(IMPORT, (whole, keyword, quote, spec) => {
      let path;
      if (spec.startsWith("@noble/")) path = spec.slice("@noble/".length);
      else if (spec.startsWith(".")) path = posix.join(posix.dirname(file), spec);
      else throw new Error(`${file}: an import the page cannot follow: ${spec}`);
      queue.push(path);
      let relativePath = posix.relative(posix.dirname(file), path);
      if (!relativePath.startsWith(".")) relativePath = `./${relativePath}`;
      return `${keyword}${quote}${relativePath}${quote}`;
    });
    files.set(file, rewritten.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n"));
  }
  for (const license of ["curves/LICENSE", "hashes/LICENSE"]) {
    files.set(license, readFileSync(join(modules, license), "utf8"));
  }
  return files;
}

function existing(folder, prefix = "") {
  const found = new Map();
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      for (const [key, text] of existing(path, `${prefix}${name}/`)) found.set(key, text);
    } else {
      found.set(`${prefix}${name}`, readFileSync(path, "utf8"));
    }
  }
  return found;
}

const files = closure("curves/ed25519.js");
if (process.argv.includes("--check")) {
  let vendored;
  try {
    vendored = existing(target);
  } catch {
    vendored = new Map();
  }
  const same =
    vendored.size === files.size && [...files].every(([key, text]) => vendored.get(key) === text);
  if (!same) {
    console.error(`${relative(root, target)} is not what node scripts/vendor-noble.mjs writes`);
    process.exit(1);
  }
} else {
  rmSync(target, { recursive: true, force: true });
  for (const [file, text] of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    writeFileSync(join(target, file), text);
  }
  console.log(`${files.size} files in ${relative(root, target)}`);
}
