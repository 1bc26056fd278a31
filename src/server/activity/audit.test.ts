import { expect, it } from "vitest";
import { ACTIVITY_KINDS } from "~/schemas/activity";
import { kindOf, subjectsOf } from "./audit";

it.each([
  ["bid.resend-link", "bid"],
  ["bid.a-verb-added-later", "bid"],
  ["logout", "sign-in"],
  ["login.throttled", "sign-in"],
  ["recovery-code.use", "second-factor"],
  ["signature-template.unmark", "template"],
  ["lead.note", "message"],
  ["company.export", "staff"],
  ["retired-subject.verb", "other"],
  ["bid", "bid"],
])("%s is filed under %s", (action, kind) => {
  expect(kindOf(action)).toBe(kind);
});

it("every kind the filter offers has a subject, and each subject is filed under one kind", () => {
  const subjects = ACTIVITY_KINDS.map((kind) => subjectsOf(kind));
  for (const list of subjects) expect(list.length).toBeGreaterThan(0);
  const all = subjects.flat();
  expect(new Set(all).size).toBe(all.length);
});
