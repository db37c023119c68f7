/** Texts of the notifications domain that are not a notification's own (those come from their writers). */
export const NOTIFICATION_MESSAGES = {
	tooManyStreams: 'Too many live connections are open for this account. Close some tabs and try again.',
} as const
