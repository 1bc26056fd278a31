/**
 * Test setup: password hashes at scrypt N = 2^10 instead of production's 2^17. A production hash costs about
 * 0.4 s and 128 MiB here, and the API suites sign in hundreds of times (the 100-failure lock alone is 100
 * checks per database), which made hashing most of the unit step's time. Hashing still runs, with the same
 * code and format; `src/server/auth/password.test.ts` unmocks this and checks the production parameters.
 */
import { vi } from "vitest";

vi.mock("~/server/config", async (importOriginal) => {
  const config = await importOriginal<typeof import("~/server/config")>();
  return { ...config, SCRYPT_PARAMS: { ...config.SCRYPT_PARAMS, N: 2 ** 10 } };
});
