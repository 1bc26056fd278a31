import { createHash, randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { ACCOUNT_QUOTAS, TEMPLATE_KEEP } from "~/schemas/limits";
import { storedBytes, type AccountQuotas } from "~/server/quotas";
import { signatureImagePath } from "~/server/signatures/images";
import { png } from "../../../test/fixtures/png";
import {
  call,
  callUnchecked,
  describeEachBackend,
  loginAs,
  useAccountQuotas,
  type JsonOf,
  answer,
} from "../../../test/api";

const MB = 1024 * 1024;
const PASSWORD = "correct horse battery";
/**
 * The account's quotas a tenth of production's, so a suite reaches them with kilobytes where production's
 * would take tens of megabytes a test; the checks and their messages are the same code.
 */
const QUOTAS: AccountQuotas = {
  ...ACCOUNT_QUOTAS,
  storedBytes: ACCOUNT_QUOTAS.storedBytes / 10,
  templateSavesPerHour: ACCOUNT_QUOTAS.templateSavesPerHour / 10,
};
/** One and a half hours' worth of saves, sent at once. */
const BURST = QUOTAS.templateSavesPerHour * 1.5;
/** What ninety saves of `bulky()` store: 108 % of the quota, which stops them. */
const NINETY_SAVES = QUOTAS.storedBytes * 1.08;
/** Text that does not compress (the database would otherwise store repeated text for nothing). */
const bulky = () => randomBytes(Math.floor(((NINETY_SAVES / 90) * 3) / 4)).toString("base64");
const template = (templateContent: string): JsonOf<"POST", "/api/portal/templates"> => ({
  title: "Bid",
  templateContent,
  category: "residential",
});
/** A proposal as the editor stores it, its uploaded logo an inline image. */
const proposalWith = (image: Buffer) =>
  JSON.stringify({
    documentSettings: { logoFile: `data:image/png;base64,${image.toString("base64")}` },
    documentContent: { projectName: "Depot" },
    editorHTML: "<p>Scope</p>",
  });

describeEachBackend("proposal template storage: quota, save rate, kept versions and images", (db) => {
  useAccountQuotas(QUOTAS);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ["burst", "patient", "bystander", "painter"]) ids[name] = await db.createStaff(name, PASSWORD);
  });

  /** Lets the next saves of every account through the hourly save limit: the next hour has come. */
  const nextHour = () => db.query("DELETE FROM rate_limits WHERE bucket = 'template-save'");
  const create = async (token: string, content: string) => {
    const res = await call("POST", "/api/portal/templates", { token, json: template(content) });
    return (await answer(res, 201)).id;
  };
  const save = (token: string, id: string, content: string) =>
    call("PUT", "/api/portal/templates/:id", { param: { id }, token, json: template(content) });
  /** What the database holds of one template's text: the current version and every kept one. */
  const templateBytes = async (id: string) => {
    const [row] = await db.query<{ n: string }>(
      `SELECT ((SELECT coalesce(sum(octet_length(template_content)), 0) FROM proposal_templates WHERE id = $1)
      + (SELECT coalesce(sum(octet_length(template_content)), 0) FROM proposal_template_versions
         WHERE template_id = $1))::text AS n`,
      [id],
    );
    return Number(row!.n);
  };

  it(`a burst of ${BURST} saves: ${QUOTAS.templateSavesPerHour} an hour, then 429 with Retry-After; another account is not held up`, async () => {
    const token = await loginAs("burst", PASSWORD);
    const first = bulky();
    const id = await create(token, first);
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 2; i <= BURST; i++) {
      const res = await save(token, id, bulky());
      statuses.push(res.status);
      if (res.status !== 200) refused ??= res;
    }
    // The creation was the first save of the hour.
    expect(statuses.filter((s) => s === 200)).toHaveLength(QUOTAS.templateSavesPerHour - 1);
    expect(new Set(statuses.slice(QUOTAS.templateSavesPerHour - 1))).toEqual(new Set([429]));
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(await refused!.json()).toEqual({
      error: expect.stringMatching(
        new RegExp(
          `Too many template saves: .* at most ${QUOTAS.templateSavesPerHour} times an hour\\. Try again in \\d+ s\\.`,
        ),
      ),
      code: "rate_limited",
    });
    expect(await templateBytes(id)).toBeLessThan(NINETY_SAVES);
    const one = await call("GET", "/api/portal/templates/:id/versions/:version", {
      param: { id, version: "1" },
      token,
    });
    expect((await answer(one, 200)).templateContent).toBe(first);

    const other = await loginAs("bystander", PASSWORD);
    await create(other, "a bystander's template");
  });

  it("ninety saves spread over hours stop at the account's quota, before 108 % of it, and keep every young version", async () => {
    const token = await loginAs("patient", PASSWORD);
    const first = bulky();
    const id = await create(token, first);
    let saved = 1;
    let refused: Response | undefined;
    for (let i = 2; i <= 90 && !refused; i++) {
      // Each hour's limit spent, the next hour comes: only the quota is left to stop the saves.
      if (saved % (QUOTAS.templateSavesPerHour - 1) === 0) await nextHour();
      const res = await save(token, id, bulky());
      if (res.status === 200) saved++;
      else refused = res;
    }
    expect(refused?.status).toBe(409);
    expect(saved).toBeLessThan(90);
    expect(saved).toBeGreaterThan(TEMPLATE_KEEP.versions);
    expect(await refused!.json()).toEqual({
      error: expect.stringMatching(new RegExp(`^Quota reached: .*${QUOTAS.storedBytes / MB} MB`)),
      code: "quota_exceeded",
    });
    expect(await storedBytes(db, ids.patient!)).toBeLessThanOrEqual(QUOTAS.storedBytes);
    expect(await templateBytes(id)).toBeLessThan(NINETY_SAVES);
    // Every version is younger than 30 days, so none was pushed out, the first included.
    const versions = await answer(
      await call("GET", "/api/portal/templates/:id/versions", { param: { id }, token }),
      200,
    );
    expect(versions).toHaveLength(saved);
    const one = await call("GET", "/api/portal/templates/:id/versions/:version", {
      param: { id, version: "1" },
      token,
    });
    expect((await answer(one, 200)).templateContent).toBe(first);
  });

  it(`keeps versions older than ${TEMPLATE_KEEP.youngDays} days only while they are among the newest ${TEMPLATE_KEEP.versions}`, async () => {
    const token = await loginAs("painter", PASSWORD);
    const id = await create(token, "v1");
    const saves = TEMPLATE_KEEP.versions + 5;
    for (let i = 2; i <= saves; i++) {
      if (i % (QUOTAS.templateSavesPerHour - 1) === 0) await nextHour();
      expect((await save(token, id, `v${i}`)).status).toBe(200);
    }
    const count = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM proposal_template_versions WHERE template_id = $1",
          [id],
        )
      )[0]!.n;
    expect(await count()).toBe(saves - 1);
    await nextHour();
    // A month later, the next save prunes the old versions past the count.
    await db.query(
      `UPDATE proposal_template_versions SET saved_at = saved_at - make_interval(days => $2) WHERE template_id = $1`,
      [id, TEMPLATE_KEEP.youngDays + 1],
    );
    expect((await save(token, id, "a month later")).status).toBe(200);
    expect(await count()).toBe(TEMPLATE_KEEP.versions - 1);
    const versions = await answer(
      await call("GET", "/api/portal/templates/:id/versions", { param: { id }, token }),
      200,
    );
    expect(versions.at(-1)!.version).toBe(saves + 1 - TEMPLATE_KEEP.versions + 1);
  });

  it("stores an image pasted into a proposal once by its hash, names it by path, and counts it toward the quota", async () => {
    await nextHour();
    const token = await loginAs("painter", PASSWORD);
    const image = Buffer.concat([png(1, 1), randomBytes(200_000)]);
    const path = signatureImagePath(createHash("sha256").update(image).digest("hex"));
    const before = await storedBytes(db, ids.painter!);
    const id = await create(token, proposalWith(image));
    for (let i = 0; i < 3; i++) expect((await save(token, id, proposalWith(image))).status).toBe(200);
    const current = await answer(await call("GET", "/api/portal/templates/:id", { param: { id }, token }), 200);
    const document = JSON.parse(current.templateContent) as { documentSettings: { logoFile: string } };
    expect(document.documentSettings.logoFile).toBe(path);
    expect(current.templateContent).not.toContain("data:image");
    const served = await callUnchecked("GET", path);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const rows = await db.query<{ created_by: string }>("SELECT created_by FROM signature_images WHERE sha256 = $1", [
      path.match(/[0-9a-f]{64}/)![0],
    ]);
    expect(rows).toEqual([{ created_by: ids.painter }]);
    // The image once, and four small documents: the versions do not carry the image again.
    const grown = (await storedBytes(db, ids.painter!)) - before;
    expect(grown).toBeGreaterThanOrEqual(image.byteLength);
    expect(grown).toBeLessThan(image.byteLength + 4 * 1000);

    // With the account's storage nearly full, a new pasted image is refused and nothing is stored. The filler
    // goes in 8 MB rows, each statement well within the database's statement time limit.
    const fillers: string[] = [];
    let room = QUOTAS.storedBytes - (await storedBytes(db, ids.painter!)) - 1000;
    while (room > 0) {
      const size = Math.min(room, 8 * MB);
      fillers.push(randomBytes(32).toString("hex"));
      await db.query(
        `INSERT INTO signature_images (sha256, bytes, created_by) VALUES ($1, convert_to(repeat('x', $2::int), 'UTF8'), $3)`,
        [fillers.at(-1), size, ids.painter],
      );
      room -= size;
    }
    const another = Buffer.concat([png(1, 1), randomBytes(5_000)]);
    const full = await save(token, id, proposalWith(another));
    expect((await answer(full, 409)).error).toMatch(/Quota reached/);
    expect(
      await db.query("SELECT 1 FROM signature_images WHERE sha256 = $1", [
        createHash("sha256").update(another).digest("hex"),
      ]),
    ).toEqual([]);
    await db.query("DELETE FROM signature_images WHERE sha256 = ANY($1::text[])", [fillers]);
  });
});
