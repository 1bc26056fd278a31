import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { KEY_PURPOSES, keyBytes, seal, unseal } from "./keys";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from "./totp";
import { deviceTokenUser, issueDeviceToken } from "./tokens";
import { TOKEN_ISSUER } from "~/server/config";
import { call, confirmed, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
const USER = "00000000-0000-4000-8000-000000000001";
const codeFor = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

describe("keys derived from the one configured secret", () => {
  it("gives each purpose a key of its own, none of them the secret itself", () => {
    const secret = process.env.PORTAL_JWT_SECRET!;
    const keys = KEY_PURPOSES.map((purpose) => keyBytes(purpose).toString("hex"));
    expect(new Set(keys).size).toBe(KEY_PURPOSES.length);
    for (const key of keys) {
      expect(key).toHaveLength(64);
      expect(key).not.toContain(Buffer.from(secret).toString("hex").slice(0, 32));
    }
    // Derived, not random: the same secret gives the same keys (tokens survive a restart), another secret others.
    expect(KEY_PURPOSES.map((purpose) => keyBytes(purpose, secret).toString("hex"))).toEqual(keys);
    expect(keyBytes("token-signing", "another-secret-".padEnd(48, "z")).toString("hex")).not.toBe(keys[0]);
  });

  it("a device token is only good as one: signed with the session tokens' key it is refused", async () => {
    expect(await deviceTokenUser(await issueDeviceToken(USER, 60))).toBe(USER);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(USER)
      .setIssuer(TOKEN_ISSUER)
      .setAudience("anchor-line-known-device")
      .setExpirationTime("1h")
      .sign(new Uint8Array(keyBytes("token-signing")));
    expect(await deviceTokenUser(forged)).toBeUndefined();
  });

  it("seals with AES-256-GCM bound to its row: another row, a changed byte or the plain text do not open as it", () => {
    const sealed = seal("JBSWY3DPEHPK3PXP", "staff_totp:a");
    expect(sealed).toMatch(/^enc1:[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(seal("JBSWY3DPEHPK3PXP", "staff_totp:a")).not.toBe(sealed);
    expect(unseal(sealed, "staff_totp:a")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => unseal(sealed, "staff_totp:b")).toThrow();
    const flipped = sealed.slice(0, -30) + (sealed.at(-30) === "A" ? "B" : "A") + sealed.slice(-29);
    expect(() => unseal(flipped, "staff_totp:a")).toThrow();
    // A value from before encryption at rest reads as it is.
    expect(unseal("JBSWY3DPEHPK3PXP", "staff_totp:a")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("a recovery code carries at least 112 random bits", () => {
    const alphabet = new Set(RECOVERY_CODE_ALPHABET);
    expect(alphabet.size).toBe(RECOVERY_CODE_ALPHABET.length);
    // Letters are taken as a random byte modulo the alphabet: uniform only if the alphabet divides 256.
    expect(256 % alphabet.size).toBe(0);
    const bits = RECOVERY_CODE_LENGTH * Math.log2(alphabet.size);
    expect(bits).toBeGreaterThanOrEqual(112);
    expect(bits).toBe(120);
  });
});

describeEachBackend("second-factor secrets at rest", (db) => {
  let userId = "";
  let token = "";
  let secret = "";
  let recoveryCodes: string[] = [];
  beforeAll(async () => {
    userId = await db.createStaff("sealed", PASSWORD);
    // Setting up an authenticator needs a recent confirmation (sudo mode).
    token = await confirmed(await loginAs("sealed", PASSWORD), PASSWORD);
    secret = (await answer(await call("POST", "/api/portal/account/totp", { token }), 201)).secret;
    const confirm = await call("POST", "/api/portal/account/totp/confirm", { token, json: { code: codeFor(secret) } });
    recoveryCodes = (await answer(confirm, 200)).recoveryCodes;
  });

  const secondStep = async (code: string) => {
    const login = await call("POST", "/api/portal/login", {
      json: { username: "sealed", password: PASSWORD },
      ip: randomIp(),
    });
    const step = await answer(login, 200);
    if (!("ticket" in step)) throw new Error("expected a second step");
    return call("POST", "/api/portal/login/second-factor", { json: { ticket: step.ticket, code }, ip: randomIp() });
  };
  const storedSecret = async () =>
    (await db.query<{ secret: string }>("SELECT secret FROM staff_totp WHERE user_id = $1", [userId]))[0]!.secret;

  it("stores the authenticator secret encrypted, never as the secret", async () => {
    const stored = await storedSecret();
    expect(stored).toMatch(/^enc1:/);
    expect(stored).not.toContain(secret);
    expect(unseal(stored, `staff_totp:${userId}`)).toBe(secret);
  });

  it("stores recovery codes as hashes of 120-bit codes, never the codes", async () => {
    const rows = await db.query<{ code_hash: string }>(
      "SELECT code_hash FROM staff_recovery_codes WHERE user_id = $1 ORDER BY code_hash",
      [userId],
    );
    const dump = JSON.stringify(rows);
    for (const code of recoveryCodes) {
      expect(code.replaceAll("-", "")).toHaveLength(RECOVERY_CODE_LENGTH);
      expect([...code.replaceAll("-", "")].every((c) => RECOVERY_CODE_ALPHABET.includes(c))).toBe(true);
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replaceAll("-", ""));
    }
    const expected = recoveryCodes.map((c) => createHash("sha256").update(c.replaceAll("-", "")).digest("hex"));
    expect(rows.map((r) => r.code_hash)).toEqual(expected.sort());
  });

  it("still reads a secret stored in clear before encryption, and seals it at its first use", async () => {
    await db.query("UPDATE staff_totp SET secret = $2, last_step = 0 WHERE user_id = $1", [userId, secret]);
    const res = await secondStep(codeFor(secret));
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = await storedSecret();
    expect(stored).toMatch(/^enc1:/);
    expect(unseal(stored, `staff_totp:${userId}`)).toBe(secret);
  });
});
