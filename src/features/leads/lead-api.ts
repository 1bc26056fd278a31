/** Every staff call about leads, through the portal's typed client (paths and bodies checked against the routes). */
import { api, read } from "~/lib/api-client";
import type { LeadDetail, LeadPage, LeadPatch } from "~/schemas/leads";
import { leadQuery, type LeadFilters } from "./leads";

/** One page of the list, overdue first then newest, after `cursor` when given. */
export function listLeads(filters: LeadFilters, cursor?: string | null): Promise<LeadPage> {
  return read(api.portal.leads.$get({ query: leadQuery(filters, cursor) }));
}

/** The active staff a lead can be given to (the owner menu and filter). */
export function listOwners(): Promise<{ id: string; displayName: string }[]> {
  return read(api.portal.leads.owners.$get());
}

/** One lead with its message, source, notes, thread and proposals. */
export function leadDetail(id: string): Promise<LeadDetail> {
  return read(api.portal.leads[":id"].$get({ param: { id } }));
}

/** Changes status, lost reason, owner or follow-up day; the lead as it now stands. */
export function patchLead(id: string, json: LeadPatch): Promise<LeadDetail> {
  return read(api.portal.leads[":id"].$patch({ param: { id }, json }));
}

/** Adds a private note. */
export function addNote(id: string, body: string): Promise<LeadDetail> {
  return read(api.portal.leads[":id"].notes.$post({ param: { id }, json: { body } }));
}

/** Writes a reply, e-mailed to the sender with Reply-To the author's confirmed address. */
export function addReply(id: string, body: string): Promise<LeadDetail> {
  return read(api.portal.leads[":id"].replies.$post({ param: { id }, json: { body } }));
}
