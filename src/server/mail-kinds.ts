/**
 * Loads every domain's e-mails module, each of which registers its kinds with the outbox
 * (`notifications/mail-kinds.ts`). The app and the scheduled jobs import this, so whatever drains the outbox (the
 * API function, the scheduled functions, `npm run dev`, the scripts) can compose every kind it finds.
 */
import "./bids/emails";
import "./leads/emails";
