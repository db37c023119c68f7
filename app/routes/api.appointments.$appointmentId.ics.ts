import type { LoaderFunctionArgs } from '@remix-run/node'
import { appointmentIcsFileName, buildAppointmentIcs, getAppointment, icsSequence, ICS_CONTENT_TYPE } from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { notFound } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

/** One appointment as an .ics file, for its owner only (anyone else: 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const appointment = await getAppointment(patient, params.appointmentId ?? '')
	if (!appointment) notFound()
	const origin = appOrigin(request)
	const body = buildAppointmentIcs(
		{ ...appointment, sequence: icsSequence(appointment) },
		{ now: new Date(), detailUrl: (id) => `${origin}/appointments/${id}` },
	)
	return new Response(body, {
		headers: {
			'Content-Type': ICS_CONTENT_TYPE,
			'Content-Disposition': `attachment; filename="${appointmentIcsFileName(appointment)}"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
