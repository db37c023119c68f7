/**
 * The patient's private calendar feed: a random token in a URL a calendar
 * app subscribes to (`/calendar/<token>.ics`). Only the token's SHA-256 is
 * stored (like session tokens), so the address is shown once when created;
 * creating a new one revokes the old, and it can be revoked at any time.
 * A request with an unknown or revoked token, or for a user who is no longer
 * active or no longer a member of the organization (or whose organization
 * is inactive), finds nothing. Every
 * access is audited.
 */
import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { calendarFeedTokens, memberships, organizations, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { selectAppointments, type Patient } from './appointment-store.ts'
import { buildAppointmentsFeed } from './ics.ts'

const TOKEN_PATTERN = /^[a-z2-7]{52}$/

/** 32 random bytes, base32 (52 characters): the only copy is in the address given to the patient. */
function generateFeedToken(): string {
	const bytes = new Uint8Array(32)
	crypto.getRandomValues(bytes)
	return encodeBase32LowerCaseNoPadding(bytes)
}

function hashFeedToken(token: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

export function calendarFeedPath(token: string): string {
	return `/calendar/${token}.ics`
}

/** The token of a `/calendar/<token>.ics` path segment, or null when it cannot be one. */
export function feedTokenFromPathSegment(segment: string | undefined): string | null {
	const token = segment?.replace(/\.ics$/i, '') ?? ''
	return TOKEN_PATTERN.test(token) ? token : null
}

function activeFeedOf(patient: Patient) {
	return and(eq(calendarFeedTokens.userId, patient.userId), eq(calendarFeedTokens.organizationId, patient.organizationId), isNull(calendarFeedTokens.revokedAt))
}

/** When the patient's active feed address was created, or null when there is none. */
export async function getCalendarFeedStatus(patient: Patient): Promise<{ createdAt: Date } | null> {
	const [feed] = await getDb()
		.select({ createdAt: calendarFeedTokens.createdAt })
		.from(calendarFeedTokens)
		.where(activeFeedOf(patient))
		.orderBy(desc(calendarFeedTokens.createdAt))
		.limit(1)
	return feed ?? null
}

/** A new feed address for the patient; any earlier one stops working. Returns the token (shown once). */
export async function createCalendarFeed(patient: Patient): Promise<{ token: string; createdAt: Date }> {
	const token = generateFeedToken()
	return getDb().transaction(async (tx) => {
		await tx
			.update(calendarFeedTokens)
			.set({ revokedAt: sql`now()` })
			.where(activeFeedOf(patient))
		const [feed] = await tx
			.insert(calendarFeedTokens)
			.values({ tokenHash: hashFeedToken(token), userId: patient.userId, organizationId: patient.organizationId })
			.returning({ id: calendarFeedTokens.id, createdAt: calendarFeedTokens.createdAt })
		await recordAudit(
			{
				action: 'calendar_feed.create',
				actor: patient,
				target: { type: 'calendar_feed', id: feed.id },
			},
			tx,
		)
		return { token, createdAt: feed.createdAt }
	})
}

/** Stops the patient's feed address. False when none was active. */
export async function revokeCalendarFeed(patient: Patient): Promise<boolean> {
	return getDb().transaction(async (tx) => {
		const revoked = await tx
			.update(calendarFeedTokens)
			.set({ revokedAt: sql`now()` })
			.where(activeFeedOf(patient))
			.returning({ id: calendarFeedTokens.id })
		for (const feed of revoked) {
			await recordAudit(
				{
					action: 'calendar_feed.revoke',
					actor: patient,
					target: { type: 'calendar_feed', id: feed.id },
				},
				tx,
			)
		}
		return revoked.length > 0
	})
}

/**
 * The iCalendar feed behind a token (every appointment of its owner,
 * cancelled ones as STATUS:CANCELLED), or null when the token is unknown,
 * revoked, or its owner is inactive or has left the organization, or the
 * organization is inactive.
 */
export async function readCalendarFeed(
	token: string,
	{ now = new Date(), ipAddress = null, origin }: { now?: Date; ipAddress?: string | null; origin?: string },
): Promise<string | null> {
	if (!TOKEN_PATTERN.test(token)) return null
	const [feed] = await getDb()
		.select({ id: calendarFeedTokens.id, userId: calendarFeedTokens.userId, organizationId: calendarFeedTokens.organizationId })
		.from(calendarFeedTokens)
		.innerJoin(users, eq(users.id, calendarFeedTokens.userId))
		.innerJoin(memberships, and(eq(memberships.userId, calendarFeedTokens.userId), eq(memberships.organizationId, calendarFeedTokens.organizationId)))
		.innerJoin(organizations, eq(organizations.id, calendarFeedTokens.organizationId))
		.where(
			and(
				eq(calendarFeedTokens.tokenHash, hashFeedToken(token)),
				isNull(calendarFeedTokens.revokedAt),
				eq(users.status, 'active'),
				ne(organizations.status, 'inactive'),
			),
		)
	if (!feed) return null
	const owner: Patient = { userId: feed.userId, organizationId: feed.organizationId, ipAddress }
	const stored = await withTenant(owner.organizationId, async (tx) => {
		const rows = await selectAppointments(tx, owner)
		await recordAudit(
			{
				action: 'calendar_feed.access',
				actor: owner,
				target: { type: 'calendar_feed', id: feed.id },
				details: { appointments: rows.length },
			},
			tx,
		)
		return rows
	})
	return buildAppointmentsFeed(
		stored.map((appointment) => ({ ...appointment, sequence: icsSequence(appointment) })),
		{ now, detailUrl: origin ? (id) => `${origin}/appointments/${id}` : undefined },
	)
}

/**
 * SEQUENCE for an event: whole seconds between creation and the last
 * change, so every later change gives a larger number.
 */
export function icsSequence(appointment: { createdAt: Date; updatedAt: Date }): number {
	return Math.max(0, Math.floor((appointment.updatedAt.getTime() - appointment.createdAt.getTime()) / 1000))
}
