// @ts-check
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";

/** Code that runs in the browser must never reach server-only modules (secrets, database). */
const browserCode = ["src/features/**", "src/components/**", "src/lib/**", "src/schemas/**", "src/config/**"];

export default defineConfig(
  {
    ignores: [
      "dist/",
      ".netlify/",
      ".astro/",
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
  {
    files: browserCode,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/*", "**/server/*", "~/server"],
              message: "Browser code must not import server-only modules.",
            },
            {
              group: ["pg", "@neondatabase/serverless", "jose", "node:*"],
              message: "Server-only package in browser code.",
            },
          ],
        },
      ],
    },
  },
);
