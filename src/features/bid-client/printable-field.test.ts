// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { useMessages } from "./language";
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
    const check = watchPrintable(field(), "name-error");
    type("Khai 😀");
    expect(error().hidden).toBe(false);
    expect(error().textContent).toBe(en.unprintable("😀", "U+1F600"));
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(check()).toBe(false);
  });

  it("says it in the page's language", () => {
    useMessages(es);
    try {
      watchPrintable(field(), "name-error");
      type("Peña 😀");
      expect(error().textContent).toBe(
        "“😀” (U+1F600) no se puede imprimir en el documento firmado. Quítelo o escríbalo de otra manera.",
      );
    } finally {
      useMessages(en);
    }
  });

  it("lets any script the PDF prints through, and clears the message", () => {
    const check = watchPrintable(field(), "name-error");
    type("😀");
    type("Nguyễn Thị Minh Khai 王小明 김민준");
    expect(error().hidden).toBe(true);
    expect(field().hasAttribute("aria-invalid")).toBe(false);
    expect(check()).toBe(true);
  });
});
