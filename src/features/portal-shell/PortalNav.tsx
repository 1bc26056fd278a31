import { useStore } from "@nanostores/react";
import { cn } from "~/lib/cn";
import { portalNavGroups, portalPaths } from "~/portal/navigation";
import { $account, $session } from "~/portal/session-store";

/**
 * The portal's navigation in its groups (Sales, Documents, Company), the current screen marked; administrators'
 * screens only for administrators. The desk's sidebar and the phone's menu both show it.
 */
export function PortalNav({ current }: { current?: string }) {
  const { data: session } = useStore($session);
  const { data: account } = useStore($account);
  const admin = account?.role === "admin";
  return (
    <nav aria-label="Portal" className="grid grid-cols-1 gap-5">
      {portalNavGroups.map((group) => {
        const links = group.links.filter((link) => admin || !link.adminOnly);
        const id = `portal-nav-${group.label.toLowerCase()}`;
        return (
          <div key={group.label} className="grid grid-cols-1 gap-1">
            <p id={id} className="px-3 text-[11px] font-bold tracking-[0.14em] text-navy-600 uppercase">
              {group.label}
            </p>
            <ul aria-labelledby={id} className="grid grid-cols-1 gap-0.5">
              {links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={link.href === current ? "page" : undefined}
                    className={cn(
                      "flex min-h-11 items-center justify-between gap-2 rounded-md px-3 text-sm font-semibold text-navy-800 hover:bg-navy-50 lg:min-h-10",
                      link.href === current && "bg-navy-900 text-white hover:bg-navy-800",
                    )}
                  >
                    {link.label}
                    {link.href === portalPaths.messages && (
                      <CountBadge count={session?.unansweredLeads} what="unanswered" />
                    )}
                    {link.href === portalPaths.proposals && <CountBadge count={session?.bidUpdates} what="updates" />}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * A count beside a link: unanswered leads (still new) beside "Leads", bid updates (views and decisions since the
 * Proposals screen was last opened) beside "Proposals". Nothing when there are none or it is unknown.
 */
function CountBadge({ count, what }: { count: number | undefined; what: string }) {
  if (!count) return null;
  return (
    <span className="rounded-full bg-gold-500 px-1.5 text-xs font-bold text-navy-950 tabular-nums">
      {count.toLocaleString("en-US")}
      <span className="sr-only"> {what}</span>
    </span>
  );
}
