import { describe, expect, it } from "vitest";
import { printable } from "./text";

describe("printable", () => {
  it.each([
    ["Latin with its extensions stays", "Zoë Müller, Łukasz Øre, Nguyễn Đặng", "Zoë Müller, Łukasz Øre, Nguyễn Đặng"],
    ["Greek, Cyrillic and punctuation stay", "Αθήνα Москва “quoted” – €5", "Αθήνα Москва “quoted” – €5"],
    ["Chinese, Japanese and Korean stay", "李明 ひらがな 한국어", "李明 ひらがな 한국어"],
    ["a character no font has prints ? (only text stored before the forms refused it)", "ok 😀", "ok ?"],
    ["line breaks stay, tabs become spaces", "a\nb\tc", "a\nb c"],
  ])("%s", (_name, input, expected) => {
    expect(printable(input)).toBe(expected);
  });
});
