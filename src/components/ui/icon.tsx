import { cn } from "~/lib/cn";
import { PORTAL_ICON_SPRITE, type PortalIconName } from "./portal-icons";

/** A portal icon from the sprite. Decorative: give the control around it an accessible name. */
export function Icon({ name, className }: { name: PortalIconName; className?: string }) {
  return (
    <svg data-slot="icon" aria-hidden="true" className={cn("size-4 shrink-0", className)}>
      <use href={`${PORTAL_ICON_SPRITE}#${name}`} />
    </svg>
  );
}
