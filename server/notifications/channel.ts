/**
 * How processes tell each other about notifications: PostgreSQL NOTIFY on one
 * channel, delivered when the writing transaction commits (and never if it
 * rolls back). Payloads carry ids only (NOTIFY's 8,000-byte limit; the rows
 * are read by the process that holds the user's stream).
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Executor } from '#db/client.ts'

export const NOTIFICATION_CHANNEL = 'carebook_notifications'

export const ChannelMessageSchema = z.discriminatedUnion('kind', [
	/** A notification row was written for the user. */
	z.object({ kind: z.literal('created'), userId: z.string().uuid(), notificationId: z.string().uuid() }),
	/** The user's notifications were read, removed or cleared (another tab, another device), or one was written while their in-app notifications are off. */
	z.object({ kind: z.literal('changed'), userId: z.string().uuid() }),
	/** Some of the user's sessions ended (sign-out, deactivation, password change...): sent by a trigger on app.sessions (platform migration 0012). */
	z.object({ kind: z.literal('session_ended'), userId: z.string().uuid() }),
])
export type ChannelMessage = z.infer<typeof ChannelMessageSchema>

/** Sends a message on commit of the executor's transaction (at once on the pool). */
export async function announce(executor: Executor, message: ChannelMessage): Promise<void> {
	await executor.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(message)})`)
}

/** Several messages in one statement (a system notification's rows), each delivered on commit. */
export async function announceAll(executor: Executor, messages: ChannelMessage[]): Promise<void> {
	if (!messages.length) return
	const payloads = JSON.stringify(messages.map((message) => JSON.stringify(message)))
	await executor.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, payload) from jsonb_array_elements_text(${payloads}::jsonb) as payload`)
}

export function parseChannelMessage(payload: string): ChannelMessage | null {
	try {
		const parsed = ChannelMessageSchema.safeParse(JSON.parse(payload))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}
