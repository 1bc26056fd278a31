import { useStore } from "@nanostores/react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";
import { cn } from "~/lib/cn";
import type { ContactRecord } from "~/schemas/contact-record";
import { formatExact, formatReceived, senderName, telHref } from "./inbox";
import { $pending, moveMessage, retryNotification, setHandled } from "./store";

/** Why a message was flagged, as staff read it. */
const SPAM_LABEL = {
  honeypot: "hidden field filled",
  "too-fast": "sent within seconds",
  links: "many links",
  marked: "marked by staff",
} as const;

/** One contact message: who, how to reach them, what they wrote, when, and whether someone handled it. */
export function MessageCard({ message, now }: { message: ContactRecord; now: number }) {
  const pending = useStore($pending).has(message.id);
  const name = senderName(message);
  return (
    <li
      data-handled={message.handled}
      className={cn(
        "grid gap-3 rounded-lg border bg-white p-5 shadow-sm",
        message.handled ? "border-navy-100" : "border-l-4 border-navy-100 border-l-gold-500",
      )}
    >
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h2 className="min-w-0 flex-1 font-bold wrap-anywhere text-navy-950">{name}</h2>
        <span
          className={cn(
            "rounded px-1.5 py-0.5 text-xs font-semibold",
            message.handled ? "bg-green-100 text-green-800" : "text-gold-800 bg-gold-100",
          )}
        >
          {message.handled ? "Handled" : "Unhandled"}
        </span>
        {message.spamReason && (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
            Spam: {SPAM_LABEL[message.spamReason]}
          </span>
        )}
        {message.held && (
          <span className="rounded bg-navy-100 px-1.5 py-0.5 text-xs font-semibold text-navy-800">Held for review</span>
        )}
        {message.notificationFailed && (
          <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">
            Notification failed
          </span>
        )}
        <Tooltip label={formatExact(message.createdAt)}>
          <time
            dateTime={message.createdAt}
            tabIndex={0}
            className="rounded text-sm text-navy-600 focus-visible:outline-2 focus-visible:outline-gold-500"
          >
            {formatReceived(message.createdAt, now)}
          </time>
        </Tooltip>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a
          href={`mailto:${message.email}`}
          className="inline-flex items-center gap-1.5 font-semibold break-all text-navy-800 underline"
        >
          <Icon name="mail" /> {message.email}
        </a>
        {message.phone ? (
          <a
            href={telHref(message.phone)}
            className="inline-flex items-center gap-1.5 font-semibold text-navy-800 underline"
          >
            <Icon name="phone" /> {message.phone}
          </a>
        ) : (
          <span className="text-navy-600">no phone</span>
        )}
      </p>
      <p className="text-sm wrap-anywhere whitespace-pre-line text-navy-900">{message.message}</p>
      <div className="flex flex-wrap justify-end gap-2">
        {message.notificationFailed && (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Retry notification: ${name}`}
            onClick={() => void retryNotification(message.id)}
          >
            <Icon name="rotate-ccw" />
            Retry notification
          </Button>
        )}
        {message.spamReason ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Not spam: ${name}`}
            onClick={() => void moveMessage(message.id, "not-spam")}
          >
            Not spam
          </Button>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Mark as spam: ${name}`}
            onClick={() => void moveMessage(message.id, "spam")}
          >
            Mark as spam
          </Button>
        )}
        {message.held && (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-label={`Release: ${name}`}
            onClick={() => void moveMessage(message.id, "release")}
          >
            Release
          </Button>
        )}
        <Button
          variant={message.handled ? "outline" : "default"}
          size="sm"
          disabled={pending}
          aria-label={`${message.handled ? "Mark unhandled" : "Mark handled"}: ${name}`}
          onClick={() => void setHandled(message.id, !message.handled)}
        >
          <Icon name={message.handled ? "rotate-ccw" : "check"} />
          {message.handled ? "Mark unhandled" : "Mark handled"}
        </Button>
      </div>
    </li>
  );
}
