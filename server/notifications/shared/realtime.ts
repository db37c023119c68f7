/**
 * The live stream's wire format and the client's reconnect rule (spec
 * sections 3, 4, 9). The server sends every event as an unnamed SSE message
 * whose data is `{ type, data, timestamp }` and whose `id` is the
 * notification's sequence number, so the browser can say where it stopped.
 */
import { eventLevelOf, realtimeEventTypeOf, type RealtimeEventType } from './notification.ts'

/** Messages the stream itself sends (not notifications): connected, and "your list changed elsewhere". */
export const STREAM_CONTROL_TYPES = ['connected', 'notifications_changed'] as const
export type StreamControlType = (typeof STREAM_CONTROL_TYPES)[number]

export type RealtimeEventData = {
	notificationId: string
	title: string
	message: string
	link: string | null
	level: 'info' | 'success' | 'warning' | 'error'
	documentId?: string
	appointmentId?: string
	medicationId?: string
}

export type RealtimeEvent = { type: RealtimeEventType; data: RealtimeEventData; timestamp: string }
export type StreamControl = { type: StreamControlType; data: { inApp?: boolean }; timestamp: string }

/** The realtime event for a stored notification. */
export function realtimeEventOf(row: { id: string; type: string; title: string; message: string; link: string | null; createdAt: Date }): RealtimeEvent {
	const data: RealtimeEventData = {
		notificationId: row.id,
		title: row.title,
		message: row.message,
		link: row.link,
		level: eventLevelOf(row.type),
	}
	const linked = /^\/(records|appointments|medications)\/([0-9a-f-]{36})/.exec(row.link ?? '')
	if (linked?.[1] === 'records') data.documentId = linked[2]
	if (linked?.[1] === 'appointments') data.appointmentId = linked[2]
	if (linked?.[1] === 'medications') data.medicationId = linked[2]
	return { type: realtimeEventTypeOf(row.type), data, timestamp: row.createdAt.toISOString() }
}

/** One SSE message: an optional id line, then the JSON data line. */
export function sseMessage(payload: unknown, id?: number | null): string {
	return `${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(payload)}\n\n`
}

/** Spec 9: at most 5 reconnect attempts, 1 s doubling per attempt, capped at 30 s. */
export const RECONNECT = { maxAttempts: 5, firstDelayMs: 1_000, maxDelayMs: 30_000 } as const

/** The wait before reconnect attempt `attempt` (1-based), or null once the attempts are used up. */
export function reconnectDelayMs(attempt: number): number | null {
	if (attempt < 1 || attempt > RECONNECT.maxAttempts) return null
	return Math.min(RECONNECT.firstDelayMs * 2 ** (attempt - 1), RECONNECT.maxDelayMs)
}

/** Keepalive comment interval: under the ~60 s idle cut-off of proxies (Fly's). */
export const KEEPALIVE_MS = 20_000
