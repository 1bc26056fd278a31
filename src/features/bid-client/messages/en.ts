/**
 * The client's page in English: every word the page's script writes (its static words are in the screens,
 * from ./static-en.ts). The Spanish catalogue (./es.ts) has the same shape; the page's language picks one.
 */
import { ENGLISH_WAIT } from "~/lib/retry-after";
import { BID_CODE, type BidLanguage } from "~/schemas/bid-fields";

export const en = {
  lang: "en" as BidLanguage,
  locale: "en-US",
  network: "We could not reach the server. Check your connection and try again.",
  proposalFor: (project: string) => `Proposal for ${project}`,
  yourProposal: "Your proposal",
  from: (sender: string, company: string, day: string) => `From ${sender}, ${company}. Sent ${day}.`,
  messageFrom: (sender: string) => `Message from ${sender}`,
  downloadSigned: "Download the signed PDF",
  download: "Download PDF",
  sealedReady: "The signed PDF is ready to download.",
  renewalAsked: (sender: string) => `We asked ${sender} for a new bid. It will come to you by e-mail.`,
  validUntil: (day: string) => `Valid until ${day}`,
  // The signing steps.
  tickConsent: "Tick the box to agree to sign electronically.",
  codeSent: (email: string) =>
    `We e-mailed a ${BID_CODE.digits}-digit code to ${email}. It works for ${BID_CODE.ttlMinutes} minutes.`,
  codeSentAnnounce: "Code sent. Check your e-mail.",
  newCodeAnnounce: "We sent a new code. Check your e-mail.",
  codeShape: `Enter the ${BID_CODE.digits}-digit code from the e-mail`,
  signSummary: (project: string, amount: string) => `You are signing the proposal for ${project}, base bid ${amount}.`,
  typeName: "Type your full name to sign.",
  /** A character the signed PDF cannot print, named under the field it was typed in. */
  unprintable: (char: string, codePoint: string) =>
    `“${char}” (${codePoint}) can’t be printed in the signed document. Remove it or type it another way.`,
  codeConfirmed: "Code confirmed.",
  /** Why a code was refused, with the tries left when there are any. */
  codeRefused: {
    "no-code": "Ask for a code first.",
    locked: "Too many wrong codes: ask us to send the proposal again.",
    spent: "Too many tries with this code: ask for a new code.",
    expired: `The code has expired (it works for ${BID_CODE.ttlMinutes} minutes): ask for a new one.`,
    wrong: "That is not the code we sent.",
  },
  triesLeft: (n: number) => (n === 1 ? "1 try left." : `${n} tries left.`),
  codeAgain: "Enter your code again, or ask for a new one: the one you confirmed no longer signs.",
  // Declining.
  declineSend: "E-mail me a code to decline",
  declineConfirm: "Decline this bid",
  declineCodeSent: (email: string) =>
    `To decline, enter the ${BID_CODE.digits}-digit code we e-mailed to ${email}. It works for ${BID_CODE.ttlMinutes} minutes.`,
  // States and notices.
  withdrawn: {
    heading: "This bid was withdrawn",
    text: (sender: string) =>
      `${sender} withdrew this proposal, so it can no longer be signed. Call or e-mail us with any questions.`,
  },
  replaced: {
    heading: "This bid was replaced",
    text: "This bid was replaced by a newer one; use the link in the newest e-mail.",
  },
  youDeclined: "You declined this bid",
  declinedHeading: "This bid was declined",
  declinedText: (who: string | null, sender: string) =>
    `${who ?? "You"} declined this proposal. ${sender} has been told.`,
  aSigner: "A signer",
  expired: {
    heading: (day: string) => `This bid expired on ${day}`,
    text: (sender: string) => `It can no longer be signed. Ask ${sender} for a new bid and it will come by e-mail.`,
  },
  staff: {
    heading: "Staff cannot sign as the client",
    text: "You are signed in to the staff portal in this browser. Staff cannot view or sign a client's bid as the client; open the proposal from the Proposals screen instead.",
  },
  tooMany: { heading: "Too many attempts", text: (wait: string) => `Too many attempts, try again ${wait}.` },
  invalidLink: {
    heading: "This link is not valid",
    text: "Check that you opened the whole link from the e-mail. If it still does not work, call or e-mail us and we will send a new one.",
  },
  progress: { signed: "Signed", declined: "Declined", waiting: "Not signed yet" },
  done: {
    youSigned: "You signed",
    waitingFor: (names: string) =>
      `Thank you. The bid is complete when ${names} also signs; everyone then receives the signed PDF by e-mail.`,
    signed: "Signed",
    sealed: "Every signer has signed. Download the signed PDF below; it has also been e-mailed to you.",
    sealing: "Every signer has signed. The signed PDF is being prepared; it will be offered here and e-mailed to you.",
  },
  and: "and",
  wait: ENGLISH_WAIT,
};

/** The shape every language's catalogue has. */
export type BidMessages = typeof en;
