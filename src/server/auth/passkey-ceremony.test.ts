import { beforeAll, expect, it, test } from "vitest";
import { describeEachBackend } from "../../../test/api";
import {
  issueAuthentication,
  relyingPartyOf,
  spendChallenge,
  takeChallenge,
  verifyAssertion,
} from "./passkey-ceremony";

const rp = relyingPartyOf("http://localhost:4321/api/portal/login/passkey");

test("the relying party is the request's own origin and host name", () => {
  expect(rp).toEqual({ origin: "http://localhost:4321", rpID: "localhost" });
});

// The whole ceremony with a (virtual) authenticator runs in Chromium: e2e/production/staff-accounts.spec.ts.
describeEachBackend("passkey ceremony (server)", (db) => {
  let userId = "";
  beforeAll(async () => {
    userId = await db.createStaff("ceremony", "correct horse battery");
  });

  it("a challenge lists the person's passkeys and answers once, for its own kind and person", async () => {
    const allow = [{ id: "key-1", transports: "usb,nfc" }];
    const { ticket, options } = await issueAuthentication(db, "passkey-confirm", rp, {
      userId,
      allow,
      userVerification: "required",
    });
    expect(options.allowCredentials).toEqual([{ id: "key-1", type: "public-key", transports: ["usb", "nfc"] }]);
    expect(options.userVerification).toBe("required");
    expect(await takeChallenge(db, ticket, "passkey-login", userId)).toBeUndefined();
    expect(await takeChallenge(db, ticket, "passkey-confirm", null)).toBeUndefined();
    expect(await spendChallenge(db, ticket, "passkey-confirm", userId)).toBe(options.challenge);
    await expect(spendChallenge(db, ticket, "passkey-confirm", userId)).rejects.toMatchObject({ status: 400 });
  });

  it("an answer no authenticator made does not check out", async () => {
    const { options } = await issueAuthentication(db, "passkey-login", rp, {
      userId: null,
      userVerification: "preferred",
    });
    expect(options.allowCredentials).toBeUndefined();
    const response = {
      id: "key-2",
      rawId: "key-2",
      type: "public-key" as const,
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: {},
    };
    const key = { publicKey: "AA", counter: 0, transports: null };
    const check = { requireUserVerification: false };
    expect(await verifyAssertion(db, response, key, options.challenge, rp, check)).toBeUndefined();
  });
});
