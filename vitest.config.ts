import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
    // CSS stays unprocessed, but a test may read a stylesheet as text (?raw): brand.test.ts checks the theme.
    css: { include: [/\.css\?raw$/] },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
