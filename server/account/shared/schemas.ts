import { z } from 'zod'
import { HEALTH_PROFILE_TEXTS, SEXES } from '#server/health/shared/health-profile.ts'
import { isValidTimeZone } from '#server/time/shared/zoned-time.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { ACCOUNT_MESSAGES } from './messages.ts'
import { THEMES, type Theme } from '#server/preferences/shared/preferences.ts'

/*
 * The account forms' schemas, shared by each form (instant validation) and
 * its action. Text fields follow the safe text rules first.
 */

const passwordText = safeText({ max: TEXT_LIMITS.password, multiline: true })
const emailText = safeText({ max: TEXT_LIMITS.email })

/** Digits of an international number (E.164 allows at most 15). */
export function isSanePhoneNumber(phone: string): boolean {
	if (!/^\+[0-9][0-9 ()./-]*$/.test(phone)) return false
	const digits = phone.replace(/\D/g, '').length
	return digits >= 7 && digits <= 15
}

/**
 * 'New passwords do not match.' before 'Please fill in all password fields.'
 * (spec section 5), both above the form; `required` are the fields that must
 * be filled (the new password always). Length and the common-password list
 * are checked by the domain (the list is server-side).
 */
function checkNewPassword(value: { newPassword?: string; confirmPassword?: string } & Record<string, unknown>, ctx: z.RefinementCtx, required: string[]) {
	if ((value.newPassword ?? '') !== (value.confirmPassword ?? '')) {
		ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.passwordsDoNotMatch })
		return
	}
	if (!value.newPassword || required.some((field) => !value[field])) {
		ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.fillAllPasswordFields })
	}
}

/** Change Password in Settings: current, new and confirmation. */
export const ChangePasswordSchema = z
	.object({
		currentPassword: passwordText.optional(),
		newPassword: passwordText.optional(),
		confirmPassword: passwordText.optional(),
	})
	.superRefine((value, ctx) => checkNewPassword(value, ctx, ['currentPassword']))
	.transform((value) => ({ currentPassword: value.currentPassword!, newPassword: value.newPassword! }))

/** A new password chosen through a reset link (no current password). */
export const ResetPasswordSchema = z
	.object({
		token: z.string().max(200),
		newPassword: passwordText.optional(),
		confirmPassword: passwordText.optional(),
	})
	.superRefine((value, ctx) => checkNewPassword(value, ctx, []))
	.transform((value) => ({ token: value.token, newPassword: value.newPassword! }))

export const ResetRequestSchema = z.object({
	email: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), emailText.pipe(z.string().email(ACCOUNT_MESSAGES.invalidEmail))),
})

const optionalText = (schema: z.ZodTypeAny) =>
	z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

/** Edit Profile: name, e-mail (a change needs the current password), phone, date of birth, sex, time zone. */
export const ProfileSchema = z.object({
	name: safeText({ max: TEXT_LIMITS.personName })
		.optional()
		.transform((value) => value?.trim() ?? '')
		.refine((value) => value.length > 0, ACCOUNT_MESSAGES.nameRequired),
	email: z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), emailText.pipe(z.string().email(ACCOUNT_MESSAGES.invalidEmail))),
	currentPassword: passwordText.optional(),
	phone: optionalText(
		safeText({ max: TEXT_LIMITS.phone })
			.transform((value) => value.trim())
			.refine(isSanePhoneNumber, ACCOUNT_MESSAGES.invalidPhone),
	),
	dateOfBirth: optionalText(z.string().max(10)),
	// errorMap: Zod's default text for a wrong choice repeats the value sent.
	sex: optionalText(z.enum(SEXES, { errorMap: () => ({ message: HEALTH_PROFILE_TEXTS.sexInvalid }) })),
	timeZone: optionalText(safeText({ max: TEXT_LIMITS.timeZone }).refine((zone) => isValidTimeZone(zone), ACCOUNT_MESSAGES.invalidTimeZone)),
})
export type ProfileInput = z.output<typeof ProfileSchema>

export const NotificationPreferencesSchema = z.object({
	emailNotifications: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
	inAppNotifications: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
})

export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' }
export const ThemeSchema = z.object({ theme: z.enum(THEMES, { errorMap: () => ({ message: ACCOUNT_MESSAGES.chooseTheme }) }) })
