import { portalPaths } from "~/portal/navigation";

/** The portal's 403 screen: a signed-in staff member opened a screen that only admins may use. */
export function Forbidden() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-16">
      <div role="alert" className="rounded-lg border border-navy-200 bg-white p-8">
        <p className="text-sm font-bold tracking-widest text-gold-700 uppercase">403</p>
        <h2 className="mt-2 text-xl font-extrabold text-navy-950">Only an admin can open this screen</h2>
        <p className="mt-2 text-sm text-navy-700">
          Ask one of the company&apos;s admins if you need access.{" "}
          <a className="font-semibold underline" href={portalPaths.dashboard}>
            Back to the dashboard
          </a>
        </p>
      </div>
    </main>
  );
}
