import { describe, expect, test } from "vitest";
import { EMPTY_CONTACT_FORM, type ContactFormValues } from "./contact-form";
import { toContactPayload, validateContact } from "./contact-validation";

const valid: ContactFormValues = {
  fullName: "Maria Elena Garza",
  email: "maria@example.com",
  phone: "",
  message: "Repaint 24 units after turnover.",
  website: "",
};

describe("toContactPayload", () => {
  test.each([
    ["Maria Elena Garza", "Maria", "Elena Garza"],
    ["  Cher  ", "Cher", ""],
    ["John  Smith", "John", "Smith"],
  ])("splits %j at the first space", (fullName, firstName, lastName) => {
    expect(toContactPayload({ ...valid, fullName })).toMatchObject({ firstName, lastName, projectType: "general" });
  });
});

describe("validateContact", () => {
  test("accepts a complete message and trims it", () => {
    const result = validateContact({ ...valid, email: " maria@example.com " });
    expect(result).toEqual({
      ok: true,
      message: expect.objectContaining({ firstName: "Maria", lastName: "Elena Garza", email: "maria@example.com", projectType: "general" }),
    });
  });

  test("an empty form names the three required fields, not the optional phone", () => {
    expect(validateContact(EMPTY_CONTACT_FORM)).toEqual({
      ok: false,
      errors: { fullName: "Full name is required", email: "Email is required", message: "Project details is required" },
    });
  });

  test.each<[Partial<ContactFormValues>, keyof ContactFormValues, string]>([
    [{ email: "not-an-email" }, "email", "Enter a valid e-mail address"],
    [{ fullName: "   " }, "fullName", "Full name is required"],
    [{ message: "x".repeat(5001) }, "message", "Project details must be at most 5000 characters"],
    [{ phone: "1".repeat(41) }, "phone", "Phone must be at most 40 characters"],
  ])("%j -> %s: %s", (change, field, message) => {
    const result = validateContact({ ...valid, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[field as keyof typeof result.errors]).toBe(message);
  });
});
