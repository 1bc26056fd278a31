/** The "Needs you now" list: fetched once per screen, shared by the top bar's count and the dashboard's list. */
import { createFetcherStore } from "~/portal/query";
import { api, read } from "~/lib/api-client";
import type { Attention } from "~/schemas/attention";

export const ATTENTION_KEY = "attention";

export const $attention = createFetcherStore<Attention>([ATTENTION_KEY], {
  fetcher: () => read(api.portal.attention.$get()),
});

/** Bid `id` was opened: its updates so far are seen (the list forgets them until something new happens). */
export async function markBidOpened(id: string): Promise<void> {
  try {
    await read(api.portal.bids[":id"].seen.$post({ param: { id } }));
    $attention.invalidate();
  } catch (error) {
    console.error("Bid not marked seen:", error);
  }
}
