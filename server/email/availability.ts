import { currentMailSettings, type MailSettings } from '#server/env.server.ts'

/**
 * Whether a queued e-mail can reach anyone: with an SMTP relay, or outside
 * production (the local mailbox). Production without SMTP_URL fails every
 * message (SMTP_NOT_CONFIGURED), so a feature says so where the user acts
 * instead of claiming it was sent.
 */
export function isEmailDeliveryAvailable(settings: MailSettings = currentMailSettings()): boolean {
	return Boolean(settings.smtpUrl) || !settings.isProduction
}
