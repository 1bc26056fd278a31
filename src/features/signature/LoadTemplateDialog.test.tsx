import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { SavedTemplates } from "./LoadTemplateDialog";
import { TemplateList } from "./TemplateList";

test("no saved template at all: said in words that name what to do, and no list", () => {
  const html = renderToStaticMarkup(<SavedTemplates personal={[]} company={[]} />);
  expect(html).toContain("No saved templates.");
  expect(html).toContain("choose Save Template");
  expect(html).not.toContain("Personal Templates");
  expect(html).not.toContain("<ul");
});

test("an empty section of the list says how to fill it", () => {
  const html = renderToStaticMarkup(<TemplateList title="Personal Templates" templates={[]} own={new Set()} />);
  expect(html).toContain("None yet. Choose Save Template to keep one of your own here.");
  expect(html).not.toContain("<ul");
});
