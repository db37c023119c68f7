/**
 * The admin audit log's filters in the query string (user, organization,
 * action, from/to dates, the 'older than' cursor), read the same way by the
 * screen and its CSV export. Browser-safe.
 */
import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ACTION = /^[a-z0-9_.-]{1,80}$/
/** An entry's place in the newest-first order: its time (ISO) and id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/i

export const AUDIT_PAGE_SIZE = 50
/** Rows one CSV export holds at most (newest first). */
export const AUDIT_EXPORT_LIMIT = 10_000

export type AuditFilters = {
	/** An account's e-mail or id: entries it made or that were made on it. */
	user: string
	organization: string
	action: string
	/** 'YYYY-MM-DD', inclusive, UTC days. */
	from: string
	to: string
}

export type AuditCursor = { createdAt: string; id: string }

export function readAuditFilters(params: URLSearchParams): AuditFilters & { before: AuditCursor | null } {
	const text = (name: string) => (params.get(name) ?? '').trim()
	const date = (name: string) => (isValidLocalDate(text(name)) ? text(name) : '')
	const user = text('user').slice(0, 254)
	let from = date('from')
	let to = date('to')
	if (from && to && from > to) [from, to] = [to, from]
	const cursor = CURSOR.exec(text('before'))
	return {
		user,
		organization: ID.test(text('organization')) ? text('organization') : '',
		action: ACTION.test(text('action')) ? text('action') : '',
		from,
		to,
		before: cursor ? { createdAt: cursor[1]!, id: cursor[2]! } : null,
	}
}

/** The query string of these filters (empty ones left out), with an optional cursor. */
export function auditSearch(filters: AuditFilters, before: AuditCursor | null = null): string {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value)
	if (before) params.set('before', `${before.createdAt}_${before.id}`)
	const text = params.toString()
	return text ? `?${text}` : ''
}

export function isAuditUserId(value: string) {
	return ID.test(value)
}
