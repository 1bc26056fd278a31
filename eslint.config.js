// @ts-check
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";

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
    forbid: ["^~/(features|portal|components|pages|layouts|integrations|content)/"],
    why: "lib/ is below features, the portal's kit and components",
  },
  {
    files: ["src/components/**"],
    forbid: ["^~/(features|portal|pages|server|integrations)/"],
    why: "components/ is below features, the portal's kit and pages",
  },
  // The portal's shared kit: what every staff screen builds on (the session, navigation, queries, the list screen's
  // states). It sits below the features, so a screen takes it without reaching into another screen's folder.
  {
    files: ["src/portal/**"],
    forbid: ["^~/(features|pages|layouts|integrations)/", "^~/components/(?!ui/)", "^\\.\\./"],
    why: "portal/ is the screens' shared kit, below features; of the components it takes the UI primitives",
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
      "^~/(features|portal|components|pages|layouts|integrations)/",
      "^~/content/(?!e-sign$|e-sign-es$|lead-acknowledgement$|lead-acknowledgement-es$)",
    ],
    why: "the API is below nothing of the browser",
  },
];

/**
 * What one feature may take from another. A feature imports the shared layers (lib, schemas, config,
 * components/ui, and portal, the portal's shared kit); another feature only where named here, with why (`from: "*"`:
 * every feature may).
 */
const FEATURE_IMPORTS = [
  {
    from: "*",
    to: "portal-shell",
    why: "every staff screen sits in the portal's shell: its navigation, top bar, admins' gate and identity dialog",
  },
  { from: "activity", to: "staff", why: "the activity log filters by person with the staff screen's list" },
  { from: "account", to: "notifications", why: "the account screen holds the notification settings" },
  {
    from: "notifications",
    to: "invitation",
    why: "the address link's secret is read from the URL as an invitation's is",
  },
  {
    from: "leads",
    to: "inbox",
    why: "the Leads screen holds the inbox's views (All, Held, Spam) and its time formats",
  },
  { from: "leads", to: "sent-bids", why: "a lead's proposals show the sent bids' status badge" },
  {
    from: "invitation",
    to: "account",
    why: "accepting an invitation sets the password and passkey as the account screen does",
  },
  {
    from: "bid-editor",
    to: "templates",
    why: "the editor saves and loads proposal templates with the dashboard's store and history",
  },
  {
    from: "bid-editor",
    to: "signature",
    why: "a signature template is the proposal's logo, drawn by the generator's renderer",
  },
  {
    from: "bid-editor",
    to: "sent-bids",
    why: "Send to client names the signers in its toast as the list of sent bids does",
  },
  { from: "bid-editor", to: "leads", why: "Start a proposal fills the editor from the lead" },
  { from: "bid-client", to: "bid-editor", why: "the client's page lays the document out with the editor's constants" },
  {
    from: "verify",
    to: "bid-client",
    why: "/verify is built like the client's page, with its DOM helpers and date words",
  },
  { from: "signature", to: "templates", why: "both template lists say when a template was made the same way" },
  {
    from: "portal-shell",
    to: "account",
    why: "every staff screen confirms who the person is with the account screen's dialog",
  },
  { from: "portal-shell", to: "attention", why: "the top bar's count of what needs the person opens Needs you now" },
  { from: "templates", to: "attention", why: "the dashboard shows Needs you now above the templates" },
  { from: "leads", to: "attention", why: "acting on a lead refreshes Needs you now's count" },
  { from: "sent-bids", to: "attention", why: "opening a bid marks its updates seen in Needs you now" },
];
/** Static .astro parts a feature renders, with why. */
const FEATURE_COMPONENTS = [
  {
    from: "bid-client",
    to: "EmailText",
    why: "the client's notices write the company's e-mail address as the site does",
  },
];
const FEATURES = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The patterns that keep `feature` to the shared layers and its named exceptions. @param {string} feature */
const featureBoundary = (feature) => {
  const features = [feature, ...FEATURE_IMPORTS.filter((e) => [feature, "*"].includes(e.from)).map((e) => e.to)];
  const components = ["ui/", ...FEATURE_COMPONENTS.filter((e) => e.from === feature).map((e) => `${e.to}\\.`)];
  const message =
    "A feature imports the shared layers (lib, schemas, config, components/ui, portal); another feature " +
    "or component only as an exception named in eslint.config.js with its reason.";
  return [
    { regex: `^~/features/(?!(${features.join("|")})/)`, message },
    { regex: `^~/components/(?!${components.join("|")})`, message },
    { regex: "^\\.\\./", message: "A relative import stays inside its own feature folder." },
  ];
};

/** Code that runs in the browser must never reach server-only modules (secrets, database) nor classic zod. */
const BROWSER = [
  "src/features/**",
  "src/portal/**",
  "src/components/**",
  "src/lib/**",
  "src/schemas/**",
  "src/config/**",
];
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
      "coverage/",
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
    // A package never imports the project back, so the cycle search stays out of node_modules: walking the
    // packages' own modules was 94 % of ESLint's time (CPU 36 s against 19 s for the whole lint).
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  ...LAYERS.flatMap(({ files, forbid, why }) =>
    // Each feature folder has its own block: its boundary patterns join its layer's (a later block setting the same
    // rule would replace them, not add to them).
    (files[0] === "src/features/**"
      ? FEATURES.map((f) => ({ files: [`src/features/${f}/**`], feature: f }))
      : [{ files, feature: "" }]
    ).map(({ files: matched, feature }) => ({
      files: matched,
      ignores: ["**/*.test.*"],
      rules: {
        // typescript-eslint's version of the rule: it can let a type-only import through (`allowTypeImports`).
        "@typescript-eslint/no-restricted-imports": /** @type {import("eslint").Linter.RuleEntry} */ ([
          "error",
          {
            patterns: [
              ...forbid.map((regex) => ({ regex, message: `Not from this layer: ${why}.` })),
              ...(files.some((f) => BROWSER.includes(f)) ? browserRules : []),
              ...(feature ? featureBoundary(feature) : []),
            ],
          },
        ]),
      },
    })),
  ),
);
