import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { EVENT_STREAM_HEADERS, openNotificationStream, parseLastEventId } from '#server/notifications/index.ts'

/** The signed-in patient's live notifications (Server-Sent Events); ends when the browser goes away (the response closes: not request.signal, which a garbage collection can disconnect). */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const patient = await requirePatientApi(request)
	const lastEventId = parseLastEventId(request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('lastEventId'))
	const body = await openNotificationStream(patient, { lastEventId, signal: context.responseClosed ?? request.signal })
	return new Response(body, { headers: EVENT_STREAM_HEADERS })
}
