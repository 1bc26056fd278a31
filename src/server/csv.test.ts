import { describe, expect, it } from "vitest";
import { csvCell, csvRows } from "./csv";

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://evil.test")', `"'=HYPERLINK(""http://evil.test"")"`],
    ["+1+1", `"'+1+1"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=1", `"'\t=1"`],
    ["\r=1", `"'\r=1"`],
    ["\n=1", `"'\n=1"`],
    [" =1", `"' =1"`],
    ["\uff1d1+1", `"'\uff1d1+1"`],
    ["\uff0b1", `"'\uff0b1"`],
    ["\uff0d1", `"'\uff0d1"`],
    ["\uff20SUM(A1)", `"'\uff20SUM(A1)"`],
  ])("defuses %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["plain text", `"plain text"`],
    ["a=b", `"a=b"`],
    [42, `"42"`],
    [null, `""`],
  ])("keeps %j as it is", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes rows with CRLF after each", () => {
    expect(
      csvRows([
        ["a", 1],
        ["=b", null],
      ]),
    ).toBe(`"a","1"\r\n"'=b",""\r\n`);
  });
});
