/**
 * "Start a proposal" on a lead opens the editor with `?lead=<id>`: the document's project and the Send dialog's
 * first signer come from the lead, and the send links the bid to it. Loaded only when the address names a lead,
 * so the editor's first load stays as it was.
 */
import { api, read } from "~/lib/api-client";
import { leadProjectName, leadSignerName } from "~/features/leads/leads";
import { failureToast } from "~/portal/use-action";
import { toast } from "~/lib/toast";
import { leadFilled, proposalMessages } from "./messages";
import { setSignerField } from "./send-store";
import { $bidId, $leadId, setContentField } from "./store";

/** Fills the editor from lead `id`; a lead that cannot be read leaves the editor as it was, with a toast. */
export async function prefillFromLead(id: string): Promise<void> {
  try {
    const lead = await read(api.portal.leads[":id"].$get({ param: { id } }));
    $leadId.set(lead.id);
    // A proposal for this lead is a new bid, not a replacement of one this browser sent before.
    $bidId.set(null);
    setContentField("projectName", leadProjectName(lead));
    setSignerField(0, "name", leadSignerName(lead));
    setSignerField(0, "email", lead.email);
    toast(leadFilled(lead.name));
  } catch (error) {
    console.error("Lead not loaded into the editor:", error);
    toast(failureToast(error, proposalMessages.leadFailed));
  }
}
