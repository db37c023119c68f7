import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AppointmentForm } from '#app/components/appointments/appointment-form.tsx'
import { BackLink } from '#app/components/appointments/back-link.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { APPOINTMENT_FORM_DEFAULTS, AppointmentFormSchema } from '#server/appointments/shared/appointment-form-schema.ts'
import { APPOINTMENT_SCHEDULED_NOTICE, BACK_LABEL, FORM_LABELS, NEW_PAGE_LABELS } from '#server/appointments/shared/labels.ts'
import { localDateOf } from '#server/time/shared/zoned-time.ts'
import { createAppointment, rememberPatientTimeZone, resolvePatientTimeZone } from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	return { storedTimeZone: patient.user.timeZone }
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: AppointmentFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	await rememberPatientTimeZone(patient.user.id, submission.value.timeZone)
	const timeZone = resolvePatientTimeZone(patient.user.timeZone, submission.value.timeZone)
	const result = await createAppointment(patient, submission.value, { fallbackTimeZone: timeZone })
	if (!result.ok) return formReply(submission, result)
	// Back to the list, on the tab where the new appointment is.
	const isPast = localDateOf(result.appointment.startsAt, timeZone) < localDateOf(new Date(), timeZone)
	throw await redirectWithToast(request, isPast ? '/appointments?tab=past' : '/appointments', APPOINTMENT_SCHEDULED_NOTICE)
}

export const meta: MetaFunction = () => [{ title: `${NEW_PAGE_LABELS.title} · Carebook` }]

export default function NewAppointmentRoute() {
	const { storedTimeZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<BackLink fallback="/appointments" label={BACK_LABEL} />
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{NEW_PAGE_LABELS.title}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{NEW_PAGE_LABELS.description}</p>
			</div>
			<Card>
				<AppointmentForm
					id="new-appointment"
					lastResult={actionData?.result}
					defaultValue={{ ...APPOINTMENT_FORM_DEFAULTS }}
					timeZone={storedTimeZone}
					submitLabel={FORM_LABELS.submit}
					cancelHref="/appointments"
					isSubmitting={isSubmitting}
				/>
			</Card>
		</div>
	)
}
