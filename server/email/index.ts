/**
 * The e-mail outbox (docs/decisions/012-email-outbox.md). A feature sends an
 * e-mail with `queueEmail(tx, { to, kind, userId, subject, lines, link })`
 * in its own transaction; the `send_email` job delivers it.
 */
export { queueEmail, OutgoingEmailSchema, type OutgoingEmail } from './outbox.ts'
export { deliverQueuedEmail, SMTP_NOT_CONFIGURED } from './send.ts'
export { getMailboxMessage, isMailboxServed, listMailboxMessages } from './mailbox.ts'
export { isEmailDeliveryAvailable } from './availability.ts'
export { getOutboxSummary } from './admin-summary.ts'
export { emailDeliveryStates, type EmailDeliveryState } from './delivery-state.ts'
