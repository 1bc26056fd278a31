/**
 * The accessibility scans are only as good as the helper every spec shares: on a page given a missing text
 * alternative, an unlabelled field and grey-on-white text, it must name each, not pass quietly.
 */
import { expect, test } from "@playwright/test";
import { axeViolations } from "./helpers/axe";

test("the axe helper reports planted violations and nothing on the clean page", async ({ page }) => {
  await page.goto("/about");
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector("main")!;
    main.insertAdjacentHTML(
      "afterbegin",
      `<img id="planted-img" src="/favicon.ico" width="10" height="10">
       <input id="planted-input" type="text">
       <p id="planted-text" style="color:#ddd;background:#fff">Faint words</p>`,
    );
  });
  const found = await axeViolations(page);
  const rules = found.map((f) => f.rule);
  expect(rules).toEqual(expect.arrayContaining(["image-alt", "label", "color-contrast"]));
  expect(found.find((f) => f.rule === "image-alt")?.targets[0]).toContain("#planted-img");
});
