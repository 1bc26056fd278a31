import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { attentionSchema, type Attention, type AttentionKind } from "~/schemas/attention";
import { z } from "~/schemas/zod";
import { useBidPdf } from "~/server/bids/pdf-port";
import { bidToSend, fakeBidPdf, queuedSecrets } from "../../../test/fixtures/sent-bid";
import { call, describeEachBackend, loginAs, randomIp, answer } from "../../../test/api";

const PASSWORD = "correct horse battery staple";

describeEachBackend("GET /api/portal/attention: what needs the signed-in person now", (db) => {
  const tokens: Record<"boss" | "ann" | "bob", string> = { boss: "", ann: "", bob: "" };
  const ids: Record<"boss" | "ann" | "bob", string> = { boss: "", ann: "", bob: "" };

  beforeAll(async () => {
    useBidPdf(fakeBidPdf());
    for (const [name, role] of [
      ["boss", "admin"],
      ["ann", "staff"],
      ["bob", "staff"],
    ] as const) {
      ids[name] = await db.createStaff(`attention-${name}`, PASSWORD);
      await db.query("UPDATE staff_users SET role = $2 WHERE id = $1", [ids[name], role]);
      tokens[name] = await loginAs(`attention-${name}`, PASSWORD);
    }
  });
  afterAll(() => useBidPdf(undefined));
  beforeEach(async () => {
    await db.query("DELETE FROM notification_outbox");
    await db.query("DELETE FROM contact_messages");
  });

  /** The list as `who` gets it, checked against its schema. */
  const attention = async (who: keyof typeof tokens): Promise<Attention> => {
    const res = await call("GET", "/api/portal/attention", { token: tokens[who] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(z.safeParse(attentionSchema, body).error).toBeUndefined();
    return body as Attention;
  };
  /** The titles (or ids) listed under `kind`, with its total. */
  const listed = async (who: keyof typeof tokens, kind: AttentionKind) => {
    const group = (await attention(who)).groups.find((g) => g.kind === kind);
    return { total: group?.total ?? 0, items: group?.items ?? [] };
  };
  /** A lead from the form, then shaped with SQL: its owner, and overdue or held. */
  const lead = async (name: string, set: { owner?: string; overdue?: boolean; held?: boolean } = {}) => {
    const res = await call("POST", "/api/contact", {
      json: { firstName: name, lastName: "Client", email: `${name.toLowerCase()}@example.com`, message: "Repaint" },
      ip: randomIp(),
    });
    expect(res.status).toBe(201);
    const [row] = await db.query<{ id: string }>(
      `UPDATE contact_messages SET owner_id = $2, held = $3,
         reply_due_at = CASE WHEN $4 THEN now() - interval '1 hour' ELSE now() + interval '1 hour' END
       WHERE first_name = $1 RETURNING id`,
      [name, set.owner ?? null, set.held ?? false, set.overdue ?? false],
    );
    return row!.id;
  };
  /** A bid sent by `who`, expiring in `days`; its id, newest version and the signer's link secret. */
  const bid = async (who: keyof typeof tokens, project: string, days = 30) => {
    const signer = { name: "Jo Client", email: `jo-${project.toLowerCase()}@example.com` };
    const json = bidToSend([signer], { days });
    json.document = { ...json.document, content: { ...json.document.content, projectName: project } };
    const res = await call("POST", "/api/portal/bids", { token: tokens[who], json });
    const sent = await answer(res, 201);
    return { ...sent, secret: (await queuedSecrets(db, sent.versionId))[signer.email]! };
  };

  it("leads: the estimator sees their overdue ones, the admin everyone's; unassigned for all; held for admins", async () => {
    const annLate = await lead("Annlate", { owner: ids.ann, overdue: true });
    await lead("Boblate", { owner: ids.bob, overdue: true });
    await lead("Annontime", { owner: ids.ann });
    const nobody = await lead("Nobody", { overdue: true });
    await lead("Newcomer");
    await lead("Heldback", { held: true });

    const annOverdue = await listed("ann", "overdue-lead");
    expect(annOverdue.items.map((i) => [i.record, i.id, i.title])).toEqual([["lead", annLate, "Annlate Client"]]);
    expect((await listed("boss", "overdue-lead")).items.map((i) => i.title).sort()).toEqual([
      "Annlate Client",
      "Boblate Client",
    ]);
    for (const who of ["ann", "bob", "boss"] as const) {
      const unassigned = await listed(who, "unassigned-lead");
      // Overdue first, said so.
      expect(unassigned.items.map((i) => [i.title, i.detail])).toEqual([
        ["Nobody Client", "overdue"],
        ["Newcomer Client", ""],
      ]);
      expect(unassigned.items[0]!.id).toBe(nobody);
    }
    expect((await listed("boss", "held-message")).items.map((i) => [i.record, i.title])).toEqual([
      ["message", "Heldback Client"],
    ]);
    expect((await attention("ann")).groups.map((g) => g.kind)).toEqual(["overdue-lead", "unassigned-lead"]);

    // Dealt with: contacted, the overdue lead leaves the list; assigned, the unassigned one moves to its owner.
    const patch = (id: string, json: object) =>
      call("PATCH", "/api/portal/leads/:id", { param: { id }, token: tokens.ann, json });
    expect((await patch(annLate, { status: "contacted" })).status).toBe(200);
    expect((await patch(nobody, { ownerId: ids.ann })).status).toBe(200);
    expect((await listed("ann", "overdue-lead")).items.map((i) => i.title)).toEqual(["Nobody Client"]);
    expect((await listed("ann", "unassigned-lead")).items.map((i) => i.title)).toEqual(["Newcomer Client"]);
  });

  it("each kind lists at most five, with its total", async () => {
    for (let i = 0; i < 7; i++) await lead(`Many${"abcdefg"[i]}`);
    const unassigned = await listed("bob", "unassigned-lead");
    expect(unassigned.total).toBe(7);
    expect(unassigned.items).toHaveLength(5);
  });

  it("bids: updates since the person last opened the bid, failed seals, expiring soon, failed e-mails", async () => {
    const viewed = await bid("ann", "Viewed");
    const expiring = await bid("ann", "Expiring", 1);
    const accepted = await bid("bob", "Accepted");
    const open = (secret: string) => call("POST", "/api/bids/open", { json: { secret }, ip: randomIp() });
    expect((await open(viewed.secret)).status).toBe(200);
    expect((await open(accepted.secret)).status).toBe(200);
    await db.query(
      "UPDATE bid_versions SET accepted_at = now(), seal_error = 'no seal today', seal_attempt_at = now() + interval '1 year' WHERE id = $1",
      [accepted.versionId],
    );
    await db.query("UPDATE notification_outbox SET status = 'failed' WHERE bid_version_id = $1", [expiring.versionId]);

    const annUpdates = await listed("ann", "bid-update");
    expect(annUpdates.items.map((i) => [i.record, i.id, i.title, i.detail])).toEqual([
      ["bid", viewed.bidId, "Viewed", "viewed"],
    ]);
    const bossUpdates = await listed("boss", "bid-update");
    expect(bossUpdates.items.map((i) => [i.title, i.detail]).sort()).toEqual([
      ["Accepted", "accepted"],
      ["Viewed", "viewed"],
    ]);
    expect((await listed("ann", "seal-failed")).total).toBe(0);
    expect((await listed("bob", "seal-failed")).items.map((i) => [i.id, i.title])).toEqual([
      [accepted.bidId, "Accepted"],
    ]);
    expect((await listed("boss", "seal-failed")).total).toBe(1);
    expect((await listed("ann", "bid-expiring")).items.map((i) => i.title)).toEqual(["Expiring"]);
    expect((await listed("bob", "bid-expiring")).total).toBe(0);
    const failed = await listed("ann", "email-failed");
    expect(failed.items.map((i) => [i.record, i.id, i.title, i.detail])).toEqual([
      ["bid", expiring.bidId, "jo-expiring@example.com", "bid-link"],
    ]);
    expect((await listed("bob", "email-failed")).total).toBe(0);

    // Ann opens her viewed bid: it leaves her list (her seen mark), not the admin's; a new view brings it back.
    expect(
      (await call("POST", "/api/portal/bids/:id/seen", { param: { id: viewed.bidId }, token: tokens.ann })).status,
    ).toBe(200);
    expect((await listed("ann", "bid-update")).total).toBe(0);
    expect((await listed("boss", "bid-update")).total).toBe(2);
    await db.query("INSERT INTO bid_events (version_id, kind, at) VALUES ($1, 'viewed', now() + interval '1 second')", [
      viewed.versionId,
    ]);
    expect((await listed("ann", "bid-update")).items.map((i) => i.title)).toEqual(["Viewed"]);

    // The seal succeeds on a retry: the failure is no longer listed.
    await db.query(
      "UPDATE bid_versions SET sealed_at = now(), sealed_pdf = '\\x00', sealed_sha256 = repeat('c', 64) WHERE id = $1",
      [accepted.versionId],
    );
    expect((await listed("boss", "seal-failed")).total).toBe(0);
  });

  it("a seen mark names a bid: an unknown one is 404, another's is fine", async () => {
    const other = await bid("bob", "Others");
    expect(
      (await call("POST", "/api/portal/bids/:id/seen", { param: { id: other.bidId }, token: tokens.ann })).status,
    ).toBe(200);
    expect(
      (await call("POST", "/api/portal/bids/:id/seen", { param: { id: "not-a-bid" }, token: tokens.ann })).status,
    ).toBe(404);
    expect((await call("GET", "/api/portal/attention")).status).toBe(401);
  });
});
