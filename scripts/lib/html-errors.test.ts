import { expect, it } from "vitest";
import { htmlErrors } from "./html-errors";

it("keeps vnu's markup errors and leaves out its CSS checks and non-errors", () => {
  const output = [
    'dist/index.html:3.5-3.20: error: Element "div" not allowed as child of element "head" in this context.',
    "dist/index.html:9.1-9.80: error: CSS: “@property”: Unrecognized at-rule.",
    "dist/about/index.html:4.1-4.9: info warning: Consider adding a “lang” attribute.",
    "",
  ].join("\n");
  expect(htmlErrors(output)).toEqual([
    'dist/index.html:3.5-3.20: error: Element "div" not allowed as child of element "head" in this context.',
  ]);
});
