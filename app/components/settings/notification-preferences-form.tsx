import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { isSubmittingIntent, SettingsSection } from './section.tsx'

function SwitchField({ name, label, description, defaultChecked }: { name: string; label: string; description: string; defaultChecked: boolean }) {
	return (
		<label className="flex items-start justify-between gap-4 py-3">
			<span>
				<span className="block text-sm font-medium text-slate-900 dark:text-slate-100">{label}</span>
				<span className="block text-sm text-slate-600 dark:text-slate-300">{description}</span>
			</span>
			{/* A native checkbox shown as a switch: it works without JavaScript and reads as a switch. */}
			<input
				type="checkbox"
				role="switch"
				name={name}
				defaultChecked={defaultChecked}
				className="peer relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:absolute before:left-0.5 before:top-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-slate-600"
			/>
		</label>
	)
}

/** Until the address is confirmed no e-mail goes to it: said where e-mail is switched on, with the way to confirm. */
function UnconfirmedAddress({ email }: { email: string }) {
	const isSending = isSubmittingIntent(useNavigation(), 'resend-confirmation')
	return (
		<div
			className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
			role="status"
			data-testid="address-unconfirmed"
		>
			<p>{ACCOUNT_MESSAGES.addressNotConfirmed(email)}</p>
			<Form method="post" className="mt-2">
				<input type="hidden" name="intent" value="resend-confirmation" />
				<Button type="submit" variant="secondary" isPending={isSending}>
					Send the confirmation link again
				</Button>
			</Form>
		</div>
	)
}

export function NotificationPreferencesForm({
	emailNotifications,
	inAppNotifications,
	address,
}: {
	emailNotifications: boolean
	inAppNotifications: boolean
	address: { email: string; isConfirmed: boolean }
}) {
	const isSaving = isSubmittingIntent(useNavigation(), 'preferences')
	return (
		<SettingsSection id="notifications" title="Notification Preferences">
			{address.isConfirmed ? null : <UnconfirmedAddress email={address.email} />}
			<Form method="post" className="divide-y divide-slate-200 dark:divide-slate-700">
				<input type="hidden" name="intent" value="preferences" />
				<SwitchField name="emailNotifications" label="Email Notifications" description="Receive notifications by email." defaultChecked={emailNotifications} />
				<SwitchField name="inAppNotifications" label="In-app Notifications" description="Show notifications in Carebook." defaultChecked={inAppNotifications} />
				<div className="pt-4">
					<Button type="submit" isPending={isSaving}>
						Save Preferences
					</Button>
				</div>
			</Form>
		</SettingsSection>
	)
}
