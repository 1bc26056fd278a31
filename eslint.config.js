// @ts-check
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

/**
 * The layers of src/ and what each may import (tests may reach across, to set things up). Paths are written with
 * the one `~/` alias; a relative import stays inside its own folder.
 */
const LAYERS = [
  // Entity schemas: zod and the one limits module, nothing of the product.
  {
    files: ["src/schemas/**"],
    forbid: ["^~/(?!schemas/)", "^\\.\\./", "^(?!zod(/|$)|\\.|~/)"],
    why: "schemas/ depends only on zod and schemas/limits.ts",
  },
  // Company and site facts.
  {
    files: ["src/config/**"],
    forbid: ["^~/(?!config/)", "^\\.\\./"],
    why: "config/ holds company and site facts only",
  },
  {
    files: ["src/lib/**"],
    // The server too (a browser rule below), save the API's type, which the portal's client is typed from.
    forbid: ["^~/(features|components|pages|layouts|integrations|content)/"],
    why: "lib/ is below features and components",
  },
  {
    files: ["src/components/**"],
    forbid: ["^~/(features|pages|server|integrations)/"],
    why: "components/ is below features and pages",
  },
  {
    files: ["src/features/**"],
    forbid: ["^~/(pages|layouts|integrations)/"],
    why: "a feature is below pages and layouts",
  },
  {
    files: ["src/server/**"],
    // Save the E-SIGN disclosure (the server serves and hashes exactly the text the signer consents to) and the
    // acknowledgement a visitor is e-mailed (copy editors change it; only the server sends it).
    forbid: [
      "^~/(features|components|pages|layouts|integrations)/",
      "^~/content/(?!e-sign$|e-sign-es$|lead-acknowledgement$|lead-acknowledgement-es$)",
    ],
    why: "the API is below nothing of the browser",
  },
];

/** Code that runs in the browser must never reach server-only modules (secrets, database) nor classic zod. */
const BROWSER = ["src/features/**", "src/components/**", "src/lib/**", "src/schemas/**", "src/config/**"];
const browserRules = [
  // zod's mini build is a fraction of the classic one, which the page budgets (.size-limit.mjs) cannot carry.
  { regex: "^zod(/v4)?$", message: "Code that reaches the browser imports zod/mini." },
  // `import type { AppType }` leaves nothing in the bundle: it is how the portal's client knows the API.
  { regex: "^~/server(/|$)", message: "Browser code must not import server-only modules.", allowTypeImports: true },
  { regex: "^(pg|@neondatabase/serverless|jose|node:.*)$", message: "Server-only package in browser code." },
];

export default defineConfig(
  {
    ignores: [
      "dist/",
      ".netlify/",
      ".astro/",
      ".lighthouseci/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench-results/",
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // CommonJS configs (lighthouserc.cjs: Lighthouse CI loads its config with require) import with require.
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  {
    files: ["src/**/*.{ts,tsx,astro}"],
    ...importX.flatConfigs.typescript,
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: { "import-x/no-cycle": "error" },
  },
  ...LAYERS.map(({ files, forbid, why }) => ({
    files,
    ignores: ["**/*.test.*"],
    rules: {
      // typescript-eslint's version of the rule: it can let a type-only import through (`allowTypeImports`).
      "@typescript-eslint/no-restricted-imports": /** @type {import("eslint").Linter.RuleEntry} */ ([
        "error",
        {
          patterns: [
            ...forbid.map((regex) => ({ regex, message: `Not from this layer: ${why}.` })),
            ...(files.some((f) => BROWSER.includes(f)) ? browserRules : []),
          ],
        },
      ]),
    },
  })),
);
