/** The client's page's static words in English, written into the HTML at build time (no script carries them). */
import { BID_CODE } from "~/schemas/bid-fields";

export const pageEn = {
  lang: "en",
  title: (company: string) => `Your proposal | ${company}`,
  description: (company: string) => `A proposal from ${company}.`,
  switchTo: "Español",
  noscriptHeading: "Turn on JavaScript to open your proposal",
  noscriptText: (phone: string) =>
    `This page reads and signs your proposal in the browser. Turn on JavaScript and open the link from the e-mail again, or call ${phone} and we will help.`,
  loading: "Opening your proposal…",
  read: {
    heading: "Your proposal",
    signers: "Signers",
    download: "Download PDF",
    goDecide: "Go to Accept or Decline",
    decision: "Your decision",
    steps:
      "Accepting takes two more steps: you agree to sign electronically and confirm a code we e-mail you, then you sign.",
    accept: "Accept and sign",
    decline: "Decline",
    reason: "Reason for declining (optional)",
    declineSend: "E-mail me a code to decline",
    codeLabel: `${BID_CODE.digits}-digit code`,
    keepOpen: "Keep the bid open",
  },
  consent: {
    heading: "Agree to sign electronically",
    region: "Electronic signature disclosure",
    agree: "I have read the disclosure above and agree to sign this proposal electronically.",
    emailCode: "Email me a code",
    back: "Back to the proposal",
    codeHeading: "Enter the code",
    codeLabel: `${BID_CODE.digits}-digit code`,
    continue: "Continue",
    resend: "Send a new code",
  },
  sign: {
    heading: "Sign the proposal",
    name: "Your full name",
    draw: "Draw your signature (optional)",
    hint: "Use a finger, pen or mouse. Your typed name is your signature either way, so you can skip this.",
    pad: "Signature drawing area",
    clear: "Clear the drawing",
    accept: "I accept this proposal and sign it",
    back: "Back to the proposal",
  },
  notice: {
    signed: "Signed",
    download: "Download PDF",
    renewal: "Ask for a new bid",
    questions: "Questions? Call",
    orEmail: "or e-mail",
  },
};

/** The shape of every language's static words. */
export type BidPageWords = typeof pageEn;
