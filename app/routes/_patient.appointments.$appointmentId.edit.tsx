import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AppointmentForm } from '#app/components/appointments/appointment-form.tsx'
import { AppointmentErrorBoundary } from '#app/components/appointments/appointment-error.tsx'
import { BackLink } from '#app/components/appointments/back-link.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { AppointmentFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import { APPOINTMENT_UPDATED_NOTICE, BACK_LABEL, EDIT_PAGE_LABELS } from '#server/appointments/shared/labels.ts'
import { appointmentFormDefaults, canEditAppointment, getAppointment, resolvePatientTimeZone, updateAppointment } from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const appointment = await getAppointment(patient, params.appointmentId ?? '')
	if (!appointment) notFound()
	// The form shows (and saves) the date and time in the patient's zone.
	const timeZone = resolvePatientTimeZone(patient.user.timeZone)
	return {
		id: appointment.id,
		title: appointment.title,
		canEdit: canEditAppointment(appointment, new Date()),
		timeZone,
		defaultValue: appointmentFormDefaults({ ...appointment, timeZone }),
	}
}

export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const appointmentId = params.appointmentId ?? ''
	const submission = parseWithZod(await request.formData(), { schema: AppointmentFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await updateAppointment(patient, appointmentId, submission.value)
	if (!result.ok) return formReply(submission, result)
	throw await redirectWithToast(request, `/appointments/${appointmentId}`, APPOINTMENT_UPDATED_NOTICE)
}

export const meta: MetaFunction = () => [{ title: `${EDIT_PAGE_LABELS.title} · Carebook` }]

export default function EditAppointmentRoute() {
	const { id, canEdit, timeZone, defaultValue } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<BackLink fallback={`/appointments/${id}`} label={BACK_LABEL} />
			<h1 className="text-2xl font-bold tracking-tight">{EDIT_PAGE_LABELS.title}</h1>
			<Card>
				{canEdit ? (
					<AppointmentForm
						id={`edit-appointment-${id}`}
						lastResult={actionData?.result}
						defaultValue={defaultValue}
						timeZone={timeZone}
						submitLabel={EDIT_PAGE_LABELS.submit}
						cancelHref={`/appointments/${id}`}
						isSubmitting={isSubmitting}
					/>
				) : (
					<Alert tone="info">{EDIT_PAGE_LABELS.notEditable}</Alert>
				)}
			</Card>
		</div>
	)
}

export const ErrorBoundary = AppointmentErrorBoundary
