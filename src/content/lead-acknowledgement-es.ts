/**
 * The automatic acknowledgement in Spanish, sent when the visitor's browser preferred Spanish when they sent the
 * form (the same rules as the English one in ./lead-acknowledgement.ts; copy editors change both).
 */
import { company } from "~/config/company";

/** The acknowledgement's subject. */
export const LEAD_ACK_SUBJECT_ES = `Recibimos su mensaje para ${company.name}`;

/** The acknowledgement's paragraphs; the greeting names the sender when their first name looks like a name. */
export const leadAcknowledgementEs = (firstName: string | null): readonly string[] => [
  firstName ? `Hola, ${firstName}:` : "Hola:",
  `Gracias por comunicarse con ${company.name}. Recibimos su mensaje y le respondemos en menos de una hora hábil (de lunes a viernes, de 8:00 a 17:00, hora del Centro).`,
  `Si su proyecto es urgente, llámenos al ${company.phone.display}.`,
  `${company.name}\n${company.tagline}`,
];
