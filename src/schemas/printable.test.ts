import { describe, expect, it } from "vitest";
import { bidDeclineSchema, bidSignerInputSchema } from "./bids";
import { codePointName, firstUnprintable, isPrintable, unprintableIssue } from "./printable";
import { printableCheck } from "./printable-check";
import { z } from "./zod";

describe("printable characters", () => {
  it.each([
    ["Vietnamese", "Nguyễn Thị Minh Khai"],
    ["Spanish", "María José Muñoz Peña"],
    ["Greek", "Γιώργος Παπαδόπουλος"],
    ["Cyrillic", "Анна Кузнецова"],
    ["Chinese", "王小明"],
    ["Japanese", "やまだ たろう 山田太郎"],
    ["Korean", "김민준"],
    ["extended Latin", "Łukasz Žižek Øre Ærø ß"],
    ["layout", "line\nbreak\ttab\r\n"],
  ])("%s prints", (_script, text) => {
    expect(firstUnprintable(text)).toBeUndefined();
  });

  it.each([
    ["an emoji", "Jane 😀", "😀"],
    ["a private-use character", "A\uE000", "\uE000"],
    ["a control character", "A\u0007", "\u0007"],
    ["Arabic, which no embedded font has", "مرحبا", "م"],
  ])("%s is refused", (_what, text, first) => {
    expect(firstUnprintable(text)).toBe(first);
    expect(isPrintable(first.codePointAt(0)!)).toBe(false);
  });

  it("names a character by its code point", () => {
    expect(codePointName("😀")).toBe("U+1F600");
    expect(codePointName("\u0007")).toBe("U+0007");
  });

  it("a refusal names the field and the character, with the unprintable code", () => {
    const result = z.string().check(printableCheck("Signer name")).safeParse("Ana 😀");
    expect(result.success).toBe(false);
    const [issue] = result.error!.issues as { message: string; params?: { code?: string } }[];
    expect(issue.message).toContain("Signer name");
    expect(issue.message).toContain("😀");
    expect(issue.message).toContain("U+1F600");
    expect(issue.params?.code).toBe("unprintable_character");
  });

  it("finds the refusal inside a union's branches, as the body's nodes report it", () => {
    const node = z.union([z.string().check(printableCheck("Proposal text")), z.object({ tag: z.string() })]);
    const result = z.array(node).safeParse(["fine", "bad 😀"]);
    expect(result.success).toBe(false);
    expect(unprintableIssue(result.error!.issues as never)?.message).toContain("Proposal text");
    expect(unprintableIssue([{ code: "too_big", message: "Too long" }])).toBeUndefined();
  });

  it("the bid schemas check the names and reasons the PDF or the timeline carries", () => {
    expect(bidSignerInputSchema.safeParse({ name: "Nguyễn Thị Minh Khai", email: "a@example.com" }).success).toBe(true);
    expect(bidSignerInputSchema.safeParse({ name: "Khai 🙂", email: "a@example.com" }).success).toBe(false);
    expect(bidDeclineSchema.safeParse({ secret: "a".repeat(43), reason: "Trop cher 💸" }).success).toBe(false);
  });
});
