// One lint config for the app, server, workers, scripts and tests. Formatting is Prettier's job
// (.prettierrc.json); `npm run lint` runs both, knip (dead code) and dpdm (import cycles).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "app/generated/", ".data/", "node_modules/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // input sanitisers match control characters on purpose
      "no-control-regex": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
      // `let x = fallback; try { x = … }` reads better than the rule's alternative
      "no-useless-assignment": "off",
    },
  },
  {
    // the push service worker, served as a script with SITE and VERSION defined before it
    files: ["app/notifications/service-worker.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, SITE: "readonly", VERSION: "readonly" } },
  },
  {
    // the classic hook rules; the React Compiler's rules (purity, refs, set-state-in-effect) are
    // for code compiled by it, which this app is not
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
);
