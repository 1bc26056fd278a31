import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/**
 * Suites that replace a module (`vi.mock`, `vi.doMock`, `vi.unmock`) need a module registry of their own;
 * every other suite shares its worker's, which halves the unit step's CPU (a fresh worker per file costs
 * about 0.9 s of spawning and importing each, on two cores most of the step).
 */
const OWN_MODULES = [
  "src/server/auth/password.test.ts",
  "src/server/auth/login-throttle.test.ts",
  "src/features/signature/store.test.ts",
  // Reads every script back with pdftotext: after other PDF suites in the same registry, a Greek word was once
  // drawn in two runs of glyphs and read back with a space inside it ("Ελλ νικά"); alone it reads as typed.
  "src/server/bids/scripts.test.ts",
];

/**
 * What `npm run test:quick` (TEST_QUICK set) leaves to `npm test`: the checks of the last build's output. The quick
 * loop builds nothing, so on a desk they would check whatever build was lying there (25 s of importing bundles).
 */
const BUILD_CHECKS = process.env.TEST_QUICK ? ["scripts/build-output.test.ts"] : [];

/** Folders whose suites are pure: the browser's code and shared helpers, no database or server. */
const PURE = ["src/components", "src/config", "src/content", "src/features", "src/lib", "src/portal", "src/schemas"];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    // CSS stays unprocessed, but a test may read a stylesheet as text (?raw): brand.test.ts checks the theme.
    css: { include: [/\.css\?raw$/] },
    // Three files at a time on CI's two cores: suites wait on a database or scrypt often enough that a third
    // fills some gaps (vitest's default, cores - 1, is one file at a time there).
    maxWorkers: 3,
    setupFiles: ["test/fast-password-hashing.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    // `npm run coverage`: lines and branches of the server and the shared helpers (scripts/coverage-summary.ts).
    coverage: {
      provider: "v8",
      include: ["src/server/**", "src/lib/**"],
      exclude: ["**/*.test.ts", "**/*.test.tsx"],
      reporter: ["text-summary", "json-summary"],
      // A test that fails (on a loaded machine, a time limit) still leaves the figures of everything else.
      reportOnFailure: true,
    },
    hookTimeout: 60_000,
    projects: [
      // Suites that touch no database, server or child process: worker threads, cheaper to start than forks
      // (58 such files, measured twice each, alternating, on the shared 2-core machine: forks 100.6 and 110.2 s,
      // threads 95.8 and 87.1 s, all with a shared module registry).
      {
        extends: true,
        test: {
          name: "pure",
          include: PURE.flatMap((dir) => [`${dir}/**/*.test.ts`, `${dir}/**/*.test.tsx`]),
          exclude: OWN_MODULES,
          pool: "threads",
          isolate: false,
        },
      },
      // Database suites (PGlite in the worker, servers, sockets, child processes) keep a process each.
      {
        extends: true,
        test: {
          name: "shared",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"],
          exclude: [...OWN_MODULES, ...PURE.map((dir) => `${dir}/**`), ...BUILD_CHECKS],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: OWN_MODULES } },
    ],
  },
});
