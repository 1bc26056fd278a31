import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { Field } from "~/components/ui/field";
import { markBidOpened } from "~/features/attention/store";
import { Icon } from "~/components/ui/icon";
import { ListScreen } from "~/portal/ListScreen";
import { portalPaths } from "~/portal/navigation";
import { StaffScreen } from "~/features/portal-shell/StaffScreen";
import { BidCards, BidTable } from "./BidList";
import { BidDetailView } from "./BidDetailView";
import { countByStatus, PIPELINE_STATUSES, STATUS_LOOK, type BidFilter } from "./bids";
import { $bidFilter, $bids, $openBidId, $shownBids, followAddress, markSeen, reloadBids } from "./store";

/** /portal/proposals: every proposal sent to a client, where it stands, and each one's detail. */
export function ProposalsPage() {
  useEffect(() => {
    void markSeen();
    return followAddress();
  }, []);
  const openId = useStore($openBidId);
  useEffect(() => {
    if (openId) void markBidOpened(openId);
  }, [openId]);
  return (
    <StaffScreen
      title="Proposals"
      subtitle="Proposals sent to clients to sign online, newest first."
      current={portalPaths.proposals}
    >
      {openId ? <BidDetailView /> : <Pipeline />}
    </StaffScreen>
  );
}

function Pipeline() {
  const { data, error } = useStore($bids);
  const filter = useStore($bidFilter);
  const shown = useStore($shownBids);
  return (
    <ListScreen
      what="The proposals"
      items={data}
      error={error}
      onRetry={reloadBids}
      empty={<NoneSent />}
      errorFrame={(alert) => <main className="mx-auto max-w-6xl px-4 py-8">{alert}</main>}
    >
      {(bids) => {
        const counts = countByStatus(bids);
        return (
          <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
            <Field label="Status" className="justify-self-start">
              {(control) => (
                <select
                  {...control}
                  value={filter}
                  onChange={(event) => $bidFilter.set(event.currentTarget.value as BidFilter)}
                  className="h-10 rounded-md border border-navy-200 bg-white px-3 text-sm"
                >
                  <option value="all">All ({counts.all})</option>
                  {PIPELINE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LOOK[status].label} ({counts[status]})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {shown.length === 0 ? (
              <p className="text-sm text-navy-700">No proposals with this status.</p>
            ) : (
              <>
                <BidTable bids={shown} />
                <BidCards bids={shown} />
              </>
            )}
          </main>
        );
      }}
    </ListScreen>
  );
}

function NoneSent() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="grid grid-cols-1 justify-items-center gap-3 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-16 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-gold-100 text-gold-700">
          <Icon name="send" className="size-6" />
        </span>
        <h2 className="text-lg font-bold">No proposals sent yet</h2>
        <p className="max-w-sm text-sm text-navy-600">
          Write a proposal in the editor and choose Send to client: it shows here, with each signer's progress.
        </p>
        <a
          href={portalPaths.proposalEditor}
          className="rounded-md bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800"
        >
          Open the Proposal Editor
        </a>
      </div>
    </main>
  );
}
