import { describe, expect, it } from "vitest";
import { E_SIGN_DISCLOSURE } from "~/content/e-sign";
import { E_SIGN_DISCLOSURE_ES } from "~/content/e-sign-es";
import { CONSENT_HASHES, disclosureLanguage } from "./secrets";

/**
 * The two E-SIGN disclosures' hashes, held: every consent and signature records one, so a change to either text
 * (counsel's to make) must be made on purpose, here too, and earlier records keep naming the words they agreed to.
 */
describe("the E-SIGN disclosures", () => {
  it.each([
    ["en", "80dde88429d1fbb44d04f249d845cd0609651dada18e9e7598a4bd3782e66852"],
    ["es", "6d2adb53a360f13ca481e39d5bab1002df903f77085ee0cf415eb721560fa0cb"],
  ] as const)("%s hashes to %s", (language, hash) => {
    expect(CONSENT_HASHES[language]).toBe(hash);
    expect(disclosureLanguage(hash)).toBe(language);
  });

  it("the Spanish text is its own, paragraph for paragraph", () => {
    expect(E_SIGN_DISCLOSURE_ES).toHaveLength(E_SIGN_DISCLOSURE.length);
    E_SIGN_DISCLOSURE_ES.forEach((paragraph, i) => expect(paragraph).not.toBe(E_SIGN_DISCLOSURE[i]));
    expect(disclosureLanguage("0".repeat(64))).toBeUndefined();
  });
});
