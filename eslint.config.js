// ESLint for the browser client: plain ES modules run by the browser, no build step.
import js from "@eslint/js";
import globals from "globals";

export default [
  // Third-party modules vendored as they are published (scripts/vendor-noble.mjs).
  { ignores: ["src/wildstud/server/static/vendor/**"] },
  js.configs.recommended,
  {
    files: ["src/wildstud/server/static/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: globals.browser,
    },
  },
  {
    files: ["tests/client/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
