import { useStore } from "@nanostores/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { formatExact } from "~/features/inbox/inbox";
import { portalPaths } from "~/portal/navigation";
import { LEAD_LIMITS } from "~/schemas/lead-fields";
import type { LeadDetail } from "~/schemas/leads";
import { Section } from "./Section";
import { $leadBusy, addNote, sendReply } from "./store";

/** How each reply's e-mail fared, in words. */
const DELIVERY = { pending: "Sending", sent: "Sent", failed: "Not delivered yet (retrying)" } as const;

const BOX = "rounded-md border border-navy-200 bg-white p-2 text-sm";

/** The replies e-mailed to the sender, oldest first, and the box to write the next one. */
export function LeadThread({ lead }: { lead: LeadDetail }) {
  const busy = useStore($leadBusy);
  const [body, setBody] = useState("");
  const [noAddress, setNoAddress] = useState(false);
  const send = async () => {
    if (!body.trim()) return;
    const outcome = await sendReply(lead.id, body.trim());
    setNoAddress(outcome === "no-address");
    if (outcome === "sent") setBody("");
  };
  return (
    <Section title="Replies">
      {lead.replies.length === 0 ? (
        <p className="text-sm text-navy-700">No reply yet. The first one stops the clock.</p>
      ) : (
        <ol aria-label="Thread" className="grid grid-cols-1 gap-3">
          {lead.replies.map((reply) => (
            <li key={reply.id} className="grid grid-cols-1 gap-1 rounded-md bg-stone-50 p-3 text-sm">
              <p className="text-xs text-navy-700">
                <strong className="text-navy-950">{reply.author}</strong> ·{" "}
                <time dateTime={reply.createdAt}>{formatExact(reply.createdAt)}</time> · Reply-To {reply.replyTo} ·{" "}
                <span data-delivery={reply.delivery}>{DELIVERY[reply.delivery]}</span>
              </p>
              <p className="wrap-anywhere whitespace-pre-line text-navy-900">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="grid grid-cols-1 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Field label="Reply to the sender" description="E-mailed from the company; their answer comes to you.">
          {(control) => (
            <textarea
              {...control}
              value={body}
              rows={5}
              maxLength={LEAD_LIMITS.reply}
              onChange={(e) => setBody(e.currentTarget.value)}
              className={BOX}
            />
          )}
        </Field>
        {noAddress && (
          <p role="alert" className="text-sm text-red-800">
            Replies go out with your confirmed notification address as Reply-To, and you have none yet.{" "}
            <a href={`${portalPaths.account}#notifications`} className="font-semibold underline">
              Set your notification address
            </a>
            .
          </p>
        )}
        <Button type="submit" size="sm" className="justify-self-start" disabled={busy || !body.trim()}>
          Send reply
        </Button>
      </form>
    </Section>
  );
}

/** Private notes: staff only, never sent. */
export function LeadNotes({ lead }: { lead: LeadDetail }) {
  const busy = useStore($leadBusy);
  const [body, setBody] = useState("");
  return (
    <Section title="Private notes">
      {lead.notes.length === 0 && <p className="text-sm text-navy-700">No notes yet. Only staff see them.</p>}
      {lead.notes.length > 0 && (
        <ul className="grid grid-cols-1 gap-2">
          {lead.notes.map((note) => (
            <li key={note.id} className="grid grid-cols-1 gap-1 text-sm">
              <p className="text-xs text-navy-700">
                <strong className="text-navy-950">{note.author}</strong> ·{" "}
                <time dateTime={note.createdAt}>{formatExact(note.createdAt)}</time>
              </p>
              <p className="wrap-anywhere whitespace-pre-line text-navy-900">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid grid-cols-1 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void addNote(lead.id, body.trim()).then((added) => added && setBody(""));
        }}
      >
        <Field label="Add a note" description="Only staff see notes.">
          {(control) => (
            <textarea
              {...control}
              value={body}
              rows={3}
              maxLength={LEAD_LIMITS.note}
              onChange={(e) => setBody(e.currentTarget.value)}
              className={BOX}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="justify-self-start"
          disabled={busy || !body.trim()}
        >
          Add note
        </Button>
      </form>
    </Section>
  );
}
