import { strFromU8, unzipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { companyExportSchema, type CompanyExport } from "~/schemas/company-export";
import { EXPORT_PART_BYTES, EXPORT_STALL_MS, createExport, readExport, startBuild } from "./jobs";
import { exportStore, stopLocalExportStore } from "./store";
import { png } from "../../../test/fixtures/png";
import { call, confirmed, describeEachBackend, loginAs, randomIp } from "../../../test/api";

const MB = 1024 * 1024;
const PASSWORD = "correct horse battery";

describeEachBackend("company export built apart from the request, downloaded in parts", (db) => {
  let admin = "";
  let staff = "";
  let adminId = "";
  beforeAll(async () => {
    adminId = await db.createStaff("exporter", PASSWORD);
    await db.createStaff("helper", PASSWORD);
    // Asking for an export needs a recent confirmation (sudo mode).
    admin = await confirmed(await loginAs("exporter", PASSWORD), PASSWORD);
    staff = await loginAs("helper", PASSWORD);
  });
  afterAll(() => stopLocalExportStore());

  /** Asks for an export and polls its state until it is no longer being built. */
  const exportNow = async () => {
    const started = await call("POST", "/api/portal/exports", { token: admin });
    expect(started.status, await started.clone().text()).toBe(202);
    // The schema the portal reads the answer by, checked against it.
    const { id, state } = companyExportSchema.parse(await started.json());
    expect(state).toBe("pending");
    let status: CompanyExport | undefined;
    await vi.waitFor(
      async () => {
        const res = await call("GET", "/api/portal/exports/:id", { param: { id }, token: admin });
        status = companyExportSchema.parse(await res.json());
        expect(["ready", "failed"]).toContain(status.state);
      },
      { timeout: 150_000, interval: 250 },
    );
    return status!;
  };
  /** Downloads every part of a ready export in order and joins them, as the admin's screen does. */
  const download = async (status: CompanyExport) => {
    const parts: Buffer[] = [];
    for (let part = 1; part <= status.parts; part++) {
      const res = await call("GET", "/api/portal/exports/:id/parts/:part", {
        param: { id: status.id, part: String(part) },
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      parts.push(Buffer.from(await res.arrayBuffer()));
    }
    return Buffer.concat(parts);
  };

  it("gives the same files as the direct download", async () => {
    await call("POST", "/api/portal/templates", { token: admin, json: { title: "Small", templateContent: "v1" } });
    await call("POST", "/api/contact", {
      json: { firstName: "Dana", email: "dana@example.com", message: "Quote please" },
      ip: randomIp(),
    });
    const status = await exportNow();
    expect(status).toMatchObject({ state: "ready", requestedBy: "exporter", parts: 1, error: null });
    expect(status.fileName).toMatch(/^anchor-line-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await download(status);
    expect(zip.byteLength).toBe(status.bytes);
    const direct = unzipSync(
      new Uint8Array(await (await call("GET", "/api/portal/export", { token: admin })).arrayBuffer()),
    );
    const built = unzipSync(new Uint8Array(zip));
    expect(Object.keys(built).sort()).toEqual(Object.keys(direct).sort());
    for (const name of Object.keys(direct).filter((n) => n !== "manifest.json"))
      expect(strFromU8(built[name]!), name).toBe(strFromU8(direct[name]!));
    const manifest = (files: typeof built) => JSON.parse(strFromU8(files["manifest.json"]!)) as { counts: unknown };
    expect(manifest(built).counts).toEqual(manifest(direct).counts);
  });

  it("builds a 25 MB company whole, in parts no response limit refuses", async () => {
    // 40 proposal templates of 600 KB that do not compress much, 3,000 messages and 30 images.
    // A few rows a statement: each statement stays within the database's statement time limit.
    for (let batch = 0; batch < 8; batch++)
      await db.query(
        `INSERT INTO proposal_templates (title, template_content, category, created_by)
         SELECT 'Big ' || n, (SELECT string_agg(md5(random()::text || n || i), '') FROM generate_series(1, 19200) i),
           'residential', $1 FROM generate_series($2::int * 5 + 1, $2::int * 5 + 5) n`,
        [adminId, batch],
      );
    await db.query(
      `INSERT INTO contact_messages (first_name, last_name, email, project_type, message, created_at)
       SELECT 'Client', 'No ' || n, 'client' || n || '@example.com', 'residential', repeat('A long message. ', 60),
         now() - make_interval(secs => n) FROM generate_series(1, 3000) n`,
    );
    for (let i = 0; i < 30; i++) {
      const image = png(64, 64, i);
      const sha = (await import("node:crypto")).createHash("sha256").update(image).digest("hex");
      await db.query(`INSERT INTO signature_images (sha256, bytes, created_by) VALUES ($1, decode($2, 'base64'), $3)`, [
        sha,
        image.toString("base64"),
        adminId,
      ]);
    }
    const [counts] = await db.query<{ templates: number; messages: number; images: number }>(
      `SELECT (SELECT count(*)::int FROM proposal_templates) AS templates,
         (SELECT count(*)::int FROM contact_messages) AS messages, (SELECT count(*)::int FROM signature_images) AS images`,
    );
    const status = await exportNow();
    expect(status.state).toBe("ready");
    expect(status.bytes).toBeGreaterThan(6 * MB);
    expect(status.parts).toBe(Math.ceil(status.bytes / EXPORT_PART_BYTES));
    const zip = await download(status);
    expect(zip.byteLength).toBe(status.bytes);
    const files = unzipSync(new Uint8Array(zip));
    const names = Object.keys(files);
    expect(names.filter((n) => n.startsWith("proposal-templates/"))).toHaveLength(counts!.templates);
    expect(names.filter((n) => n.startsWith("images/"))).toHaveLength(counts!.images);
    expect(names).toHaveLength(counts!.templates + counts!.images + 3);
    const messages = JSON.parse(strFromU8(files["contact-messages.json"]!)) as { id: string }[];
    expect(messages).toHaveLength(counts!.messages);
    expect(new Set(messages.map((m) => m.id)).size).toBe(counts!.messages);
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as { counts: Record<string, number> };
    expect(manifest.counts).toMatchObject({
      proposalTemplates: counts!.templates,
      contactMessages: counts!.messages,
      images: counts!.images,
    });
    const sizes = names.filter((n) => n.startsWith("proposal-templates/")).map((n) => files[n]!.byteLength);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(24_000_000);
  });

  it("is for administrators only, and answers 404 for an unknown export or a part not there", async () => {
    expect((await call("POST", "/api/portal/exports", { token: staff })).status).toBe(403);
    expect((await call("POST", "/api/portal/exports")).status).toBe(401);
    const unknown = "7d1e5a8e-0000-4000-8000-000000000000";
    expect((await call("GET", "/api/portal/exports/:id", { param: { id: unknown }, token: admin })).status).toBe(404);
    const { store } = await exportStore();
    const waiting = await createExport(store, "exporter");
    expect((await call("GET", "/api/portal/exports/:id", { param: { id: waiting.id }, token: staff })).status).toBe(
      403,
    );
    // Not built yet: no part to download.
    const part = await call("GET", "/api/portal/exports/:id/parts/:part", {
      param: { id: waiting.id, part: "1" },
      token: admin,
    });
    expect(part.status).toBe(404);
    expect(await part.json()).toEqual({ error: expect.stringMatching(/not found/), code: "not_found" });
  });

  it("reports a build that stopped moving as failed, so the screen never waits forever", async () => {
    const { store } = await exportStore();
    const waiting = await createExport(store, "exporter");
    expect((await readExport(store, waiting.id))?.state).toBe("pending");
    const later = Date.now() + EXPORT_STALL_MS + 1000;
    expect(await readExport(store, waiting.id, later)).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/Ask for it again/),
    });
  });
});

describe("where an export is built", () => {
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => stopLocalExportStore());
  const ID = "7d1e5a8e-0000-4000-8000-000000000001";

  it("on a Netlify deploy: by the background function, not in the request's function", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal("fetch", fetch);
    const runHere = vi.fn();
    await startBuild(ID, { origin: "https://portal.example", deployed: true, runHere });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe("https://portal.example/.netlify/functions/export-company-background");
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ id: ID }) });
    expect(runHere).not.toHaveBeenCalled();
  });

  it.each([
    ["the background function cannot be reached", async () => Promise.reject(new TypeError("fetch failed"))],
    ["it answers other than 202", async () => new Response("Not found", { status: 404 })],
  ])("on a deploy where %s: in the request's function after the response", async (_case, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const runHere = vi.fn();
    await startBuild(ID, { origin: "https://portal.example", deployed: true, runHere });
    expect(runHere).toHaveBeenCalledTimes(1);
  });

  it("anywhere else (the production-like server, npm run dev): in the same process, no call out", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const runHere = vi.fn();
    await startBuild(ID, { origin: "http://127.0.0.1:4321", deployed: false, runHere });
    expect(fetch).not.toHaveBeenCalled();
    expect(runHere).toHaveBeenCalledTimes(1);
  });
});
