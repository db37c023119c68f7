/**
 * A signed-in patient's live stream (Server-Sent Events): notifications as
 * they are written anywhere (web or worker), catch-up after a reconnect from
 * the last event id the browser saw, 'notifications_changed' when the list
 * changed in another tab, a keepalive comment every 20 s. In-app
 * notifications off: the stream says so once, then carries only
 * 'notifications_changed' (no content, so no toast) to keep the tabs in step.
 */
import { getDb } from '#db/client.ts'
import type { Patient } from '#server/auth/patient.ts'
import { describeError, logger } from '#server/logger.ts'
import { isTenantGone } from '#server/tenancy/index.ts'
import { isSessionInForce } from '#server/auth/sessions.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { reserveStreamSlot, subscribeToNotifications, type StreamNotification } from './hub.ts'
import { NOTIFICATION_MESSAGES } from './shared/messages.ts'
import { readNotificationSwitches } from './preferences.ts'
import { latestNotificationSeq, listNotificationsAfter } from './queries.ts'
import { KEEPALIVE_MS, realtimeEventOf, sseMessage, type StreamControl } from './shared/realtime.ts'

export const EVENT_STREAM_HEADERS = {
	'Content-Type': 'text/event-stream; charset=utf-8',
	'Cache-Control': 'no-cache, no-transform',
	'X-Accel-Buffering': 'no',
	Connection: 'keep-alive',
} as const

/** A Last-Event-ID (header or `lastEventId` parameter) as a sequence number, or null. */
export function parseLastEventId(value: string | null | undefined): number | null {
	if (!value || !/^\d{1,15}$/.test(value)) return null
	return Number(value)
}

function control(type: StreamControl['type'], data: StreamControl['data'] = {}): StreamControl {
	return { type, data, timestamp: new Date().toISOString() }
}

/**
 * Opens the stream of a signed-in patient's session; it ends when `signal`
 * aborts (the browser went away) or when the session is no longer in force
 * (checked again whenever one of the user's sessions ends: sign-out,
 * deactivation, password change; and before anything is sent after that).
 * Refused at once (429) past MAX_STREAMS_PER_USER or MAX_STREAMS_PER_ADDRESS
 * open streams in this process.
 */
export async function openNotificationStream(
	patient: Patient & { sessionId: string; ipAddress: string | null },
	options: { lastEventId: number | null; signal: AbortSignal },
): Promise<Result<{ body: ReadableStream<Uint8Array> }, 'too-many-streams'>> {
	const slot = reserveStreamSlot(patient.userId, patient.ipAddress)
	if (!slot) return refuse('rate-limited', 'too-many-streams', NOTIFICATION_MESSAGES.tooManyStreams)
	const release = slot
	let switches: Awaited<ReturnType<typeof readNotificationSwitches>>
	try {
		switches = await readNotificationSwitches(getDb(), patient.userId)
	} catch (error) {
		release()
		throw error
	}
	const encoder = new TextEncoder()
	let closed = false
	let cleanup = () => {}
	const openedAt = performance.now()
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (text: string) => {
				if (closed) return
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					close()
				}
			}
			const keepalive = setInterval(() => send(': keepalive\n\n'), KEEPALIVE_MS)
			let unsubscribe = () => {}
			// Whether the session is still in force, as last checked; everything sent waits for the check in progress, in order.
			let signedIn: Promise<boolean> = Promise.resolve(true)
			const whileSignedIn = (work: () => void) => {
				void signedIn.then((isSignedIn) => {
					if (isSignedIn) work()
				})
			}
			const checkSession = () => {
				signedIn = signedIn.then(async (wasSignedIn) => {
					const isSignedIn = wasSignedIn && (await isSessionInForce(patient.sessionId, 'patient').catch(() => false))
					if (!isSignedIn) close()
					return isSignedIn
				})
			}
			function close() {
				if (closed) return
				closed = true
				clearInterval(keepalive)
				unsubscribe()
				release()
				logger.debug('notifications.stream_closed', { ms: Math.round(performance.now() - openedAt) })
				try {
					controller.close()
				} catch {
					// already closed by the reader
				}
			}
			cleanup = close
			options.signal.addEventListener('abort', close, { once: true })
			if (options.signal.aborted) return close()

			const sendChanged = () => whileSignedIn(() => send(sseMessage(control('notifications_changed'))))
			// In-app off: no notifications on the stream, only that the list changed (the bell and /notifications stay in step across tabs, without toasts).
			const isQuiet = !switches.inApp
			const sentIds = new Set<string>()
			let cursor = options.lastEventId ?? 0
			let buffered: StreamNotification[] | null = []
			const sendNotification = (row: StreamNotification) => {
				if (sentIds.has(row.id)) return
				sentIds.add(row.id)
				if (sentIds.size > 500) sentIds.delete(sentIds.values().next().value!)
				cursor = Math.max(cursor, row.seq)
				send(sseMessage(realtimeEventOf(row), row.seq))
			}
			const catchUp = async () => {
				for (const row of await listNotificationsAfter(patient, cursor)) sendNotification(row)
			}
			try {
				unsubscribe = await subscribeToNotifications({
					userId: patient.userId,
					organizationId: patient.organizationId,
					onNotification: isQuiet ? sendChanged : (row) => whileSignedIn(() => (buffered ? buffered.push(row) : sendNotification(row))),
					onChanged: sendChanged,
					onResync: () => {
						if (!isQuiet) whileSignedIn(() => void catchUp().catch(() => {}))
						sendChanged()
					},
					onSessionEnded: checkSession,
				})
				if (closed) return unsubscribe()
				if (isQuiet) return send(sseMessage(control('connected', { inApp: false })))
				// Subscribed first, then read: a notification written in between is buffered, not lost.
				if (options.lastEventId !== null) await catchUp()
				else cursor = await latestNotificationSeq(patient)
				send(sseMessage(control('connected', { inApp: true }), cursor || null))
				const pending = buffered
				buffered = null
				for (const row of pending) sendNotification(row)
			} catch (error) {
				// the organization was deleted (its schema dropped) while the stream opened: its members' sessions are gone too, nothing to report
				if (isTenantGone(error)) return close()
				logger.error('notifications.stream_failed', { userId: patient.userId, ...describeError(error) })
				close()
			}
		},
		cancel() {
			cleanup()
		},
	})
	return succeed({ body })
}
