// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { unprintableMessage } from "~/schemas/printable";
import { watchPrintable } from "./printable-field";

describe("a field of the client's page that prints in the signed PDF", () => {
  beforeEach(() => {
    document.body.innerHTML = `<input id="name" /><p id="name-error" hidden></p>`;
  });
  const field = () => document.getElementById("name") as HTMLInputElement;
  const error = () => document.getElementById("name-error")!;
  const type = (value: string) => {
    field().value = value;
    field().dispatchEvent(new Event("input"));
  };

  it("names a character no embedded font prints as it is typed, and refuses to send it", () => {
    const check = watchPrintable(field(), "name-error", "Your full name");
    type("Khai 😀");
    expect(error().hidden).toBe(false);
    expect(error().textContent).toBe(unprintableMessage("Your full name", "😀"));
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(check()).toBe(false);
  });

  it("lets any script the PDF prints through, and clears the message", () => {
    const check = watchPrintable(field(), "name-error", "Your full name");
    type("😀");
    type("Nguyễn Thị Minh Khai 王小明 김민준");
    expect(error().hidden).toBe(true);
    expect(field().hasAttribute("aria-invalid")).toBe(false);
    expect(check()).toBe(true);
  });
});
