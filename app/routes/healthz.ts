import { isDatabaseAvailable } from '#db/availability.ts'

/** 200 only when the database answers `select 1` (asked now, within 1.5 s); 503 otherwise, within the same time. */
export async function loader() {
	const headers = { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' }
	if (await isDatabaseAvailable({ fresh: true })) return new Response('ok', { headers })
	return new Response('database unavailable', { status: 503, headers })
}
