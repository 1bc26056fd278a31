import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { LEAD_LIMITS, type LeadStatus } from "~/schemas/lead-fields";
import type { LeadDetail } from "~/schemas/leads";
import { LeadStatusBadge } from "./LeadStatusBadge";
import { Section } from "./Section";
import { StaffOptions } from "./StaffOptions";
import { STATUS_OPTIONS } from "./leads";
import { $leadBusy, markLeadSpam, updateLead } from "./store";

const CONTROL = "h-10 w-full rounded-md border border-navy-200 bg-white px-3 text-sm";

/**
 * Status, owner and follow-up day, each saved as soon as it is chosen; "Lost" waits for its reason, which is
 * also asked for when a proposal from the lead was declined or expired and none is open. "Mark as spam" files a
 * message that was never an enquiry under Spam.
 */
export function LeadControls({ lead }: { lead: LeadDetail }) {
  const busy = useStore($leadBusy);
  const [losing, setLosing] = useState(false);
  const chooseStatus = (status: LeadStatus) => {
    if (status === "lost") return setLosing(true);
    setLosing(false);
    void updateLead(lead.id, { status });
  };
  return (
    <Section title="Follow-up">
      {lead.lostReasonNeeded && !losing && (
        <div role="status" className="grid grid-cols-1 gap-2 rounded-md bg-gold-100 p-3 text-sm text-navy-950">
          <p>A proposal from this lead was declined or expired. Was the lead lost?</p>
          <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setLosing(true)}>
            Record why it was lost
          </Button>
        </div>
      )}
      <Field label="Status">
        {(control) => (
          <select
            {...control}
            value={losing ? "lost" : lead.status}
            disabled={busy}
            onChange={(e) => chooseStatus(e.currentTarget.value as LeadStatus)}
            className={CONTROL}
          >
            {STATUS_OPTIONS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {lead.status === "lost" && lead.lostReason && !losing && (
        <p className="text-sm text-navy-800">
          <LeadStatusBadge status="lost" /> {lead.lostReason}
        </p>
      )}
      {losing && <LostReason id={lead.id} onDone={() => setLosing(false)} />}
      <Field label="Owner">
        {(control) => (
          <select
            {...control}
            value={lead.ownerId ?? ""}
            disabled={busy}
            onChange={(e) => void updateLead(lead.id, { ownerId: e.currentTarget.value || null })}
            className={CONTROL}
          >
            <option value="">Unassigned</option>
            <StaffOptions />
          </select>
        )}
      </Field>
      <Field label="Follow-up day" hint="(optional)">
        {(control) => (
          <input
            {...control}
            type="date"
            value={lead.followUpOn ?? ""}
            disabled={busy}
            onChange={(e) => void updateLead(lead.id, { followUpOn: e.currentTarget.value || null })}
            className={CONTROL}
          />
        )}
      </Field>
      <Button
        size="sm"
        variant="outline"
        className="justify-self-start"
        disabled={busy}
        onClick={() => void markLeadSpam(lead.id)}
      >
        Mark as spam
      </Button>
    </Section>
  );
}

/** The lost reason's box: the status only changes once a reason is given. */
function LostReason({ id, onDone }: { id: string; onDone: () => void }) {
  const busy = useStore($leadBusy);
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  const save = async () => {
    if (!reason.trim()) return setError("Say why the lead was lost");
    if (await updateLead(id, { status: "lost", lostReason: reason.trim() })) onDone();
  };
  return (
    <form
      className="grid grid-cols-1 gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field label="Lost reason" error={error || undefined}>
        {(control) => (
          <textarea
            {...control}
            value={reason}
            maxLength={LEAD_LIMITS.lostReason}
            rows={3}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError("");
            }}
            className="rounded-md border border-navy-200 bg-white p-2 text-sm"
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Mark lost
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
