import type { ReactNode } from "react";
import { PortalBrand, PortalFrame } from "./PortalFrame";

/**
 * The page a link the portal mailed opens (an invitation, a new address to confirm): the brand on a card, and
 * `dialogs` the page may open over it.
 */
export function LinkCard({ children, dialogs }: { children: ReactNode; dialogs?: ReactNode }) {
  return (
    <PortalFrame>
      <main className="grid min-h-screen place-items-center bg-navy-950 px-4 py-10">
        <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-2xl">
          <PortalBrand />
          {children}
        </div>
      </main>
      {dialogs}
    </PortalFrame>
  );
}

/** While the link's secret is being checked. */
export function LinkChecking({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-8 text-sm text-navy-700">
      {children}
    </p>
  );
}

/** A link that cannot be used (spent, expired or cut short), and why, in the server's words when it gave some. */
export function LinkRefused({ message }: { message: string }) {
  return (
    <>
      <h1 className="mt-8 text-2xl font-extrabold">This link cannot be used</h1>
      <p role="alert" className="mt-2 text-sm text-navy-700">
        {message}
      </p>
    </>
  );
}
