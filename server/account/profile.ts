import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { accountTokens, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/index.ts'
import { queueEmail } from '#server/email/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { createHealthProfileFormSchema, getHealthProfile, saveHealthProfile } from '#server/health/index.ts'
import type { Sex } from '#server/health/shared/pooled-cohort-equations.ts'
import { consumeAccountToken, createAccountToken } from './account-tokens.ts'
import { checkCurrentPassword } from './security.ts'
import { ACCOUNT_MESSAGES } from './shared/messages.ts'
import type { ProfileInput } from './shared/schemas.ts'

export const CONFIRM_EMAIL_PATH = '/account/confirm-email'

/**
 * What /profile shows. Date of birth and sex are the health module's risk
 * profile (tenant table health_profiles, owned by server/health): the risk
 * calculators and this page read and write the same answers.
 */
export type Profile = {
	name: string
	email: string
	phone: string | null
	timeZone: string | null
	dateOfBirth: string | null
	sex: Sex | null
	/** The address waiting for confirmation, if an e-mail change was asked for. */
	pendingEmail: string | null
	/** Whether the owner confirmed the address (no e-mail goes to it before: email-confirmation.ts). */
	isEmailConfirmed: boolean
}

export async function getProfile(patient: Patient): Promise<Profile | null> {
	const [user] = await getDb()
		.select({ name: users.name, email: users.email, phone: users.phone, timeZone: users.timeZone, emailConfirmedAt: users.emailConfirmedAt })
		.from(users)
		.where(eq(users.id, patient.userId))
	if (!user) return null
	const health = await getHealthProfile(patient)
	const pendingEmail = await pendingEmailOf(patient.userId)
	const { emailConfirmedAt, ...shown } = user
	return { ...shown, dateOfBirth: health.dateOfBirth, sex: health.sex, pendingEmail, isEmailConfirmed: !!emailConfirmedAt }
}

async function pendingEmailOf(userId: string) {
	const [row] = await getDb()
		.select({ newEmail: accountTokens.newEmail })
		.from(accountTokens)
		.where(
			and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'email_change'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)),
		)
		.orderBy(desc(accountTokens.createdAt))
		.limit(1)
	return row?.newEmail ?? null
}

async function isEmailTaken(executor: Executor, email: string, exceptUserId: string) {
	const [row] = await executor
		.select({ id: users.id })
		.from(users)
		.where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptUserId)))
	return !!row
}

type ProfileField = 'email' | 'currentPassword' | 'dateOfBirth'

/**
 * Save Changes on /profile. Name, phone and time zone are stored at once;
 * date of birth and sex through the health module. A new e-mail needs the
 * current password and must be free; it is not stored here: a confirmation
 * link goes to the new address and the change happens when it is opened.
 */
export async function updateProfile(
	patient: Patient,
	input: ProfileInput,
	options: { origin: string; today?: Date },
): Promise<Result<{ emailChangeRequested: boolean }, 'invalid-date-of-birth' | 'wrong-password' | 'too-many-attempts' | 'email-taken', ProfileField>> {
	const dateOfBirth = input.dateOfBirth
		? createHealthProfileFormSchema({ today: options.today ?? new Date() }).shape.dateOfBirth.safeParse(input.dateOfBirth)
		: null
	if (dateOfBirth && !dateOfBirth.success) {
		return refuse('invalid', 'invalid-date-of-birth', dateOfBirth.error.issues[0]!.message, 'dateOfBirth')
	}
	const [current] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, patient.userId))
	if (!current) return refuse('invalid', 'wrong-password', ACCOUNT_MESSAGES.wrongCurrentPassword, 'currentPassword')
	const newEmail = input.email.toLowerCase()
	const isEmailChange = newEmail !== current.email.toLowerCase()
	if (isEmailChange) {
		if (!input.currentPassword) return refuse('invalid', 'wrong-password', ACCOUNT_MESSAGES.currentPasswordForEmail, 'currentPassword')
		const wrongPassword = await checkCurrentPassword(patient, input.currentPassword, 'currentPassword')
		if (wrongPassword) return wrongPassword
		if (await isEmailTaken(getDb(), newEmail, patient.userId)) return refuse('conflict', 'email-taken', ACCOUNT_MESSAGES.emailTaken, 'email')
	}
	await getDb().transaction(async (tx) => {
		await tx
			.update(users)
			.set({ name: input.name, phone: input.phone ?? null, timeZone: input.timeZone ?? null, updatedAt: sql`now()` })
			.where(eq(users.id, patient.userId))
		if (isEmailChange) {
			const token = await createAccountToken(tx, { userId: patient.userId, purpose: 'email_change', newEmail })
			await queueEmail(tx, {
				to: newEmail,
				kind: 'email_change',
				userId: patient.userId,
				subject: 'Confirm your new Carebook e-mail address',
				lines: [
					'You asked to use this address for your Carebook account.',
					'Open the link below within 24 hours to confirm it. Until then your account keeps its current address.',
				],
				link: { label: 'Confirm e-mail address', url: `${options.origin}${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token })}` },
			})
		}
		await recordAudit(
			{ action: 'account.profile_update', actor: patient, target: { type: 'user', id: patient.userId }, details: { emailChangeRequested: isEmailChange } },
			tx,
		)
	})
	const health = await getHealthProfile(patient)
	const nextDateOfBirth = input.dateOfBirth ?? null
	const nextSex = input.sex ?? null
	if (health.dateOfBirth !== nextDateOfBirth || health.sex !== nextSex) {
		await saveHealthProfile(patient, { ...health, dateOfBirth: nextDateOfBirth, sex: nextSex })
	}
	return succeed({ emailChangeRequested: isEmailChange })
}

/**
 * The link of an e-mail change, opened: the token is used once, and the new
 * address becomes the account's if no other account took it meanwhile.
 */
export async function confirmEmailChange(input: { token: string; ipAddress?: string | null }): Promise<Result<object, 'invalid-link' | 'email-taken'>> {
	return getDb().transaction(async (tx) => {
		const used = await consumeAccountToken(tx, input.token, 'email_change')
		if (!used?.newEmail) return refuse('invalid', 'invalid-link', ACCOUNT_MESSAGES.linkInvalid)
		if (await isEmailTaken(tx, used.newEmail, used.userId)) return refuse('conflict', 'email-taken', ACCOUNT_MESSAGES.emailTaken)
		await tx
			.update(users)
			// the owner of the new address opened its link: it is confirmed (email-confirmation.ts)
			.set({ email: used.newEmail, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
			.where(eq(users.id, used.userId))
		await recordAudit({ action: 'account.email_change', actor: { userId: used.userId, ipAddress: input.ipAddress ?? null } }, tx)
		return succeed({})
	})
}
