// Runs once before the specs: a cold `astro dev` compiles each page, React and every island on
// first request, which can outlast a spec's wait for hydration. Visiting them first keeps the
// specs measuring the app rather than the compiler.
import { readdirSync } from "node:fs";
import { expect, test as setup } from "@playwright/test";
import { hydrateIslands, servesBuild } from "./helpers/page";
import { shareLogin } from "./helpers/portal";
import { ALL_PAGES } from "./helpers/site";

setup("warm up every page, its islands and the API", async ({ page, request }) => {
  setup.setTimeout(600_000);
  for (const path of ALL_PAGES) {
    // A cold dev server may reload the page once while it optimizes dependencies: visit again then.
    await expect(async () => {
      await page.goto(path);
      await hydrateIslands(page, 60_000);
    }).toPass({ timeout: 240_000 });
  }
  // Code the islands import on demand (dialogs, the proposal editor's engine) compiles on first use too.
  if (!(await servesBuild(request))) {
    const modules = ["src/features", "src/components/ui"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => `/${dir}/${file.split("\\").join("/")}`),
    );
    for (const path of modules) expect((await request.get(path)).status(), path).toBe(200);
  }
  expect((await request.get("/api/portal/templates")).status()).toBe(401);
  // The one-template function too: the dashboard's Edit and the editor's Load fetch it (issue 9).
  expect((await request.get("/api/portal/templates/00000000-0000-4000-8000-000000000000")).status()).toBe(401);
  // One sign-in for the whole run: every spec reuses its token instead of paying for a scrypt each.
  await shareLogin(request);
});
