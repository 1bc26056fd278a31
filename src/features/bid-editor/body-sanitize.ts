/**
 * The proposal body's HTML with only the editor's own formatting left: no scripts, handlers, URLs or foreign
 * styles. A module of its own, fetched on demand with the editing engine or alone (a document saved or loaded
 * before the engine is in), so DOMPurify is never part of the editor's first load.
 */
import createDOMPurify from "dompurify";
import { htmlSanitizer } from "~/lib/sanitize";

const sanitize = htmlSanitizer(createDOMPurify);

export const sanitizeBodyHtml = (html: string): string => sanitize("body", html);
