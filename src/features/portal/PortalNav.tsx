import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { portalNav } from "~/config/navigation";
import { cn } from "~/lib/cn";
import { PortalBrand } from "./PortalFrame";
import { logout } from "./session";

/** The dashboard's bar: Templates, Proposal Editor, Email Signature and Logout (spec 2). */
export function PortalNav({ current }: { current: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <header className="border-b border-navy-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <PortalBrand />
        <nav aria-label="Portal" className="order-last w-full md:order-none md:w-auto md:flex-1">
          <ul className="flex flex-wrap gap-1">
            {portalNav.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.href === current ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2 text-sm font-semibold text-navy-700 hover:bg-navy-50",
                    link.href === current && "bg-navy-900 text-white hover:bg-navy-800",
                  )}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto md:ml-0"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          <Icon name="logout" /> Logout
        </Button>
      </div>
    </header>
  );
}
