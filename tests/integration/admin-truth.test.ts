/**
 * What the administrator reads is true: the users list keeps platform role
 * and organization role apart (a patient's own personal organization is no
 * 'Admin' role), sign-in and activity are recorded (activity at most every
 * few minutes), and the audit log lists who did what, filtered by user,
 * organization, action and date, paged by cursor, health-record entries for
 * superadmins only.
 */
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { organizations, users } from '#db/schema/platform.ts'
import { createOrganization, createUser, listUsers, USER_LIST, type AdminActor } from '#server/admin/index.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { listAuditActions, listAuditEntries, recordAudit } from '#server/audit/index.ts'
import { readAuditFilters } from '#server/audit/shared/audit-filters.ts'
import { createSession, hashPassword, LAST_ACTIVE_RESOLUTION_MS, registerPatient, validateSessionToken } from '#server/auth/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

async function adminAccount(role: 'admin' | 'superadmin'): Promise<AdminActor> {
	const email = `${role}-${randomUUID()}@example.test`
	const [row] = await getDb()
		.insert(users)
		.values({ name: `The ${role}`, email, passwordHash: await hashPassword('Correct-horse-9'), role })
		.returning({ id: users.id })
	return { userId: row!.id, role, ipAddress: '203.0.113.7', name: `The ${role}`, email }
}

const listState = (query: string) => readListState(new URLSearchParams(query), USER_LIST)
const noFilters = { user: '', organization: '', action: '', from: '', to: '' }

describe('the users list', () => {
	it('shows a patient as platform role patient with no organization role, and a member with their organization role', async () => {
		const admin = await adminAccount('admin')
		const tag = randomUUID().slice(0, 8)
		const patientEmail = `roles-${tag}-patient@example.test`
		await registerPatient({ name: 'Rita Roles', email: patientEmail, password: 'Correct-horse-9' })
		const { organizationId } = await createOrganization(admin, {
			name: `Roles Clinic ${tag}`,
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'professional',
			billingCycle: 'monthly',
			status: 'active',
		})
		const member = await createUser(admin, {
			name: 'Mona Member',
			email: `roles-${tag}-member@example.test`,
			organizationId,
			organizationRole: 'admin',
			status: 'active',
			password: 'Long-enough-pass-1',
		})
		expect(member.ok).toBe(true)

		const { rows } = await listUsers(listState(`q=roles-${tag}`))
		const byEmail = new Map(rows.map((row) => [row.email, row]))
		expect(byEmail.get(patientEmail)).toMatchObject({ platformRole: 'patient', role: null, organizationKind: 'personal' })
		expect(byEmail.get(`roles-${tag}-member@example.test`)).toMatchObject({ platformRole: 'patient', role: 'admin', organizationKind: 'organization' })

		// the organization-role filter 'admin' lists the organization's admin, not every patient
		const admins = await listUsers(listState(`q=roles-${tag}&role=admin`))
		expect(admins.rows.map((row) => row.email)).toEqual([`roles-${tag}-member@example.test`])
		// the platform-role filter
		const platformAdmins = await listUsers(listState(`q=${encodeURIComponent(admin.email)}&platformRole=admin`))
		expect(platformAdmins.rows.map((row) => row.email)).toEqual([admin.email])
		expect((await listUsers(listState(`q=roles-${tag}&platformRole=admin`))).total).toBe(0)
	})

	it('records the last sign-in when a session is made, and activity when it is used, at most every few minutes', async () => {
		const { user, organization } = await registerPatient({ name: 'Lena Login', email: `login-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		await getDb().update(users).set({ lastLoginAt: null, lastActiveAt: null }).where(eq(users.id, user.id))
		const before = Date.now()
		const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
		const [signedIn] = await getDb().select({ lastLoginAt: users.lastLoginAt, lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, user.id))
		expect(signedIn!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000)
		expect(signedIn!.lastActiveAt!.getTime()).toBe(signedIn!.lastLoginAt!.getTime())

		// used soon after: not written again
		await validateSessionToken(session.token, 'patient')
		const [soon] = await getDb().select({ lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, user.id))
		expect(soon!.lastActiveAt!.getTime()).toBe(signedIn!.lastActiveAt!.getTime())

		// used after the resolution: activity moves, the sign-in does not; the organization's Last Active too
		const earlier = new Date(Date.now() - LAST_ACTIVE_RESOLUTION_MS - 60_000)
		await getDb().update(users).set({ lastActiveAt: earlier }).where(eq(users.id, user.id))
		await getDb().update(organizations).set({ lastActiveAt: earlier }).where(eq(organizations.id, organization.id))
		await validateSessionToken(session.token, 'patient')
		const [later] = await getDb().select({ lastLoginAt: users.lastLoginAt, lastActiveAt: users.lastActiveAt }).from(users).where(eq(users.id, user.id))
		expect(later!.lastActiveAt!.getTime()).toBeGreaterThan(earlier.getTime() + 30_000)
		expect(later!.lastLoginAt!.getTime()).toBe(signedIn!.lastLoginAt!.getTime())
		const [org] = await getDb().select({ lastActiveAt: organizations.lastActiveAt }).from(organizations).where(eq(organizations.id, organization.id))
		expect(org!.lastActiveAt!.getTime()).toBeGreaterThan(earlier.getTime() + 30_000)

		const { rows } = await listUsers(listState(`q=${encodeURIComponent(user.email)}`))
		expect(rows[0]).toMatchObject({ lastLogin: signedIn!.lastLoginAt!.toISOString(), lastActive: later!.lastActiveAt!.toISOString() })
	})
})

describe('the audit log list', () => {
	it('filters by user (e-mail or id, as actor or target), organization, action and date, newest first, paged by cursor', async () => {
		const admin = await adminAccount('admin')
		const { user, organization } = await registerPatient({ name: 'Ava Audit', email: `audit-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const tag = randomUUID().slice(0, 8)
		const action = `test.audit_${tag}`
		const at = (iso: string) => sql`${iso}::timestamptz`
		for (const [index, day] of ['2026-03-01', '2026-03-02', '2026-03-03'].entries()) {
			await recordAudit({
				action,
				actor: { userId: user.id, organizationId: organization.id, ipAddress: '198.51.100.1' },
				target: { type: 'user', id: user.id },
				details: { n: index },
			})
			await getDb().execute(sql`update app.audit_log set created_at = ${at(`${day}T10:00:00Z`)} where action = ${action} and (details->>'n')::int = ${index}`)
		}
		await recordAudit({ action: `test.admin_${tag}`, actor: { userId: admin.userId }, target: { type: 'user', id: user.id } })

		const byEmail = await listAuditEntries({ ...noFilters, user: user.email.toUpperCase(), action }, { includeHealthRecords: true })
		expect(byEmail.entries.map((entry) => entry.createdAt)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-01T10:00:00.000Z'])
		expect(byEmail.entries[0]).toMatchObject({ actorEmail: user.email, organizationId: organization.id, targetType: 'user', ipAddress: '198.51.100.1' })

		// the admin's change to the user is found by the user's id (target), with the admin as actor
		const onUser = await listAuditEntries({ ...noFilters, user: user.id, action: `test.admin_${tag}` }, { includeHealthRecords: true })
		expect(onUser.entries).toHaveLength(1)
		expect(onUser.entries[0]!.actorEmail).toBe(admin.email)

		expect((await listAuditEntries({ ...noFilters, organization: organization.id, action }, { includeHealthRecords: true })).entries).toHaveLength(3)
		expect((await listAuditEntries({ ...noFilters, organization: randomUUID(), action }, { includeHealthRecords: true })).entries).toHaveLength(0)
		const oneDay = await listAuditEntries({ ...noFilters, action, from: '2026-03-02', to: '2026-03-02' }, { includeHealthRecords: true })
		expect(oneDay.entries.map((entry) => entry.createdAt)).toEqual(['2026-03-02T10:00:00.000Z'])

		const first = await listAuditEntries({ ...noFilters, action }, { includeHealthRecords: true, limit: 2 })
		expect(first.entries).toHaveLength(2)
		expect(first.next).not.toBeNull()
		const second = await listAuditEntries({ ...noFilters, action }, { includeHealthRecords: true, limit: 2, before: first.next })
		expect(second.entries.map((entry) => entry.createdAt)).toEqual(['2026-03-01T10:00:00.000Z'])
		expect(second.next).toBeNull()

		expect(await listAuditActions({ includeHealthRecords: true })).toEqual(expect.arrayContaining([action, `test.admin_${tag}`]))
	})

	it('leaves entries about health records out for a plain admin, in for a superadmin', async () => {
		const { user, organization } = await registerPatient({ name: 'Hal Health', email: `health-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const action = `test.document_${randomUUID().slice(0, 8)}`
		await recordAudit({ action, actor: { userId: user.id, organizationId: organization.id }, target: { type: 'document', id: randomUUID() } })
		expect((await listAuditEntries({ ...noFilters, action }, { includeHealthRecords: false })).entries).toHaveLength(0)
		expect((await listAuditEntries({ ...noFilters, action }, { includeHealthRecords: true })).entries).toHaveLength(1)
	})

	it('reads filters from the query string, ignoring malformed values', () => {
		const read = readAuditFilters(new URLSearchParams('user=a@b.c&organization=nope&action=DROP TABLE&from=2026-05-02&to=2026-05-01&before=junk'))
		expect(read).toEqual({ user: 'a@b.c', organization: '', action: '', from: '2026-05-01', to: '2026-05-02', before: null })
	})
})
