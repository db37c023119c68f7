/**
 * One LISTEN per process, fanned out in memory to the streams this process
 * holds (docs/decisions/014-live-notifications.md). 'created' messages are
 * gathered for one turn of the event loop and their rows read in one query
 * per organization of the owners' open streams (a system notification to
 * 1,000 members is a few queries, not 1,000), then handed to each owner's
 * streams; a 'changed' message only tells them to refresh. When the listening
 * connection comes back after a loss, every stream is told to catch up
 * (NOTIFY is not durable: messages sent while it was away are gone). A
 * 'session_ended' message makes the user's streams check their session again.
 */
import { getSql } from '#db/client.ts'
import { describeError, logger } from '#server/logger.ts'
import { NOTIFICATION_CHANNEL, parseChannelMessage, type ChannelMessage } from './channel.ts'
import { getNotificationsForStreams, type StreamNotification } from './queries.ts'

export type { StreamNotification }

export type HubSubscriber = {
	userId: string
	organizationId: string
	onNotification: (row: StreamNotification) => void
	onChanged: () => void
	/** The listening connection was lost and is back: read what may have been missed. */
	onResync: () => void
	/** Some session of the user ended: check this stream's own session again. */
	onSessionEnded: () => void
}

const subscribersByUser = new Map<string, Set<HubSubscriber>>()
let listening: Promise<{ unlisten: () => Promise<void> }> | null = null
let hasListenedOnce = false

/** Streams open in this process (the load test reports it). */
export function openStreamCount(): number {
	let total = 0
	for (const set of subscribersByUser.values()) total += set.size
	return total
}

function startListening() {
	listening ??= getSql()
		.listen(
			NOTIFICATION_CHANNEL,
			(payload) => dispatch(payload),
			() => {
				// Called on every (re)connection of the listening connection; after the first, resync.
				if (hasListenedOnce) for (const set of subscribersByUser.values()) for (const subscriber of set) subscriber.onResync()
				hasListenedOnce = true
			},
		)
		.catch((error: unknown) => {
			listening = null
			throw error
		})
	return listening
}

let pendingCreated: Extract<ChannelMessage, { kind: 'created' }>[] = []

function dispatch(payload: string) {
	const message = parseChannelMessage(payload)
	if (!message) {
		logger.warn('notifications.bad_channel_message', { reason: 'unparsable' })
		return
	}
	const subscribers = subscribersByUser.get(message.userId)
	if (!subscribers?.size) return
	if (message.kind === 'changed') {
		for (const subscriber of subscribers) subscriber.onChanged()
		return
	}
	if (message.kind === 'session_ended') {
		for (const subscriber of subscribers) subscriber.onSessionEnded()
		return
	}
	if (pendingCreated.length === 0) setImmediate(() => void deliverCreated())
	pendingCreated.push(message)
}

async function deliverCreated() {
	const messages = pendingCreated
	pendingCreated = []
	// The organizations of the owners' open streams, and the ids to read in each.
	const idsByOrganization = new Map<string, Set<string>>()
	for (const message of messages) {
		for (const subscriber of subscribersByUser.get(message.userId) ?? []) {
			const ids = idsByOrganization.get(subscriber.organizationId) ?? new Set()
			ids.add(message.notificationId)
			idsByOrganization.set(subscriber.organizationId, ids)
		}
	}
	for (const [organizationId, ids] of idsByOrganization) {
		try {
			const rows = await getNotificationsForStreams(organizationId, [...ids])
			for (const row of rows) {
				for (const subscriber of subscribersByUser.get(row.ownerId) ?? []) {
					if (subscriber.organizationId === organizationId) subscriber.onNotification(row)
				}
			}
		} catch (error) {
			logger.error('notifications.delivery_failed', { organizationId, count: ids.size, ...describeError(error) })
		}
	}
}

/** Adds a stream; resolves once this process listens. Returns the function that removes it. */
export async function subscribeToNotifications(subscriber: HubSubscriber): Promise<() => void> {
	const set = subscribersByUser.get(subscriber.userId) ?? new Set()
	set.add(subscriber)
	subscribersByUser.set(subscriber.userId, set)
	try {
		await startListening()
	} catch (error) {
		set.delete(subscriber)
		throw error
	}
	return () => {
		set.delete(subscriber)
		if (set.size === 0 && subscribersByUser.get(subscriber.userId) === set) subscribersByUser.delete(subscriber.userId)
	}
}

/** Open streams allowed per user and per client address, in each web process (several tabs, an office behind one address). */
export const MAX_STREAMS_PER_USER = 10
export const MAX_STREAMS_PER_ADDRESS = 50

const streamsByUser = new Map<string, number>()
const streamsByAddress = new Map<string, number>()

function adjust(counts: Map<string, number>, key: string, by: number) {
	const next = (counts.get(key) ?? 0) + by
	if (next > 0) counts.set(key, next)
	else counts.delete(key)
}

/**
 * Takes a place for one more stream of the user from the address, at once
 * (before any work), or null when either already holds its most. The
 * returned function gives the place back (once, however often called).
 */
export function reserveStreamSlot(userId: string, address: string | null): (() => void) | null {
	const addressKey = address ?? 'unknown'
	if ((streamsByUser.get(userId) ?? 0) >= MAX_STREAMS_PER_USER) return null
	if ((streamsByAddress.get(addressKey) ?? 0) >= MAX_STREAMS_PER_ADDRESS) return null
	adjust(streamsByUser, userId, 1)
	adjust(streamsByAddress, addressKey, 1)
	let isReleased = false
	return () => {
		if (isReleased) return
		isReleased = true
		adjust(streamsByUser, userId, -1)
		adjust(streamsByAddress, addressKey, -1)
	}
}

/** Stops listening (tests, shutdown); the next subscriber listens again. */
export async function stopNotificationHub(): Promise<void> {
	const current = listening
	listening = null
	hasListenedOnce = false
	subscribersByUser.clear()
	if (current) await (await current).unlisten().catch(() => {})
}
