import { z } from 'zod'
import { allowedTextPattern, safeText, TEXT_LIMITS, TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import { DEFAULT_SHARE_EXPIRY, SHARE_EXPIRY_OPTIONS } from './expiry.ts'
import { SHARE_MESSAGES } from './messages.ts'

/** At most this many records in one share. */
export const MAX_SHARED_DOCUMENTS = 100
/** A passcode's floor: guesses are limited per link and network, and 6 characters keep the odds of a guess within those limits small. */
export const PASSCODE_MIN_LENGTH = 6
export const PASSCODE_MAX_LENGTH = 64

const documentIds = z
	.array(z.string().uuid('Choose records from the list.'))
	.max(MAX_SHARED_DOCUMENTS, `Share at most ${MAX_SHARED_DOCUMENTS} records at once.`)
	.optional()
	.transform((ids) => [...new Set(ids ?? [])])

/** Settings of the link itself, the same for Generate Link and Share via Email. */
const linkOptions = {
	documentIds,
	// errorMap: Zod's default text for a wrong choice repeats the value sent.
	expiry: z.enum(SHARE_EXPIRY_OPTIONS, { errorMap: () => ({ message: SHARE_MESSAGES.chooseExpiry }) }).default(DEFAULT_SHARE_EXPIRY),
	passcode: safeText({ max: PASSCODE_MAX_LENGTH }).min(PASSCODE_MIN_LENGTH, SHARE_MESSAGES.passcodeTooShort(PASSCODE_MIN_LENGTH)).optional(),
}

export const ShareLinkSchema = z.object(linkOptions)
export type ShareLinkInput = z.infer<typeof ShareLinkSchema>

/**
 * The Share Records form (spec sections 2.10 and 5): one form with three
 * buttons told apart by `intent`. A missing selection or recipient gets the
 * spec's message on its field; the page shows it under the spec's title.
 */
export const ShareFormSchema = z
	.discriminatedUnion('intent', [
		z.object({ intent: z.literal('generate-link'), ...linkOptions }),
		z.object({
			intent: z.literal('share-email'),
			...linkOptions,
			recipientEmail: safeText({ max: TEXT_LIMITS.email }).trim().email('Enter a valid email address.').optional(),
		}),
		z.object({ intent: z.literal('revoke'), shareId: z.string().uuid() }),
	])
	.superRefine((value, context) => {
		if (value.intent === 'revoke') return
		if (value.documentIds.length === 0) {
			context.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['documentIds'],
				message: value.intent === 'generate-link' ? SHARE_MESSAGES.selectToGenerate : SHARE_MESSAGES.selectToEmail,
			})
		}
		if (value.intent === 'share-email' && !value.recipientEmail) {
			context.addIssue({ code: z.ZodIssueCode.custom, path: ['recipientEmail'], message: SHARE_MESSAGES.enterRecipient })
		}
	})

export type ShareFormValue = z.infer<typeof ShareFormSchema>

/** The passcode form of the shared page. */
export const PasscodeFormSchema = z.object({
	passcode: z
		.string({ required_error: 'Enter the passcode.' })
		.regex(allowedTextPattern(), TEXT_MESSAGES.notAllowedCharacters)
		.max(PASSCODE_MAX_LENGTH, TEXT_MESSAGES.tooLong(PASSCODE_MAX_LENGTH)),
})
