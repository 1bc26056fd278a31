import { describe, expect, it } from "vitest";
import { textTable } from "./text-table";

describe("textTable", () => {
  it("pads left and right columns under a rule", () => {
    expect(
      textTable([
        ["page", "JS"],
        ["/", "1.0 KB"],
        ["/about", "12.5 KB"],
      ]),
    ).toBe(
      ["page" + " ".repeat(9) + "JS", "------  -------", "/" + " ".repeat(8) + "1.0 KB", "/about  12.5 KB"].join("\n"),
    );
  });
});
