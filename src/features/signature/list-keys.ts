/**
 * The signature lists' query keys and loads, shared by the signature screen and the proposal editor's logo
 * dropdown: the light lists (no logo, no exported HTML, which may be 400 KB a template), one cache for both.
 */
import { api, read } from "~/lib/api-client";
import type { SignatureTemplateSummary } from "~/schemas/signature";

/** The caller's own templates (company ones they created included). */
export const PERSONAL_LIST_KEY = "signature-templates/personal";
/** Templates marked as company templates, from anyone. */
export const COMPANY_LIST_KEY = "signature-templates/company";

const summary = { query: { view: "summary" } };

// The API's type covers both views; `?view=summary` answers the summaries.
/** The loads of those keys. */
export const loadPersonalList = () =>
  read(api.portal["signature-templates"].$get(summary)) as Promise<SignatureTemplateSummary[]>;
export const loadCompanyList = () =>
  read(api["company-signature-templates"].$get(summary)) as Promise<SignatureTemplateSummary[]>;
