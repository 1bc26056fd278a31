/**
 * The consumer disclosure a client reads before signing a bid electronically (E-SIGN Act, 15 U.S.C. 7001(c)):
 * what the consent covers, the right to paper and how to get it, how to withdraw and what that changes, what
 * is needed to open and keep the records, and how to tell us of a new address. Each consent and signature
 * records the SHA-256 of exactly these paragraphs, so rewording them makes earlier records name the old text.
 */
import { company } from "~/config/company";

const contact = `${company.legalName}, ${company.email}, ${company.phone.display}`;

/** The disclosure, as paragraphs of plain text (never markup). */
export const E_SIGN_DISCLOSURE: readonly string[] = [
  `${company.legalName} asks for your consent to sign this proposal electronically and to receive its records electronically. This consent covers this proposal only: the proposal as sent, your signature or decline, and the record of its signing (the certificate and the signed PDF).`,
  `You may have a paper copy of this proposal and of its signed record at any time, free of charge: ask us at ${contact}. Asking for paper does not withdraw your consent.`,
  `You may withdraw your consent before you sign by not signing and telling us at ${contact}; we will then send you the proposal on paper to sign by hand, which may take longer. Withdrawing consent after you signed does not undo the signature, and it does not change the records already made: we send any further records on paper.`,
  "To open and keep these records you need: a device with a current web browser (Chrome, Safari, Edge or Firefox) and an internet connection, a program that opens PDF files (most browsers do), an e-mail account that receives our messages, and storage or a printer to keep a copy.",
  `If your e-mail address changes, or it stops receiving our messages, tell us at ${contact} so the records reach you.`,
  "By checking the box you confirm that you can open and keep these records, and that you agree to use electronic records and an electronic signature for this proposal.",
];

/** The consent checkbox's label. */
export const E_SIGN_CONSENT_LABEL = "I have read the disclosure above and agree to sign electronically";

/** The sign button's words: what the signer states by pressing it. */
export const E_SIGN_STATEMENT = "I accept this proposal and sign it";
