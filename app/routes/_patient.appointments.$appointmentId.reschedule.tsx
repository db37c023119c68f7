import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AppointmentErrorBoundary } from '#app/components/appointments/appointment-error.tsx'
import { BackLink } from '#app/components/appointments/back-link.tsx'
import { FormControl } from '#app/components/appointments/form-controls.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { APPOINTMENT_TEXT_LIMITS, RescheduleFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import { APPOINTMENT_RESCHEDULED_NOTICE, BACK_LABEL, RESCHEDULE_PAGE_LABELS, TIME_ZONE_HINT } from '#server/appointments/shared/labels.ts'
import { instantToZonedDateTime, localDateOf } from '#server/time/shared/zoned-time.ts'
import { getAppointment, getVideoBaseUrl, rescheduleAppointmentById, resolvePatientTimeZone, toAppointmentDetailView } from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const appointment = await getAppointment(patient, params.appointmentId ?? '')
	if (!appointment) notFound()
	const now = new Date()
	const timeZone = resolvePatientTimeZone(patient.user.timeZone)
	const view = toAppointmentDetailView(appointment, { now, timeZone, videoBaseUrl: getVideoBaseUrl() })
	return {
		view,
		timeZone,
		today: localDateOf(now, timeZone),
		current: instantToZonedDateTime(appointment.startsAt, timeZone),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const appointmentId = params.appointmentId ?? ''
	const submission = parseWithZod(await request.formData(), { schema: RescheduleFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await rescheduleAppointmentById(patient, appointmentId, submission.value)
	if (!result.ok) return formReply(submission, result)
	throw await redirectWithToast(request, `/appointments/${appointmentId}`, APPOINTMENT_RESCHEDULED_NOTICE)
}

export const meta: MetaFunction = () => [{ title: `${RESCHEDULE_PAGE_LABELS.title} · Carebook` }]

export default function RescheduleAppointmentRoute() {
	const { view, timeZone, today, current } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: `reschedule-${view.id}`,
		lastResult: actionData?.result,
		defaultValue: { date: current.date, time: current.time, timeZone },
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RescheduleFormSchema }),
	})
	const { key: timeZoneKey, ...timeZoneProps } = getInputProps(fields.timeZone, { type: 'hidden' })
	return (
		<div className="mx-auto max-w-2xl space-y-6">
			<BackLink fallback={`/appointments/${view.id}`} label={BACK_LABEL} />
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{RESCHEDULE_PAGE_LABELS.title}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">
					{view.title} · {view.provider}
				</p>
			</div>
			<Card className="space-y-6">
				<div className="rounded-md bg-slate-50 px-4 py-3 text-sm dark:bg-slate-800">
					<p className="font-semibold">{RESCHEDULE_PAGE_LABELS.currentTime}</p>
					<p data-testid="current-time">
						{view.dateText} at {view.timeText} · {view.durationText}
					</p>
				</div>
				{view.canReschedule ? (
					<Form method="post" className="space-y-5" {...getFormProps(form)}>
						{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
						<input key={timeZoneKey} {...timeZoneProps} />
						<fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
							<FormControl
								label={RESCHEDULE_PAGE_LABELS.newDate}
								id={fields.date.id}
								errors={fields.date.errors}
								control={{ kind: 'input', props: { ...getInputProps(fields.date, { type: 'date' }), min: today } }}
							/>
							<FormControl
								label={RESCHEDULE_PAGE_LABELS.newTime}
								id={fields.time.id}
								errors={fields.time.errors}
								hint={TIME_ZONE_HINT(timeZone)}
								control={{ kind: 'input', props: getInputProps(fields.time, { type: 'time' }) }}
							/>
							<FormControl
								className="sm:col-span-2"
								label={RESCHEDULE_PAGE_LABELS.reason}
								id={fields.reason.id}
								errors={fields.reason.errors}
								control={{ kind: 'textarea', props: { ...getTextareaProps(fields.reason), rows: 2, maxLength: APPOINTMENT_TEXT_LIMITS.reason } }}
							/>
						</fieldset>
						<div className="flex justify-end gap-3">
							<Link to={`/appointments/${view.id}`} className={buttonClassName('secondary')}>
								{RESCHEDULE_PAGE_LABELS.cancel}
							</Link>
							<Button type="submit" isPending={isSubmitting}>
								{RESCHEDULE_PAGE_LABELS.submit}
							</Button>
						</div>
					</Form>
				) : (
					<Alert tone="info">{RESCHEDULE_PAGE_LABELS.notReschedulable}</Alert>
				)}
			</Card>
		</div>
	)
}

export const ErrorBoundary = AppointmentErrorBoundary
