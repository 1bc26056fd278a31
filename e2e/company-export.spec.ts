/**
 * The company export on the admin's screen, against the production-like server: asking for it, the screen
 * polling while the server builds it, and the link that downloads the whole ZIP once it is ready.
 */
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { expect, test } from "./fixtures";
import { axeViolations } from "./helpers/axe";
import { DEV_STAFF_USER } from "../src/server/config";
import { login, withStoredToken } from "./helpers/portal";
import { API, seedWith } from "./helpers/seed";

test("an admin asks for the company export, sees it being prepared, and downloads the whole ZIP", async ({
  page,
  request,
}) => {
  // Asking for the export needs a recent confirmation; the dialog that asks for it has its own spec.
  const seed = seedWith(request);
  const token = await seed.confirm(await login(request), DEV_STAFF_USER.password);
  const title = `Exported bid ${Date.now().toString(36)}`;
  const id = await seed.template(token, { title, templateContent: "Version 1", category: "commercial" });

  await withStoredToken(page, token);
  await page.goto("/portal/dashboard");
  await page.getByRole("tab", { name: "Trash" }).click();
  const data = page.getByRole("region", { name: "Company data" });
  const asked = page.waitForResponse((r) => r.url().endsWith(API.exports) && r.request().method() === "POST");
  await data.getByRole("button", { name: "Download everything (ZIP)" }).click();
  expect((await asked).status()).toBe(202);

  const link = data.getByRole("button", { name: /^Download the ZIP \([\d.]+ MB\)$/ });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(data.getByRole("status")).toContainText(
    /The export is ready: anchor-line-export-\d{4}-\d{2}-\d{2}\.zip/,
  );

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  }

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^anchor-line-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as {
    exportedBy: string;
    counts: Record<string, number>;
  };
  expect(manifest.exportedBy).toBe("admin");
  const templateFiles = Object.keys(files).filter((name) => name.startsWith("proposal-templates/"));
  expect(templateFiles).toHaveLength(manifest.counts.proposalTemplates!);
  const file = JSON.parse(strFromU8(files[`proposal-templates/${id}.json`]!)) as { template: { title: string } };
  expect(file.template.title).toBe(title);
});
