import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageHeader, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { ActionButton } from '#app/components/admin/confirm-action.tsx'
import { AlertSummary } from '#app/components/admin/alert-summary.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field, inputClassName } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { acknowledgeAlert, listAlerts, listOrganizationChoices, requireAdminActor, broadcastSystemNotification } from '#server/admin/index.ts'
import { formatAdminDateTime } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { SystemNotificationSchema } from '#server/admin/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const [alerts, organizations] = await Promise.all([listAlerts({ includeAcknowledged: true }), listOrganizationChoices()])
	return { alerts, organizations }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const formData = await request.formData()
	if (formData.get('intent') === 'acknowledge') {
		const key = String(formData.get('alertKey') ?? '').slice(0, 300)
		if (key) await acknowledgeAlert(admin, key)
		return redirectWithToast(request, '/admin/notifications', { title: ADMIN_MESSAGES.alertAcknowledged, tone: 'success' })
	}
	const submission = parseWithZod(formData, { schema: SystemNotificationSchema })
	if (submission.status !== 'success') return formReply(submission)
	const { delivered } = await broadcastSystemNotification(admin, {
		title: submission.value.title,
		message: submission.value.message,
		organizationId: submission.value.audience === 'organization' ? submission.value.organizationId : null,
	})
	return redirectWithToast(request, '/admin/notifications', {
		title: ADMIN_MESSAGES.notificationSent,
		description: ADMIN_MESSAGES.notificationSentDescription(delivered),
		tone: 'success',
	})
}

export const meta: MetaFunction = () => [{ title: 'Notifications · Carebook Admin' }]

export default function AdminNotificationsRoute() {
	const { alerts, organizations } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'system-notification',
		lastResult: actionData?.result,
		constraint: getZodConstraint(SystemNotificationSchema),
		defaultValue: { audience: 'all' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SystemNotificationSchema }),
		shouldRevalidate: 'onBlur',
	})
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<PageHeader title="Notifications" />
			<Card>
				<h2 className="font-semibold">Alerts</h2>
				{alerts.length === 0 ? (
					<p className="mt-2 text-sm text-slate-500">{ADMIN_MESSAGES.noAlerts}</p>
				) : (
					<ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" data-testid="alerts">
						{alerts.map((alert) => (
							<li key={alert.key} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
								<AlertSummary alert={alert} />
								<div className="flex items-center gap-3">
									{alert.href ? (
										<Link to={alert.href} className={rowActionClassName}>
											Open
										</Link>
									) : null}
									{alert.acknowledgedAt ? (
										<span className="text-xs text-slate-500">Acknowledged {formatAdminDateTime(alert.acknowledgedAt)}</span>
									) : (
										<ActionButton fields={{ intent: 'acknowledge', alertKey: alert.key }} label="Acknowledge" className={rowActionClassName} />
									)}
								</div>
							</li>
						))}
					</ul>
				)}
			</Card>
			<Card>
				<h2 className="mb-4 font-semibold">Send a system notification</h2>
				<Form method="post" className="space-y-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="send" />
					<Field label="Title" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
					<div>
						<label htmlFor={fields.message.id} className="block text-sm font-medium">
							Message
						</label>
						<textarea {...getTextareaProps(fields.message)} rows={4} className={`${inputClassName} mt-1`} />
						{fields.message.errors ? <p className="mt-1 text-sm text-red-600">{fields.message.errors[0]}</p> : null}
					</div>
					<div className="grid gap-4 sm:grid-cols-2">
						<SelectField
							label="Send to"
							selectProps={getSelectProps(fields.audience)}
							options={[
								{ value: 'all', label: 'All users' },
								{ value: 'organization', label: 'One organization' },
							]}
							errors={fields.audience.errors}
						/>
						<SelectField
							label="Organization"
							selectProps={getSelectProps(fields.organizationId)}
							options={[{ value: '', label: 'Choose…' }, ...organizations.map((organization) => ({ value: organization.id, label: organization.name }))]}
							errors={fields.organizationId.errors}
						/>
					</div>
					<Button type="submit" isPending={isSubmitting}>
						Send Notification
					</Button>
				</Form>
			</Card>
		</div>
	)
}
