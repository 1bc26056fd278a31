// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sampleBidView } from "../../../test/fixtures/bid-view";
import { renderDocument } from "./document-render";
import { joinNames, longDay, utcMoment } from "./format";

describe("renderDocument", () => {
  const { document: sent, expiresOn } = sampleBidView();

  it("draws the letterhead, the bid box and the body into proposal.css's classes", () => {
    const page = renderDocument(sent, expiresOn);
    expect(page.className).toContain("proposal-page");
    expect(page.style.getPropertyValue("--pe-accent")).toBe("#c59a2e");
    expect(page.style.width).toBe("800px");
    // 8 inches of printable letter paper (768 px) for an 800 px page.
    expect(page.style.getPropertyValue("--pe-print-zoom")).toBe("0.96");
    expect(page.querySelector(".proposal-company")?.textContent).toBe("Anchor Line Construction LLC");
    expect(page.querySelector(".proposal-project")?.textContent).toBe(
      "Project Name: Garza Residence RepaintProject Location: 4410 Bellaire Blvd, Houston, TX 77401",
    );
    expect(page.querySelector(".proposal-bid-amount")?.textContent).toBe("$48,500.00");
    expect([...page.querySelectorAll(".proposal-bid-breakdown dt")].map((dt) => dt.textContent)).toEqual([
      "Paint Materials",
      "Paint Labor",
      "Equipment",
    ]);
    expect(page.querySelector(".bid-valid-until")?.textContent).toBe("Valid until December 20, 2026");
    expect(page.querySelector(".proposal-body h2")?.textContent).toBe("Scope of Work");
    expect(page.querySelector("script")).toBeNull();
  });

  it("places the logo as on paper, in shares of the letterhead's width", () => {
    const img = renderDocument(sent, expiresOn).querySelector<HTMLImageElement>(".proposal-logo img")!;
    expect(img.src).toBe(sent.settings.logo);
    expect(img.alt).toBe("Anchor Line Construction LLC logo");
    // 134 and 30 px of the 704 px between the page's paddings.
    expect(img.style.width).toBe("19.034%");
    expect(img.style.left).toBe("4.261%");
    expect(img.style.top).toBe("15px");
  });

  it("has no logo block without a logo", () => {
    const page = renderDocument({ ...sent, settings: { ...sent.settings, logo: null } }, expiresOn);
    expect(page.querySelector(".proposal-logo")).toBeNull();
  });

  it("company text that looks like markup stays text", () => {
    const page = renderDocument({ ...sent, content: { ...sent.content, companyName: "<b>Bold</b>" } }, expiresOn);
    expect(page.querySelector(".proposal-company b")).toBeNull();
    expect(page.querySelector(".proposal-company")?.textContent).toBe("<b>Bold</b>");
  });
});

describe("format", () => {
  it.each([
    ["2026-12-20", "December 20, 2026"],
    ["2027-01-01", "January 1, 2027"],
    ["not a day", "not a day"],
  ])("longDay(%j) = %j", (day, text) => {
    expect(longDay(day)).toBe(text);
  });

  it("utcMoment speaks UTC, whatever the machine's zone", () => {
    expect(utcMoment("2026-11-26T16:05:09.000Z")).toBe("November 26, 2026, 16:05 UTC");
  });

  it.each([
    [[], ""],
    [["A"], "A"],
    [["A", "B"], "A and B"],
    [["A", "B", "C"], "A, B and C"],
  ])("joinNames(%j) = %j", (names, text) => {
    expect(joinNames(names)).toBe(text);
  });
});
