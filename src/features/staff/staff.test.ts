import { expect, test } from "vitest";
import type { Invitation } from "~/schemas/staff-accounts";
import { invitationUrl, secondFactors } from "./staff";
import { secretFromHash } from "~/features/invitation/invitation";

test.each([
  [{ totp: false, passkeys: 0 }, "None"],
  [{ totp: true, passkeys: 0 }, "Authenticator app"],
  [{ totp: true, passkeys: 1 }, "Authenticator app, 1 passkey"],
  [{ totp: false, passkeys: 2 }, "2 passkeys"],
])("the staff list shows %j as %s", (account, text) => {
  expect(secondFactors(account)).toBe(text);
});

test("an invitation link is the page's origin plus the one-time path; the page reads the secret back from the fragment", () => {
  const url = invitationUrl({ link: "/portal/invitation#abc-DEF_123" } as Invitation, "https://www.example.com");
  expect(url).toBe("https://www.example.com/portal/invitation#abc-DEF_123");
  expect(secretFromHash(new URL(url).hash)).toBe("abc-DEF_123");
});
