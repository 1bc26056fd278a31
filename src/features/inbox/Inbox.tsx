import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { ListScreen } from "~/portal/ListScreen";
import { pagedListProps } from "~/portal/paged-list";
import type { InboxFilter } from "./inbox";
import { MessageCard } from "./MessageCard";
import { $filter, $inbox, loadMore, reloadInbox } from "./store";

/** What an empty view says. */
const EMPTY: Record<InboxFilter, { title: string; text: string }> = {
  unhandled: {
    title: "No unhandled messages",
    text: "Everything has been handled. New messages from the website's contact form appear here; choose All to see handled ones.",
  },
  all: {
    title: "No messages yet",
    text: "Messages that visitors send through the contact form on the website's Contact page appear here.",
  },
  held: {
    title: "No held messages",
    text: "Messages that arrive after the day's ceiling is reached are kept here for review, as well as in the inbox.",
  },
  spam: {
    title: "No spam",
    text: "Messages that look automated (a hidden field filled, sent within seconds, or full of links) are kept here, never deleted.",
  },
};

/**
 * Every contact message, spam and held ones in their own folders: the Leads screen's other views, where a
 * message is marked handled, moved out of spam, released or its notification retried.
 */
export function Inbox() {
  const filter = useStore($filter);
  const inbox = useStore($inbox);
  // One clock for the whole list, so every "5 minutes ago" is measured from the same moment.
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <ListScreen
      what="The messages"
      {...pagedListProps(inbox, loadMore)}
      onRetry={reloadInbox}
      empty={<EmptyInbox filter={filter} />}
    >
      {(messages) => (
        <ul aria-label="Messages" className="grid max-w-4xl grid-cols-1 gap-4">
          {messages.map((message) => (
            <MessageCard key={message.id} message={message} now={now} />
          ))}
        </ul>
      )}
    </ListScreen>
  );
}

function EmptyInbox({ filter }: { filter: InboxFilter }) {
  return (
    <div className="grid grid-cols-1 justify-items-center gap-3 rounded-lg border border-dashed border-navy-200 bg-white px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-gold-100 text-gold-700">
        <Icon name="mail" className="size-6" />
      </span>
      <h2 className="text-lg font-bold">{EMPTY[filter].title}</h2>
      <p className="max-w-sm text-sm text-navy-600">{EMPTY[filter].text}</p>
    </div>
  );
}
