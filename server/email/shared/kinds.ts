/** What an e-mail is for; a feature that sends a new kind of e-mail adds it here (no migration: the column is text). */
export const EMAIL_KINDS = ['share_link', 'password_reset', 'email_change', 'notification', 'export_ready', 'account_exists', 'email_confirm'] as const

export type EmailKind = (typeof EMAIL_KINDS)[number]

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
	share_link: 'Share link',
	password_reset: 'Password reset',
	email_change: 'E-mail change',
	notification: 'Notification',
	export_ready: 'Export ready',
	account_exists: 'Sign-up with a registered address',
	email_confirm: 'Address confirmation',
}

/** What the last e-mail an address may get in a day says instead of its own content (server/email/outbox.ts). */
export const RECIPIENT_CAP_NOTICE = {
	subject: 'More Carebook messages are waiting',
	lines: [
		'Carebook has sent this address as many e-mails as it sends in one day. More messages are waiting in Carebook; no more e-mails come to this address until tomorrow.',
	],
}

/** The label of a stored kind (a kind this build does not know shows as it is). */
export function emailKindLabel(kind: string): string {
	return (EMAIL_KIND_LABELS as Record<string, string>)[kind] ?? kind
}

/** Badge tones of an outbox message's status (mailbox and admin pages). */
export const EMAIL_STATUS_TONES = { queued: 'info', sent: 'success', failed: 'danger' } as const
