import { beforeAll, expect, it } from "vitest";
import { TEMPLATE_KEEP } from "~/schemas/limits";
import { templateConflictSchema } from "~/schemas/proposal-template";
import { JOBS } from "~/server/jobs";
import { purgeTrash } from "~/server/templates/commands";
import { call, describeEachBackend, loginAs, type JsonOf, answer } from "../../../test/api";

const valid: JsonOf<"POST", "/api/portal/templates"> = {
  title: "Garden apartments",
  description: "Walk-up",
  templateContent: "v1",
  category: "multifamily",
};
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachBackend("proposal templates: versions, conflicts and the Trash", (db) => {
  let alice = "";
  let bob = "";
  beforeAll(async () => {
    await db.createStaff("alice", "correct horse battery");
    await db.createStaff("bob", "correct horse battery");
    alice = await loginAs("alice", "correct horse battery");
    bob = await loginAs("bob", "correct horse battery");
  });

  const create = async (json = valid) => {
    const res = await call("POST", "/api/portal/templates", { token: alice, json });
    return { id: (await answer(res, 201)).id, etag: res.headers.get("etag")! };
  };
  const put = (id: string, token: string, templateContent: string, etag?: string) =>
    call("PUT", "/api/portal/templates/:id", {
      param: { id },
      token,
      json: { ...valid, templateContent },
      headers: etag ? { "if-match": etag } : {},
    });

  it("answers every read and write with the version as ETag, and a save on an older version with 409 naming who saved last", async () => {
    const { id, etag } = await create();
    expect(etag).toBe('"v1"');
    const read = await call("GET", "/api/portal/templates/:id", { param: { id }, token: bob });
    expect(read.headers.get("etag")).toBe('"v1"');

    const first = await put(id, alice, "alice's change", etag);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toBe('"v2"');

    // Bob read version 1 before Alice saved: his save must not replace hers.
    const second = await put(id, bob, "bob's change", read.headers.get("etag")!);
    const conflict = await answer(second, 409);
    expect(second.headers.get("etag")).toBe('"v2"');
    expect(conflict).toMatchObject({ version: 2, savedBy: "alice", error: expect.stringContaining("alice") });
    // The portal tells a conflict from other refusals by its code.
    const { code, savedAt } = templateConflictSchema.parse(conflict);
    expect(code).toBe("version_conflict");
    expect(new Date(savedAt).toISOString()).toBe(savedAt);
    const now = await answer(await call("GET", "/api/portal/templates/:id", { param: { id }, token: bob }), 200);
    expect(now.templateContent).toBe("alice's change");

    // Overwriting on purpose: no If-Match (or *) replaces whatever is current.
    expect((await put(id, bob, "bob on purpose")).status).toBe(200);
    expect((await put(id, bob, "bob again", "*")).headers.get("etag")).toBe('"v4"');
    expect((await put(id, bob, "x", "garbage")).status).toBe(400);
  });

  it("never lets two saves on the same version both pass", async () => {
    const { id, etag } = await create();
    const results = await Promise.all([put(id, alice, "a", etag), put(id, bob, "b", etag)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("keeps each replaced version with who saved it and when, lists them newest first, and restores one as a new version", async () => {
    const { id, etag } = await create();
    await put(id, bob, "v2 by bob", etag);
    await put(id, alice, "v3 by alice", '"v2"');

    const history = await call("GET", "/api/portal/templates/:id/versions", { param: { id }, token: bob });
    const versions = await answer(history, 200);
    expect(versions.map((v) => [v.version, v.savedBy, v.current])).toEqual([
      [3, "alice", true],
      [2, "bob", false],
      [1, "alice", false],
    ]);

    const one = await call("GET", "/api/portal/templates/:id/versions/:version", {
      param: { id, version: "1" },
      token: bob,
    });
    expect(await one.json()).toMatchObject({ id, version: 1, templateContent: "v1", savedBy: "alice" });
    expect(
      (await call("GET", "/api/portal/templates/:id/versions/:version", { param: { id, version: "9" }, token: bob }))
        .status,
    ).toBe(404);

    // Restoring with a stale If-Match is a conflict too; with the current one it is version 4.
    const stale = await call("POST", "/api/portal/templates/:id/versions/:version/restore", {
      param: { id, version: "1" },
      token: bob,
      headers: { "if-match": '"v2"' },
    });
    expect(stale.status).toBe(409);
    const restored = await call("POST", "/api/portal/templates/:id/versions/:version/restore", {
      param: { id, version: "1" },
      token: bob,
      headers: { "if-match": '"v3"' },
    });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("etag")).toBe('"v4"');
    expect(await restored.json()).toMatchObject({ id, templateContent: "v1" });
    const after = await answer(
      await call("GET", "/api/portal/templates/:id/versions", { param: { id }, token: bob }),
      200,
    );
    expect(after.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const actions = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id",
      [id],
    );
    expect(actions.at(-1)).toEqual({ action: "template.version-restore" });
  });

  it("moves a deleted template to the Trash (out of the list), restores it, and deletes it forever only from the Trash", async () => {
    const { id } = await create({ ...valid, title: "Trash me" });
    const deleted = await call("DELETE", "/api/portal/templates/:id", { param: { id }, token: bob });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id });

    const listIds = async (query: "" | `?${string}` = "") =>
      (await answer(await call("GET", `/api/portal/templates${query}`, { token: alice }), 200)).map((t) => t.id);
    expect(await listIds()).not.toContain(id);
    expect(await listIds("?view=summary")).not.toContain(id);
    expect((await call("GET", "/api/portal/templates/:id", { param: { id }, token: alice })).status).toBe(404);
    expect((await put(id, alice, "into the void")).status).toBe(404);

    const trash = await answer(await call("GET", "/api/portal/template-trash", { token: alice }), 200);
    const entry = trash.find((t) => t.id === id)!;
    expect(entry).toMatchObject({ title: "Trash me", deletedBy: "bob" });
    expect(new Date(entry.purgeAt).getTime() - new Date(entry.deletedAt).getTime()).toBe(
      TEMPLATE_KEEP.trashDays * DAY_MS,
    );

    expect((await call("POST", "/api/portal/template-trash/:id", { param: { id }, token: alice })).status).toBe(200);
    expect(await listIds()).toContain(id);
    // Only what is in the Trash can be deleted forever.
    expect((await call("DELETE", "/api/portal/template-trash/:id", { param: { id }, token: alice })).status).toBe(404);
    await call("DELETE", "/api/portal/templates/:id", { param: { id }, token: alice });
    expect((await call("DELETE", "/api/portal/template-trash/:id", { param: { id }, token: alice })).status).toBe(200);
    expect(await db.query("SELECT 1 FROM proposal_templates WHERE id = $1", [id])).toHaveLength(0);
    expect((await call("POST", "/api/portal/template-trash/:id", { param: { id }, token: alice })).status).toBe(404);
  });

  it("purges templates 30 days after they were trashed, with their versions, and nothing sooner", async () => {
    const kept = await create({ ...valid, title: "Trashed recently" });
    const gone = await create({ ...valid, title: "Trashed long ago" });
    await put(gone.id, alice, "v2", gone.etag);
    for (const { id } of [kept, gone])
      await call("DELETE", "/api/portal/templates/:id", { param: { id }, token: alice });
    await db.query("UPDATE proposal_templates SET deleted_at = now() - interval '10 days' WHERE id = $1", [gone.id]);

    // On today's clock neither has waited 30 days.
    expect(await JOBS["purge-deleted"](db)).toMatchObject({ trash: 0 });
    // 25 days on, the one trashed 10 days ago is past its 30 days; the other is not.
    expect(await purgeTrash(db, new Date(Date.now() + 25 * DAY_MS))).toBe(1);
    expect(await db.query("SELECT 1 FROM proposal_templates WHERE id = $1", [gone.id])).toHaveLength(0);
    expect(await db.query("SELECT 1 FROM proposal_template_versions WHERE template_id = $1", [gone.id])).toHaveLength(
      0,
    );
    expect(await db.query("SELECT 1 FROM proposal_templates WHERE id = $1", [kept.id])).toHaveLength(1);
    expect(await purgeTrash(db, new Date(Date.now() + 31 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await db.query("SELECT 1 FROM proposal_templates WHERE id = $1", [kept.id])).toHaveLength(0);
  });
});
