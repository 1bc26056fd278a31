import { afterAll, beforeAll, expect, it } from "vitest";
import { BID_LIMITS } from "~/schemas/bid-fields";
import type { BodyNode, SentDocument } from "~/schemas/bids";
import { useBidPdf } from "./pdf-port";
import { bidToSend, fakeBidPdf, sentDocument } from "../../../test/fixtures/sent-bid";
import { answer, call, callUnchecked, describeEachBackend, loginAs } from "../../../test/api";

const PASSWORD = "correct horse battery";
const SIGNER = { name: "Jo Client", email: "jo@example.com" };

/** `text` inside `depth` nested elements of `tag`. */
const nested = (depth: number, text = "deep", tag: "strong" | "ul" = "strong"): BodyNode => {
  let node: BodyNode = text;
  for (let i = 0; i < depth; i++) node = { tag, children: [node] };
  return node;
};

describeEachBackend("bids: the sent body is held to the limits both renderings apply", (db) => {
  let token = "";
  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    await db.createStaff("body-sender", PASSWORD);
    token = await loginAs("body-sender", PASSWORD);
  });
  afterAll(() => useBidPdf(undefined));

  /** Sends a bid with a body the route's type does not take (an element it does not know). */
  const sendBody = (body: unknown) =>
    callUnchecked("POST", "/api/portal/bids", {
      token,
      json: { ...bidToSend([SIGNER]), document: { ...sentDocument, body } },
    });
  /** Sends a bid whose body the route's type takes; the server still checks what the type cannot (depth, size). */
  const send = (body: BodyNode[]) =>
    call("POST", "/api/portal/bids", { token, json: { ...bidToSend([SIGNER]), document: { ...sentDocument, body } } });
  const refusal = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(400);
    const answer = (await res.json()) as { issues: { message: string }[] };
    return answer.issues.map((i) => i.message).join("; ");
  };

  it.each([
    ["100 nested strong elements", [nested(100)]],
    ["1,000 nested strong elements", [nested(1_000)]],
    ["one level past the limit", [nested(BID_LIMITS.bodyDepth + 1)]],
  ])("%s: 400 naming the depth limit, nothing stored", async (_, body) => {
    const before = await db.query("SELECT id FROM bid_versions");
    expect(await refusal(await send(body))).toMatch(/deeper than 12 levels/);
    expect(await db.query("SELECT id FROM bid_versions")).toEqual(before);
  });

  it("100,000 nested lists, as raw JSON: 400, not a stack overflow", async () => {
    const depth = 100_000;
    const body = `[${'{"tag":"ul","children":['.repeat(depth)}"deep"${"]}".repeat(depth)}]`;
    const json = JSON.stringify({ ...bidToSend([SIGNER]), document: { ...sentDocument, body: "BODY" } });
    const res = await callUnchecked("POST", "/api/portal/bids", {
      token,
      raw: json.replace('"BODY"', body),
      headers: { "content-type": "application/json" },
    });
    expect(await refusal(res)).toMatch(/deeper than 12 levels/);
  });

  it("a body exactly at the depth limit is sent", async () => {
    const res = await send([nested(BID_LIMITS.bodyDepth)]);
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it("more elements and texts than the limit: 400 naming it", async () => {
    const perParagraph = 10;
    const body = Array.from({ length: Math.ceil(BID_LIMITS.bodyNodes / perParagraph) + 1 }, () => ({
      tag: "p" as const,
      children: Array.from({ length: perParagraph - 1 }, () => "x"),
    }));
    expect(await refusal(await send(body))).toMatch(/elements and texts; at most 20000/);
  });

  it("more text than the limit: 400 naming it", async () => {
    const body = Array.from({ length: 3 }, () => "word ".repeat(BID_LIMITS.bodyChars / 10));
    expect(await refusal(await send(body))).toMatch(/characters of text; at most 200000/);
  });

  it("an element the body does not allow: 400", async () => {
    await refusal(await sendBody([{ tag: "script", children: ["alert(1)"] }]));
  });

  it("stores the normalised tree: no control or bidi-override characters, list children as items", async () => {
    const res = await send([
      { tag: "p", children: ["Total\u202e 000,1$\u202c due\u0007 now\r\nthen"] },
      { tag: "ul", children: ["loose text", { tag: "p", children: ["para"] }] },
    ]);
    const { versionId } = await answer(res, 201);
    const [row] = await db.query<{ document: SentDocument | string }>(
      "SELECT document FROM bid_versions WHERE id = $1",
      [versionId],
    );
    const stored = typeof row!.document === "string" ? (JSON.parse(row!.document) as SentDocument) : row!.document;
    expect(stored.body).toEqual([
      { tag: "p", children: ["Total 000,1$ due now\nthen"] },
      {
        tag: "ul",
        children: [
          { tag: "li", children: ["loose text"] },
          { tag: "li", children: [{ tag: "p", children: ["para"] }] },
        ],
      },
    ]);
  });
});
