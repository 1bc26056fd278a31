import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect } from "react";
import { Inbox } from "~/features/inbox/Inbox";
import type { InboxFilter } from "~/features/inbox/inbox";
import { showView } from "~/features/inbox/store";
import { portalPaths } from "~/portal/navigation";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { cn } from "~/lib/cn";
import { LeadDetailView } from "./LeadDetailView";
import { LeadList } from "./LeadList";
import { $openLeadId, followAddress } from "./store";

type View = "leads" | Exclude<InboxFilter, "unhandled">;

/**
 * The screen's views: the leads, and every message as it came (where spam and held ones wait in their folders,
 * outside the leads until moved back or released).
 */
const VIEWS: { value: View; label: string }[] = [
  { value: "leads", label: "Leads" },
  { value: "all", label: "All messages" },
  { value: "held", label: "Held" },
  { value: "spam", label: "Spam" },
];

/** The view the address asks for (`?view=held`, as "Needs you now" links the held messages), else the leads. */
const viewInAddress = (): View => {
  const asked = new URLSearchParams(location.search).get("view");
  return VIEWS.find((v) => v.value === asked)?.value ?? "leads";
};

const $view = atom<View>(viewInAddress());

/** /portal/messages (and /portal/leads, redirected): the leads from the contact form, each followed from arrival to won or lost. */
export function LeadsPage() {
  useEffect(followAddress, []);
  const openId = useStore($openLeadId);
  return (
    <StaffScreen
      title="Leads"
      subtitle="Messages from the website's contact form, answered within a business hour and followed to a decision."
      current={portalPaths.messages}
    >
      {openId ? <LeadDetailView /> : <Views />}
    </StaffScreen>
  );
}

function Views() {
  const view = useStore($view);
  // A view named in the address loads its messages once, as choosing it would.
  useEffect(() => {
    if (view !== "leads") showView(view);
  }, []);
  const choose = (next: View) => {
    $view.set(next);
    if (next !== "leads") showView(next);
  };
  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div role="group" aria-label="Show" className="flex flex-wrap gap-1 justify-self-start rounded-lg bg-navy-50 p-1">
        {VIEWS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => choose(value)}
            className={cn(
              "rounded-md px-4 py-1.5 text-sm font-semibold text-navy-700 hover:bg-white",
              view === value && "bg-navy-900 text-white hover:bg-navy-800",
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {view === "leads" ? <LeadList /> : <Inbox />}
    </main>
  );
}
