import { describe, expect, it } from "vitest";
import { printable } from "./text";

describe("printable", () => {
  it.each([
    ["ASCII and Latin-1 stay", "Zoë Müller, café & crème", "Zoë Müller, café & crème"],
    ["Windows-1252 punctuation stays", "“quoted” – dash … €5", "“quoted” – dash … €5"],
    ["marks the faces lack drop to the base letter", "Nguyễn Đặng", "Nguyen Dang"],
    ["letters with no decomposition map to theirs", "Łukasz Øre", "Lukasz Øre"],
    ["characters with no form print ?", "李 😀", "? ?"],
    ["line breaks stay, tabs become spaces", "a\nb\tc", "a\nb c"],
  ])("%s", (_name, input, expected) => {
    expect(printable(input)).toBe(expected);
  });
});
