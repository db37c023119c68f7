/** The date range of a report download: 'YYYY-MM-DD' bounds, both inclusive; defaults to the last 30 days. Browser-safe. */
import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'

export function readReportRange(params: URLSearchParams, now = new Date()) {
	const today = now.toISOString().slice(0, 10)
	const monthAgo = new Date(now.getTime() - 29 * 86_400_000).toISOString().slice(0, 10)
	const rawFrom = params.get('from') ?? ''
	const rawTo = params.get('to') ?? ''
	let from = isValidLocalDate(rawFrom) ? rawFrom : monthAgo
	let to = isValidLocalDate(rawTo) ? rawTo : today
	if (from > to) [from, to] = [to, from]
	return { from, to, fromInstant: new Date(`${from}T00:00:00Z`), toInstant: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000) }
}
