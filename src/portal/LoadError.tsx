import { Button } from "~/components/ui/button";

/**
 * A list that could not be loaded for a reason other than the session (a 5xx, no connection):
 * say so and offer a retry, keeping the token (signing staff out because the database blinked is worse).
 */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <p className="font-semibold">{what} could not be loaded.</p>
      <p className="mt-1 text-sm">Check your connection and try again. ({error.message})</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
