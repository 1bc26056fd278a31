import { useStore } from "@nanostores/react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { adminNav, portalNav, portalPaths } from "./navigation";
import { cn } from "~/lib/cn";
import { PortalBrand } from "./PortalFrame";
import { logout } from "./session";
import { $account, $session } from "./session-store";

export interface PortalTopBarProps {
  /** The screen's name, its one h1. */
  title: string;
  /** The navigation link of the current screen, marked aria-current. */
  current?: string;
  /** A link back, e.g. "Back to Dashboard". */
  back?: { href: string; label: string };
  /** The screen's own buttons (Save Template, Print...). */
  actions?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
}

/**
 * The bar every staff screen shares: brand, navigation (with the counts of unanswered leads and bid updates),
 * the signed-in name and Logout; under it the screen's back link, title and actions.
 */
export function PortalTopBar({ title, current, back, actions, subtitle }: PortalTopBarProps) {
  const { data: session } = useStore($session);
  const { data: account } = useStore($account);
  const links = account?.role === "admin" ? [...portalNav, ...adminNav] : portalNav;
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="border-b border-navy-100 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <PortalBrand />
        <nav aria-label="Portal" className="order-last w-full md:order-none md:w-auto md:flex-1">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.href === current ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold text-navy-700 hover:bg-navy-50",
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
        </nav>
        <div className="ml-auto flex items-center gap-3 md:ml-0">
          {session && (
            <p className="text-sm text-navy-700">
              Signed in as <strong className="font-semibold text-navy-950">{session.username}</strong>
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            <Icon name="log-out" /> Logout
          </Button>
        </div>
      </div>
      <div className="border-t border-navy-100 bg-stone-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-4">
          {back && (
            <a
              href={back.href}
              className="inline-flex items-center gap-1.5 rounded-md py-2 pr-2 text-sm font-semibold text-navy-700 hover:text-navy-950"
            >
              <Icon name="arrow-left" /> {back.label}
            </a>
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-extrabold text-navy-950 md:text-3xl">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-navy-600">{subtitle}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </div>
    </header>
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
