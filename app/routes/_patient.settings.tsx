import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { AppearanceForm } from '#app/components/settings/appearance-form.tsx'
import { ChangePasswordForm } from '#app/components/settings/change-password-form.tsx'
import { DataManagement } from '#app/components/settings/data-management.tsx'
import { NotificationPreferencesForm } from '#app/components/settings/notification-preferences-form.tsx'
import { SettingsSection } from '#app/components/settings/section.tsx'
import { TwoFactorSettings } from '#app/components/settings/two-factor-settings.tsx'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { ChangePasswordSchema, NotificationPreferencesSchema, ThemeSchema } from '#server/account/shared/schemas.ts'
import { changePassword, deactivateAccount, getAddressConfirmation, getSettings, resendAddressConfirmation, themeCookie } from '#server/account/index.ts'
import { isEmailDeliveryAvailable } from '#server/email/index.ts'
import { requestDataExport } from '#server/exports/index.ts'
import { updateUserPreferences } from '#server/preferences/index.ts'
import { answerTwoFactorIntent, isTwoFactorIntent, withIntent } from '#server/account/two-factor-actions.ts'
import { clearedSessionCookie, requirePatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	return getSettings(patient)
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const actor = { userId: patient.userId, organizationId: patient.organizationId, ipAddress: patient.ipAddress, sessionId: patient.sessionId }
	if (isTwoFactorIntent(intent)) return answerTwoFactorIntent(request, actor, intent, formData, '/settings')
	switch (intent) {
		case 'preferences': {
			const submission = parseWithZod(formData, { schema: NotificationPreferencesSchema })
			if (submission.status !== 'success') return withIntent(intent, formReply(submission))
			await updateUserPreferences(patient.userId, submission.value)
			return redirectWithToast(request, '/settings', { title: ACCOUNT_MESSAGES.preferencesSaved, tone: 'success' })
		}
		case 'password': {
			const submission = parseWithZod(formData, { schema: ChangePasswordSchema })
			const hideFields = ['currentPassword', 'newPassword', 'confirmPassword']
			if (submission.status !== 'success') return withIntent(intent, formReply(submission, null, { hideFields }))
			const result = await changePassword(actor, submission.value)
			if (!result.ok) return withIntent(intent, formReply(submission, result, { hideFields }))
			return redirectWithToast(request, '/settings', {
				title: ACCOUNT_MESSAGES.passwordChanged,
				description: ACCOUNT_MESSAGES.passwordChangedDescription,
				tone: 'success',
			})
		}
		case 'export': {
			const result = await requestDataExport(patient)
			if (!result.ok) return redirectWithToast(request, '/settings#export', { title: result.message, tone: 'info' })
			const { isConfirmed } = await getAddressConfirmation(patient.userId)
			return redirectWithToast(request, '/settings#export', {
				title: ACCOUNT_MESSAGES.exportInitiated,
				// the spec's 'You will receive an email.', unless no e-mail can go out (no relay) or to the address yet
				description: !isEmailDeliveryAvailable()
					? ACCOUNT_MESSAGES.exportInitiatedNoEmail
					: isConfirmed
						? ACCOUNT_MESSAGES.exportInitiatedDescription
						: ACCOUNT_MESSAGES.exportInitiatedUnconfirmed,
				tone: 'success',
			})
		}
		case 'resend-confirmation': {
			const result = await resendAddressConfirmation(patient.userId, appOrigin(request))
			if (!result.ok) return redirectWithToast(request, '/settings#notifications', { title: result.message, tone: 'info' })
			return redirectWithToast(request, '/settings#notifications', {
				title: ACCOUNT_MESSAGES.addressConfirmSent,
				description: ACCOUNT_MESSAGES.addressConfirmSentDescription,
				tone: 'success',
			})
		}
		case 'deactivate': {
			await deactivateAccount(actor)
			return redirectWithToast(
				request,
				'/login',
				{ title: ACCOUNT_MESSAGES.deactivated, tone: 'success' },
				{ headers: { 'Set-Cookie': clearedSessionCookie('patient', request) } },
			)
		}
		case 'theme': {
			const submission = parseWithZod(formData, { schema: ThemeSchema })
			if (submission.status !== 'success') return withIntent(intent, formReply(submission))
			await updateUserPreferences(patient.userId, { theme: submission.value.theme })
			return redirectWithToast(
				request,
				'/settings#appearance',
				{ title: ACCOUNT_MESSAGES.themeSaved, tone: 'success' },
				{ headers: { 'Set-Cookie': themeCookie(submission.value.theme, request) } },
			)
		}
		default:
			// An unknown intent is not repeated back.
			return data({ intent: '', result: undefined, recoveryCodes: null }, { status: 400 })
	}
}

export const meta: MetaFunction = () => [{ title: 'Settings · Carebook' }]

export default function SettingsRoute() {
	const { preferences, twoFactor, exports, address, timeZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const lastIntent = actionData?.intent
	const lastResult = actionData?.result
	const recoveryCodes = actionData?.recoveryCodes ?? null
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<h1 className="text-2xl font-semibold">Settings</h1>
			<NotificationPreferencesForm emailNotifications={preferences.emailNotifications} inAppNotifications={preferences.inAppNotifications} address={address} />
			<SettingsSection id="security" title="Account Security">
				<ChangePasswordForm lastResult={lastIntent === 'password' ? lastResult : undefined} />
				<div className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700">
					<TwoFactorSettings status={twoFactor} recoveryCodes={recoveryCodes} lastResult={lastResult} lastIntent={lastIntent} />
				</div>
			</SettingsSection>
			<DataManagement
				exports={exports}
				timeZone={timeZone}
				isAddressConfirmed={address.isConfirmed}
				isConfirmingDeactivation={searchParams.get('confirm') === 'deactivate'}
			/>
			<AppearanceForm theme={preferences.theme} />
			<SettingsSection
				id="portals"
				title="Portal connections"
				description="Patient portals (Epic MyChart, Oracle Health and other SMART on FHIR portals) Carebook syncs your records from."
			>
				<Link to="/connections" className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
					Manage portal connections
				</Link>
			</SettingsSection>
			<SettingsSection id="api" title="API Access" description="Keys for the REST API (Professional and Enterprise plans).">
				<Link to="/settings/api-keys" className="text-sm font-medium text-brand-700 underline dark:text-brand-100">
					Manage API keys
				</Link>
			</SettingsSection>
		</div>
	)
}
