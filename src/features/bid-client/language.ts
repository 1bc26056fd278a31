/**
 * The page's language: English unless the page's entry script chose another catalogue before starting. Every
 * module reads its words through `t()`, so the Spanish page loads its own catalogue and the English one stays the
 * fallback both pages share.
 */
import { en, type BidMessages } from "./messages/en";

let current: BidMessages = en;

/** The words of the page's language. */
export const t = (): BidMessages => current;

/** Chooses the page's catalogue (the Spanish page's entry calls it once, before the page starts). */
export function useMessages(messages: BidMessages): void {
  current = messages;
}
