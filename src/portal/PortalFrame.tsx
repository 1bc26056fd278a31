import { useEffect, type ReactNode } from "react";
import { Toaster } from "~/components/ui/toast";
import { company } from "~/config/company";
import { takeFlash } from "~/lib/flash";
import { toast } from "~/lib/toast";

/** What every portal island sits in: the toaster, and the toast the previous page left. */
export function PortalFrame({ children }: { children: ReactNode }) {
  useEffect(() => {
    const flashed = takeFlash();
    if (flashed) toast(flashed);
  }, []);
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

/** The company mark (the favicon drawing) with the portal's name. */
export function PortalBrand({ subtitle = "Staff Portal" }: { subtitle?: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
      <span className="text-sm leading-tight font-extrabold text-navy-950">
        {company.name}
        <span className="block text-[11px] font-semibold tracking-[0.18em] text-gold-700 uppercase">{subtitle}</span>
      </span>
    </span>
  );
}

/** What a staff screen shows until it knows it may ask the API anything. */
export function PortalLoadingText() {
  return (
    <p role="status" className="py-24 text-center text-sm font-semibold text-navy-700">
      Loading portal...
    </p>
  );
}
