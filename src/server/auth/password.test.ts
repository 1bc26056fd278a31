import { describe, expect, it, vi } from "vitest";

// The other suites hash at a test-only cost (test/fast-password-hashing.ts); this one checks production's. It runs
// in vitest's isolated project (vitest.config.ts), so the modules below load afresh with the real config.
vi.unmock("~/server/config");
const { SCRYPT_PARAMS } = await import("~/server/config");
const { dummyPasswordHash, hashPassword, verifyPassword } = await import("./password");

describe("password hashing", () => {
  it("stores scrypt with N = 2^17, r = 8, p = 1 and a random salt", async () => {
    const [a, b] = await Promise.all([hashPassword("correct horse battery"), hashPassword("correct horse battery")]);
    expect(a.split("$").slice(0, 4)).toEqual(["scrypt", String(SCRYPT_PARAMS.N), "8", "1"]);
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    // No truncation: a 128-character password differs from its 127-character prefix.
    const long = "p".repeat(127) + "q";
    const longHash = await hashPassword(long);
    expect(await verifyPassword("p".repeat(127), longHash)).toBe(false);
    expect(await verifyPassword(long, longHash)).toBe(true);
  });

  it.each(["", "plain", "bcrypt$x$y", "scrypt$NaN$8$1$c2FsdA==$aGFzaA==", "scrypt$16384$8$1$c2FsdA==$"])(
    "never matches the malformed hash %j",
    async (stored) => {
      expect(await verifyPassword("anything", stored)).toBe(false);
    },
  );

  it("the dummy hash for unknown users is ready at once, has the real parameters and matches nothing", async () => {
    const dummy = dummyPasswordHash();
    const real = await hashPassword("correct horse battery");
    const shape = (hash: string) =>
      hash.split("$").map((part, i) => (i < 4 ? part : Buffer.from(part, "base64").length));
    expect(shape(dummy)).toEqual(shape(real));
    expect(dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword("", dummy)).toBe(false);
  });
});
