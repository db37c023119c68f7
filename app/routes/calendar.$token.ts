import type { LoaderFunctionArgs } from '@remix-run/node'
import { feedTokenFromPathSegment, ICS_CONTENT_TYPE, readCalendarFeed } from '#server/appointments/index.ts'
import { notFound } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

/**
 * The private calendar feed (`/calendar/<token>.ics`) a calendar app
 * subscribes to: no session, the token is the key. Unknown or revoked: 404.
 * Each access is audited.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
	const token = feedTokenFromPathSegment(params.token)
	if (!token || !params.token?.endsWith('.ics')) notFound()
	const origin = appOrigin(request)
	const feed = await readCalendarFeed(token, { ipAddress: context.clientIp, origin })
	if (feed === null) notFound()
	return new Response(feed, {
		headers: {
			'Content-Type': ICS_CONTENT_TYPE,
			'Content-Disposition': 'inline; filename="carebook-appointments.ics"',
			'Cache-Control': 'private, no-store',
			'X-Robots-Tag': 'noindex, nofollow',
			'Referrer-Policy': 'no-referrer',
		},
	})
}
