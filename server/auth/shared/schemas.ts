import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from './messages.ts'
import { dateOfBirthSchema } from '#server/health/shared/health-profile.ts'
import { toLocalDate } from '#server/health/shared/dates.ts'

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value)

// Field rules (length, no control characters) give field messages; the spec's form-level messages come after.
const emailText = safeText({ max: TEXT_LIMITS.email })
const passwordText = safeText({ max: TEXT_LIMITS.password, multiline: true })
const nameText = safeText({ max: TEXT_LIMITS.personName })

/** Sign-in (both portals): one form-level message when either field is empty. */
export const LoginSchema = z
	.object({
		email: z.preprocess(trimmed, emailText.optional()),
		password: passwordText.optional(),
		redirectTo: z.string().optional(),
	})
	.superRefine((value, ctx) => {
		if (!value.email || !value.password) {
			ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.missingCredentials })
		}
	})
	.transform((value) => ({ email: value.email!, password: value.password!, redirectTo: value.redirectTo }))

/**
 * Registration: 'Passwords do not match' is checked before 'Please fill in
 * all fields' (spec section 5), and both are form-level messages. A filled
 * e-mail that is not an address is said at its field whatever else is wrong
 * ('not-an-email' with unequal passwords gets both messages).
 */
export const RegisterSchema = z
	.object({
		name: nameText.optional(),
		email: emailText.optional(),
		password: passwordText.optional(),
		confirmPassword: passwordText.optional(),
		dateOfBirth: z.preprocess(trimmed, z.string().max(10).optional()),
	})
	.superRefine((value, ctx) => {
		if (value.dateOfBirth && !isBirthDate(value.dateOfBirth)) {
			ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: AUTH_MESSAGES.dateOfBirthInvalid })
		}
		const email = value.email?.trim()
		if (email && !z.string().email().safeParse(email).success) {
			ctx.addIssue({ code: 'custom', path: ['email'], message: AUTH_MESSAGES.invalidEmail })
		}
		if ((value.password ?? '') !== (value.confirmPassword ?? '')) {
			ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordsDoNotMatch })
			return
		}
		if (!value.name?.trim() || !email || !value.password) {
			ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.fillAllFields })
			return
		}
		if (value.password.length < 8) {
			ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordTooShort })
		}
	})
	.transform((value) => ({
		name: value.name!.trim(),
		email: value.email!.trim().toLowerCase(),
		password: value.password!,
		dateOfBirth: value.dateOfBirth || null,
	}))

/** A date of birth as the health profile takes it (registration stores it there), judged against today. */
function isBirthDate(value: string): boolean {
	return dateOfBirthSchema(toLocalDate(new Date())).safeParse(value).success
}

export type RegisterInput = z.output<typeof RegisterSchema>

/** A 6-digit TOTP code (spaces allowed) or, at sign-in and to turn 2FA off, a recovery code. */
export const TwoFactorCodeSchema = z.object({
	code: z.preprocess(
		(value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value),
		z.string({ required_error: TWO_FACTOR_MESSAGES.codeRequired }).min(1, TWO_FACTOR_MESSAGES.codeRequired).max(40),
	),
	redirectTo: z.string().optional(),
})
