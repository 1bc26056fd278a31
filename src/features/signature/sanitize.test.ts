// @vitest-environment jsdom
import createDOMPurify from "dompurify";
import { describe, expect, it } from "vitest";
import { sampleFormData, sampleGlobalSettings } from "~/schemas/signature-fixtures";
import { emailClientHtml, signatureHtml } from "./export-html";
import { sanitizeSignatureHtml } from "./sanitize";
import { buildElements } from "./signature";

const purify = createDOMPurify(window);
const clean = (html: string) => sanitizeSignatureHtml(purify, html);

describe("stored signature HTML", () => {
  it("keeps the exports as they are", () => {
    const positioned = signatureHtml({
      elements: buildElements(sampleFormData),
      globalSettings: sampleGlobalSettings,
      backgroundUrl: "https://www.example.com/email/signature-background.jpg",
    });
    const image = emailClientHtml("https://www.example.com/api/signature-images/x.png", sampleFormData);
    for (const html of [positioned, image]) {
      const out = new DOMParser().parseFromString(clean(html), "text/html");
      const before = new DOMParser().parseFromString(html, "text/html");
      expect(out.body.textContent).toBe(before.body.textContent);
      expect(out.querySelectorAll("[style]").length).toBe(before.querySelectorAll("[style]").length);
    }
    expect(clean(positioned)).toContain("signature-background.jpg");
    expect(clean(positioned)).toContain("-webkit-text-fill-color:transparent");
  });

  it.each([
    ["a script", "<div>Hi<script>alert(1)</script></div>", "<div>Hi</div>"],
    ["an event handler", '<img src="https://x.test/a.png" onerror="alert(1)">', '<img src="https://x.test/a.png">'],
    ["a javascript: link", '<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ["an SVG", "<svg><script>alert(1)</script></svg>ok", "ok"],
    ["an iframe and a form", '<iframe src="https://x.test"></iframe><form><input></form>', ""],
    ["a data:text/html image", '<img src="data:text/html,<script>">', "<img>"],
    ["class and id attributes", '<div class="x" id="y">z</div>', "<div>z</div>"],
    [
      "style properties outside the allow-list and unsafe URLs",
      '<div style="position:fixed;inset:0;background-image:url(javascript:x);color:red">z</div>',
      '<div style="color:red">z</div>',
    ],
  ])("removes %s", (_name, input, output) => expect(clean(input)).toBe(output));
});
