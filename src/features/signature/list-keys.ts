/**
 * The signature lists' query keys, shared by the signature screen and the proposal editor's logo dropdown:
 * the light lists (no logo, no exported HTML, which may be 400 KB a template), one cache for both.
 */
import { COMPANY_SIGNATURE_TEMPLATES_PATH, SIGNATURE_TEMPLATES_PATH } from "~/lib/api-routes";

/** The caller's own templates (company ones they created included). */
export const PERSONAL_LIST_KEY = `${SIGNATURE_TEMPLATES_PATH}?view=summary`;
/** Templates marked as company templates, from anyone. */
export const COMPANY_LIST_KEY = `${COMPANY_SIGNATURE_TEMPLATES_PATH}?view=summary`;
