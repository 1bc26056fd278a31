import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    // CSS stays unprocessed, but a test may read a stylesheet as text (?raw): brand.test.ts checks the theme.
    css: { include: [/\.css\?raw$/] },
    // Two files at a time: most suites wait on a database or scrypt, and vitest's default (cores - 1) is one
    // file at a time on the 2-core machines CI runs on.
    maxWorkers: 2,
    setupFiles: ["test/fast-password-hashing.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
