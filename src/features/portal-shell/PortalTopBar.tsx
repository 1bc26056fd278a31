import { useStore } from "@nanostores/react";
import { useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { totalOf } from "~/features/attention/attention";
import { $attention } from "~/features/attention/store";
import { cn } from "~/lib/cn";
import { NEEDS_YOU_HREF } from "~/portal/navigation";
import { PortalMenu } from "./PortalMenu";
import { logout } from "~/portal/session";
import { $session } from "~/portal/session-store";

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
  /**
   * A tool that needs the whole width (the editor, the signature generator): no sidebar at any width, the menu
   * button instead, and on a phone a note that the tool needs a wider screen.
   */
  wide?: boolean;
}

/**
 * The bar every staff screen shares: the menu button where there is no sidebar, the count of what needs the
 * person (opening the dashboard's list), the signed-in name and Logout; under it the screen's back link, title
 * and actions. One row of 56 px above the title, so a phone shows the screen's own content near the top.
 */
export function PortalTopBar({ title, current, back, actions, subtitle, wide }: PortalTopBarProps) {
  const { data: session } = useStore($session);
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="border-b border-navy-100 bg-white print:hidden">
      <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
        <PortalMenu current={current} className={wide ? undefined : "lg:hidden"} />
        <span className={cn("flex items-center gap-2", !wide && "lg:hidden")}>
          <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
          <span className="hidden text-sm font-extrabold text-navy-950 sm:inline">Staff Portal</span>
        </span>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <NeedsYouCount />
          {session && (
            <p className="hidden text-sm text-navy-700 sm:block">
              Signed in as <strong className="font-semibold text-navy-950">{session.username}</strong>
            </p>
          )}
          <Button
            variant="outline"
            className="h-11 px-3 sm:h-9"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            <Icon name="log-out" /> <span className="max-sm:sr-only">Logout</span>
          </Button>
        </div>
      </div>
      <div className="border-t border-navy-100 bg-stone-50">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 md:py-4">
          {back && (
            <a
              href={back.href}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-md pr-2 text-sm font-semibold text-navy-700 hover:text-navy-950"
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
      {wide && <WiderScreenNote title={title} />}
    </header>
  );
}

/** The top bar's count: everything in "Needs you now", one tap from that list. Nothing while there is nothing. */
function NeedsYouCount() {
  const { data } = useStore($attention);
  const total = data ? totalOf(data.groups) : 0;
  if (!total) return null;
  return (
    <a
      href={NEEDS_YOU_HREF}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-navy-800 hover:bg-navy-50 sm:min-h-9"
    >
      <Icon name="clock" />
      <span className="rounded-full bg-gold-500 px-1.5 text-xs font-bold text-navy-950 tabular-nums">
        {total.toLocaleString("en-US")}
      </span>
      <span className="max-sm:sr-only">need you</span>
    </a>
  );
}

/** What a phone shows above a tool made for a wider screen: said plainly, with the way back. */
function WiderScreenNote({ title }: { title: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-gold-300 bg-gold-100 px-4 py-2 text-sm text-navy-950 md:hidden">
      <span>The {title} needs a wider screen: a tablet or a computer.</span>
      <a href="/portal/dashboard" className="inline-flex min-h-11 items-center font-semibold underline">
        Back to the dashboard
      </a>
    </p>
  );
}
