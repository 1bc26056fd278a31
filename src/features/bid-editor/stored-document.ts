/**
 * A stored proposal read back and a save checked, with the API's own schemas: a template's
 * templateContent, the browser draft, and the POST body of a save. Pure and tested; loaded when a
 * document is read or saved, so zod is not part of the editor's first load.
 */
import { DEFAULT_LOGO, PROPOSAL_SAVE_CATEGORY } from "./constants";
import { proposalDocumentSchema, type ProposalDocument } from "~/schemas/proposal-document";
import { proposalTemplateInputSchema, type ProposalTemplateInput } from "~/schemas/proposal-template";
import { buildTemplateContent, isSafeImageUrl, type BrowserDraft, type SaveDraft } from "./proposal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ParsedDocument = { ok: true; document: ProposalDocument } | { ok: false; error: string };

/**
 * Reads a stored document (a template's templateContent, or the browser draft): JSON, then
 * proposalDocumentSchema. A logo that is not a safe image URL becomes the default one rather than
 * failing the load. The HTML still has to be sanitised by the caller before it reaches the page.
 */
export function parseTemplateContent(text: string): ParsedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "templateContent is not JSON" };
  }
  const parsed = proposalDocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `templateContent.${issue.path.join(".") || "(root)"}: ${issue.message}` };
  }
  const document = parsed.data;
  if (!isSafeImageUrl(document.documentSettings.logoFile)) document.documentSettings.logoFile = DEFAULT_LOGO;
  return { ok: true, document };
}

export type SaveRequest =
  { ok: true; input: ProposalTemplateInput } | { ok: false; problem: "name-required" | "invalid"; error: string };

/**
 * The POST body of a save (category always multifamily), checked with the API's own schema.
 * A blank name is its own problem because it has its own toast.
 */
export function buildSaveRequest(draft: SaveDraft, document: ProposalDocument): SaveRequest {
  const title = draft.name.trim();
  if (!title) return { ok: false, problem: "name-required", error: "Template name is blank" };
  const parsed = proposalTemplateInputSchema.safeParse({
    title,
    description: draft.description.trim() || null,
    category: PROPOSAL_SAVE_CATEGORY,
    templateContent: buildTemplateContent(document),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: "invalid", error: `${issue.path.join(".")}: ${issue.message}` };
}

/** A stored draft read back; null when there is none or it is unreadable (it is then ignored). */
export function parseDraft(text: string | null): BrowserDraft | null {
  if (!text) return null;
  try {
    const { savedAt, templateContent, bidId } = JSON.parse(text) as Record<string, unknown>;
    if (typeof savedAt !== "string" || typeof templateContent !== "string") return null;
    const parsed = parseTemplateContent(templateContent);
    if (!parsed.ok) return null;
    // A bid id that is not a UUID is forgotten: the next send then starts a new bid rather than failing.
    const sentAs = typeof bidId === "string" && UUID.test(bidId) ? { bidId } : {};
    return { savedAt, document: parsed.document, ...sentAs };
  } catch {
    return null;
  }
}
