import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'

/** 200 only when the database answers. */
export async function loader() {
	try {
		await getDb().execute(sql`select 1`)
		return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
	} catch {
		return new Response('database unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } })
	}
}
