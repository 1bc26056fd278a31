/** What a bid's e-mails to its signers say in English; dates through Intl in en-US. ./es.ts has the same shape. */
import { BID_CODE } from "~/schemas/bid-fields";

/** The facts a signer's e-mail words: the project "Name ($amount)", days already in the language's long form. */
export interface SignerMailFacts {
  signer: string;
  sender: string;
  company: string;
  project: string;
  what: string;
  until: string;
  sent: string;
}

export const signerMailEn = {
  locale: "en-US",
  until: (day: string) => `It can be signed until the end of ${day}.`,
  link: {
    subject: (f: SignerMailFacts) => `Proposal from ${f.company}: ${f.project}`,
    intro: (f: SignerMailFacts) =>
      `Hello ${f.signer}, ${f.sender} of ${f.company} sent you a proposal for ${f.what}. ${f.until}`,
    messageFrom: (sender: string) => `Message from ${sender}:`,
  },
  code: {
    subject: (f: SignerMailFacts) => `Your code to sign the proposal for ${f.project}`,
    text: (code: string) => `Your code is ${code}. It works for ${BID_CODE.ttlMinutes} minutes.`,
  },
  reminder: {
    subject: (f: SignerMailFacts) => `Reminder: proposal for ${f.project}`,
    waits: (f: SignerMailFacts) => `The proposal for ${f.what} waits for you.`,
    expires: (f: SignerMailFacts) => `The proposal for ${f.what} expires soon.`,
    how: (f: SignerMailFacts) =>
      `${f.sender} sent it to you on ${f.sent}. Open it with your personal link below (the one in the first e-mail works too); do not forward this e-mail.`,
  },
  sealed: {
    subject: (f: SignerMailFacts) => `Signed proposal: ${f.project}`,
    text: (f: SignerMailFacts) => `The proposal for ${f.what} is signed by everyone. The signed PDF is attached.`,
    check: (url: string, sha256: string) => `Anyone can check that file at ${url} (its fingerprint: ${sha256}).`,
  },
};

/** The shape of every language's signer e-mails. */
export type SignerMailText = typeof signerMailEn;
