/**
 * The password strength estimate the browser shows while typing and the server enforces: zxcvbn-ts with the
 * common and English dictionaries (common passwords included) and the company's and the person's names as
 * words to avoid. Heavy (the dictionaries are ~1 MB): the browser imports this module only where a password
 * is chosen.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { company } from "~/config/company";
import { PORTAL_PASSWORD } from "~/schemas/limits";

let factory: ZxcvbnFactory | undefined;

/** The verdict on a new password: acceptable or not, and what to tell the person. */
export interface PasswordVerdict {
  ok: boolean;
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: number;
  /** The first thing to fix, or null when the password is acceptable. */
  problem: string | null;
}

/** Words a password must not lean on: the company's name and the person's names. */
function userInputs(personal: string[]): string[] {
  return [company.name, ...company.name.split(/\s+/), ...personal.flatMap((p) => [p, ...p.split(/[\s._@-]+/)])]
    .map((w) => w.trim())
    .filter((w) => w.length >= 3);
}

/** Estimates `password` with `personal` (username, display name) as words to avoid. */
export function passwordVerdict(password: string, personal: string[]): PasswordVerdict {
  if (password.length < PORTAL_PASSWORD.minLength)
    return {
      ok: false,
      score: 0,
      problem: `Password must be at least ${PORTAL_PASSWORD.minLength} characters`,
    };
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  const result = factory.check(password, userInputs(personal));
  if (result.score >= PORTAL_PASSWORD.minScore) return { ok: true, score: result.score, problem: null };
  const hint = result.feedback.warning || result.feedback.suggestions[0] || "Add more words or characters.";
  return { ok: false, score: result.score, problem: `Password is too easy to guess. ${hint}` };
}
