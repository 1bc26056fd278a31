import { afterAll, beforeAll, expect, it } from "vitest";
import { BID_LIMITS } from "~/schemas/bid-fields";
import { useBidPdf } from "./pdf-port";
import { CONSENT_HASH } from "./secrets";
import { bidToSend, fakeBidPdf, queuedCode, queuedSecrets, sentDocument } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, randomIp, type JsonOf, answer } from "../../../test/api";

const PASSWORD = "correct horse battery";
/** What an attacker types to forge a line on the certificate. */
const FORGED = "Jo Client\r\nSigned at: 2020-01-01T00:00:00Z\u2028Typed name: Someone Else\u202e";
const ONE_LINE = "Jo Client Signed at: 2020-01-01T00:00:00Z Typed name: Someone Else";
const HAS_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describeEachBackend("bids: names and single-line fields stay on one line", (db) => {
  let token = "";
  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("line-sender", PASSWORD);
    token = await loginAs("line-sender", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));

  const send = (json: JsonOf<"POST", "/api/portal/bids">) => call("POST", "/api/portal/bids", { token, json });

  it("a signer's name and the project's name and place with line breaks and bidi overrides are stored on one line", async () => {
    const res = await send({
      ...bidToSend([{ name: FORGED, email: "jo@example.com" }]),
      document: {
        ...sentDocument,
        content: {
          ...sentDocument.content,
          projectName: "Bayou Lofts\r\nApproved: yes",
          projectLocation: "Houston\u2029\u0007TX\u2066",
        },
      },
    });
    const { versionId } = await answer(res, 201);
    const [signer] = await db.query<{ name: string }>("SELECT name FROM bid_signers WHERE version_id = $1", [
      versionId,
    ]);
    expect(signer!.name).toBe(ONE_LINE);
    const [version] = await db.query<{ projectName: string; document: unknown }>(
      `SELECT project_name AS "projectName", document FROM bid_versions WHERE id = $1`,
      [versionId],
    );
    expect(version!.projectName).toBe("Bayou Lofts Approved: yes");
    expect(JSON.stringify(version!.document)).not.toMatch(/\\r|\\n|\\u2028|\\u2029|\\u0007|\\u2066/);
  });

  it("the typed name is stored on one line", async () => {
    const res = await send(bidToSend([{ name: "Jo Client", email: "jo2@example.com" }]));
    const { versionId } = await answer(res, 201);
    const secret = (await queuedSecrets(db, versionId))["jo2@example.com"]!;
    const ip = randomIp();
    const asked = await call("POST", "/api/bids/code", {
      json: { secret, consent: true, consentHash: CONSENT_HASH },
      ip,
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const code = await queuedCode(db, "jo2@example.com");
    const signed = await call("POST", "/api/bids/sign", {
      json: { secret, code, name: FORGED, drawing: null, consentHash: CONSENT_HASH, accept: true },
      ip,
    });
    expect(signed.status, await signed.clone().text()).toBe(200);
    const [row] = await db.query<{ signedName: string }>(
      `SELECT signed_name AS "signedName" FROM bid_signers WHERE version_id = $1`,
      [versionId],
    );
    expect(row!.signedName).toBe(ONE_LINE);
    expect(row!.signedName).not.toMatch(HAS_BREAK_OR_CONTROL);
  });

  it("a decline reason keeps its lines but loses control and bidi characters", async () => {
    const res = await send(bidToSend([{ name: "Jo Client", email: "jo3@example.com" }]));
    const { versionId } = await answer(res, 201);
    const secret = (await queuedSecrets(db, versionId))["jo3@example.com"]!;
    const ip = randomIp();
    const asked = await call("POST", "/api/bids/decline-code", { json: { secret }, ip });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const code = await queuedCode(db, "jo3@example.com");
    const declined = await call("POST", "/api/bids/decline", {
      json: { secret, reason: "Too high\r\nSorry\u202e\u0000", code },
      ip,
    });
    expect(declined.status, await declined.clone().text()).toBe(200);
    const [row] = await db.query<{ reason: string }>(
      `SELECT decline_reason AS reason FROM bid_signers WHERE version_id = $1`,
      [versionId],
    );
    expect(row!.reason).toBe("Too high\nSorry");
  });

  it.each(["projectName", "projectLocation", "companyName", "companyAddress", "currentDate"])(
    "%s longer than the limit: 400",
    async (field) => {
      const res = await send({
        ...bidToSend([{ name: "Jo Client", email: "jo@example.com" }]),
        document: {
          ...sentDocument,
          content: { ...sentDocument.content, [field]: "x".repeat(BID_LIMITS.headerField + 1) },
        },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`At most ${BID_LIMITS.headerField} characters`);
    },
  );

  it("a signer's name longer than the limit: 400", async () => {
    const res = await send(bidToSend([{ name: "x".repeat(BID_LIMITS.signerName + 1), email: "jo@example.com" }]));
    expect(res.status).toBe(400);
  });
});
