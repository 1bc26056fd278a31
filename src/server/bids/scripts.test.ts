/**
 * Names and words in any script the PDF's fonts cover come back sealed exactly as typed (the real renderer
 * and seal, read with poppler), and a character no embedded font covers is refused where it is sent.
 */
import { beforeAll, expect, it } from "vitest";
import { bidVerificationSchema, type BidSend } from "~/schemas/bids";
import { EVENT_LOG_FILE } from "~/server/bids/pdf/render";
import { CONSENT_HASH, sha256Hex } from "./secrets";
import { bidToSend, queuedCode, queuedSecrets, sentDocument } from "../../../test/fixtures/sent-bid";
import { answer, call, callUnchecked, describeEachBackend, loginAs, randomIp } from "../../../test/api";
import { bidClient } from "../../../test/fixtures/bid-client";
import { pdfAttachments, pdfFontTable, pdfSignatures, pdfText } from "../../../test/pdf";

const SIGNERS = [
  { name: "Nguyễn Thị Minh Khai", email: "khai@example.com" },
  { name: "María José Muñoz Peña", email: "maria@example.com" },
];
/** What each signer types as their full name. */
const TYPED = { "khai@example.com": "Nguyễn Thị Minh Khai", "maria@example.com": "María José Muñoz Peña" };
const PROJECT = "Chung cư Sông Sài Gòn – Edificio Peñasco";
const PARAGRAPHS = [
  "Tiếng Việt: Sơn lại toàn bộ mặt tiền, hoàn thành trước Tết.",
  "Español: Pintura exterior, reparación de grietas y limpieza final.",
  "Ελληνικά: Βαφή προσόψεων με δύο στρώσεις.",
  "Русский: Покраска фасада в два слоя.",
  "中文：外墙涂料两遍，包括修补裂缝。",
  "한국어: 외벽 도장 2회, 균열 보수 포함.",
];

/** The signing page on a phone: its user agent is what the events record. */
const phone = { headers: { "user-agent": "ScriptsPhone/1" } };

describeEachBackend("bids: every script prints as typed; an unprintable character is refused", (db) => {
  let token = "";

  beforeAll(async () => {
    await db.createStaff("scripts-sender", "correct horse battery");
    token = await loginAs("scripts-sender", "correct horse battery");
  });

  const send = (json: BidSend) => call("POST", "/api/portal/bids", { token, json });

  it("a bid in six scripts comes back sealed with every string exactly as typed, fonts embedded, pdfsig valid", async () => {
    const document = {
      ...sentDocument,
      content: { ...sentDocument.content, projectName: PROJECT },
      body: PARAGRAPHS.map((p) => ({ tag: "p" as const, children: [p] })),
    };
    const sent = await send({ ...bidToSend(SIGNERS), document });
    const { versionId } = await answer(sent, 201);
    const secrets = await queuedSecrets(db, versionId);
    for (const { email } of SIGNERS) {
      const secret = secrets[email]!;
      expect((await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }, phone)).status).toBe(200);
      const signed = await bidClient.sign(
        {
          secret,
          code: await queuedCode(db, email),
          name: TYPED[email as keyof typeof TYPED],
          drawing: null,
          consentHash: CONSENT_HASH,
          accept: true,
        },
        phone,
      );
      expect(signed.status, await signed.clone().text()).toBe(200);
    }
    // Sealing runs after the last signature's response.
    const sealedPdf = async () =>
      (
        await db.query<{ pdf: Uint8Array | null }>("SELECT sealed_pdf AS pdf FROM bid_versions WHERE id = $1", [
          versionId,
        ])
      )[0]?.pdf ?? null;
    await expect.poll(sealedPdf, { timeout: 30_000, interval: 200 }).not.toBeNull();
    const pdf = new Uint8Array((await sealedPdf())!);

    const text = await pdfText(pdf);
    for (const shown of [PROJECT, ...PARAGRAPHS, ...SIGNERS.map((s) => s.name), ...Object.values(TYPED)])
      expect(text).toContain(shown);
    const fonts = await pdfFontTable(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
    const signature = await pdfSignatures(pdf);
    expect(signature.code, signature.out).toBe(0);
    expect(signature.validation).toEqual(["Signature is Valid."]);

    // The event log travels with the file, and /verify shows the same events for it.
    const log = JSON.parse((await pdfAttachments(pdf))[EVENT_LOG_FILE]!) as {
      signers: { name: string; typedName: string }[];
      events: { kind: string; at: string }[];
    };
    expect(log.signers.map((s) => s.name)).toEqual(SIGNERS.map((s) => s.name));
    expect(log.signers.map((s) => s.typedName)).toEqual(Object.values(TYPED));
    expect(log.events.filter((e) => e.kind === "signed")).toHaveLength(2);
    const verify = await call("GET", "/api/verify/:sha256", { param: { sha256: sha256Hex(pdf) } });
    expect(verify.status).toBe(200);
    const verification = bidVerificationSchema.parse(await verify.json());
    expect(verification.events.map(({ kind, at }) => ({ kind, at }))).toEqual([
      ...log.events.map(({ kind, at }) => ({ kind, at })),
      { kind: "sealed", at: expect.any(String) },
    ]);
  });

  it.each([
    [
      "a signer's name",
      (b: BidSend) => ({ ...b, signers: [{ name: "Ana 😀 Ruiz", email: "ana@example.com" }] }),
      "Signer name",
      "😀",
    ],
    [
      "the project name",
      (b: BidSend) => ({
        ...b,
        document: { ...b.document, content: { ...b.document.content, projectName: "Lofts 🏠" } },
      }),
      "Project name",
      "🏠",
    ],
    [
      "the proposal's text",
      (b: BidSend) => ({ ...b, document: { ...b.document, body: [{ tag: "p" as const, children: ["مرحبا"] }] } }),
      "Proposal text",
      "م",
    ],
  ])(
    "a send with an unprintable character in %s is refused 400 unprintable_character",
    async (_what, change, field, char) => {
      const res = await send(change(bidToSend([{ name: "Ana Ruiz", email: "ana@example.com" }])));
      const body = await answer(res, 400);
      expect(body.code).toBe("unprintable_character");
      expect(body.error).toContain(field);
      expect(body.error).toContain(char);
    },
  );

  it("a typed name or a reason with an unprintable character is refused the same way", async () => {
    const sent = await send(bidToSend([{ name: "Sol", email: "sol@example.com" }]));
    const { versionId } = await answer(sent, 201);
    const secret = (await queuedSecrets(db, versionId))["sol@example.com"]!;
    await answer(await bidClient.code({ secret, consent: true, consentHash: CONSENT_HASH }, phone), 200);
    const signed = await bidClient.sign(
      {
        secret,
        code: await queuedCode(db, "sol@example.com"),
        name: "Sol 🌞",
        drawing: null,
        consentHash: CONSENT_HASH,
        accept: true,
      },
      phone,
    );
    expect(signed.status).toBe(400);
    expect(await signed.json()).toMatchObject({
      code: "unprintable_character",
      error: expect.stringContaining("Your full name"),
    });
    // No code either, a body the route's type refuses: of its two faults the refusal names the unprintable one.
    const declined = await callUnchecked("POST", "/api/bids/decline", {
      json: { secret, reason: "Demasiado caro 💸" },
      ip: randomIp(),
      ...phone,
    });
    expect(declined.status).toBe(400);
    expect(await declined.json()).toMatchObject({
      code: "unprintable_character",
      error: expect.stringContaining("💸"),
    });
  });
});
