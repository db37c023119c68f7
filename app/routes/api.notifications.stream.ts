import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { EVENT_STREAM_HEADERS, openNotificationStream, parseLastEventId } from '#server/notifications/index.ts'

/** Seconds a client refused for too many streams waits before trying again. */
const RETRY_AFTER_SECONDS = 30

/**
 * The signed-in patient's live notifications (Server-Sent Events); ends when the browser goes away (the response closes:
 * not request.signal, which a garbage collection can disconnect) or the session ends. 429 past the streams allowed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
	const patient = await requirePatientApi(request)
	const lastEventId = parseLastEventId(request.headers.get('Last-Event-ID') ?? new URL(request.url).searchParams.get('lastEventId'))
	const opened = await openNotificationStream(
		{ ...patient, ipAddress: context.clientIp ?? patient.ipAddress },
		{ lastEventId, signal: context.responseClosed ?? request.signal },
	)
	if (!opened.ok)
		return Response.json(
			{ error: opened.code, message: opened.message },
			{ status: refusalStatus(opened), headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
		)
	return new Response(opened.body, { headers: EVENT_STREAM_HEADERS })
}
