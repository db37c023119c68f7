import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { beginTwoFactorSetup, cancelTwoFactorSetup, confirmTwoFactorSetup, disableTwoFactor } from '#server/auth/index.ts'
import { TWO_FACTOR_MESSAGES } from '#server/auth/shared/messages.ts'
import { TwoFactorCodeSchema } from '#server/auth/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export const TWO_FACTOR_INTENTS = ['2fa-begin', '2fa-cancel', '2fa-confirm', '2fa-disable'] as const
export type TwoFactorIntent = (typeof TWO_FACTOR_INTENTS)[number]

export function isTwoFactorIntent(intent: string): intent is TwoFactorIntent {
	return (TWO_FACTOR_INTENTS as readonly string[]).includes(intent)
}

/** An action's answer tagged with its form's intent, so only that form shows it. */
export function withIntent(intent: string, reply: ReturnType<typeof formReply>) {
	return data({ intent, result: reply.data.result, recoveryCodes: null as string[] | null }, reply.init ?? undefined)
}

/**
 * The Two-Factor Authentication forms of a settings page (patient Settings
 * and the admin portal's): set-up, cancel, confirm (the recovery codes come
 * back in this answer only) and disable with a code.
 */
export async function answerTwoFactorIntent(
	request: Request,
	actor: { userId: string; organizationId?: string | null; ipAddress?: string | null },
	intent: TwoFactorIntent,
	formData: FormData,
	pagePath: string,
) {
	const here = `${pagePath}#two-factor`
	if (intent === '2fa-begin') {
		await beginTwoFactorSetup(actor)
		return redirectWithToast(request, here, { title: 'Scan the QR code', description: TWO_FACTOR_MESSAGES.codeRequired })
	}
	if (intent === '2fa-cancel') {
		await cancelTwoFactorSetup(actor)
		return redirectWithToast(request, here, { title: 'Two-factor setup cancelled' })
	}
	const submission = parseWithZod(formData, { schema: TwoFactorCodeSchema })
	if (submission.status !== 'success') return withIntent(intent, formReply(submission, null, { hideFields: ['code'] }))
	if (intent === '2fa-disable') {
		const result = await disableTwoFactor(actor, submission.value.code)
		if (!result.ok) return withIntent(intent, formReply(submission, result, { hideFields: ['code'] }))
		return redirectWithToast(request, here, { title: TWO_FACTOR_MESSAGES.disabled, tone: 'success' })
	}
	const result = await confirmTwoFactorSetup(actor, submission.value.code)
	if (!result.ok) return withIntent(intent, formReply(submission, result, { hideFields: ['code'] }))
	// Not a redirect: the recovery codes are in this answer only, never stored in the clear.
	return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes: result.recoveryCodes as string[] | null })
}
