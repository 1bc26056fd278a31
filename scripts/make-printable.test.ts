import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUTPUT, encodeRanges, printableModule } from "./make-printable";

describe("make:printable", () => {
  it("the committed table is the installed fonts' (run `npm run make:printable` after changing a font)", () => {
    expect(readFileSync(OUTPUT, "utf8")).toBe(printableModule());
  });

  it.each([
    [[9, 10], "9,2"],
    [[0x41, 0x42, 0x43, 0x61], "1t,3;t,1"],
    [[], ""],
  ])("encodes %j as %s", (codes, encoded) => {
    expect(encodeRanges(codes)).toBe(encoded);
  });
});
