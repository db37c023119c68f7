import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { accountTokens, auditLog, emailOutbox, memberships, organizations, sessions, subscriptions, users } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import {
	broadcastSystemNotification,
	buildReport,
	createOrganization,
	createUser,
	deleteOrganization,
	deleteUser,
	getAdminOrganization,
	getAdminSubscription,
	getAnalytics,
	getDashboard,
	getDocumentsOverview,
	listAlerts,
	listOrganizations,
	listSubscriptions,
	listUsers,
	ORGANIZATION_LIST,
	processPayment,
	REPORTS,
	setOrganizationStatus,
	setPlatformRole,
	setUserStatus,
	sendUserPasswordReset,
	signOutUserSessions,
	updateUser,
	SUBSCRIPTION_LIST,
	USER_LIST,
	type AdminActor,
} from '#server/admin/index.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { requestPasswordReset, resetPassword } from '#server/account/index.ts'
import { runSubscriptionTransitions } from '#server/billing/index.ts'
import { getNotificationOverview } from '#server/notifications/index.ts'
import { authenticate, createSession, hashPassword, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { getFileStorage } from '#server/storage/index.ts'
import { tenantMigrationCount, withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

const { url } = useTestDatabase()
const PASSWORD = 'Correct-horse-9'

async function adminAccount(role: 'admin' | 'superadmin'): Promise<AdminActor> {
	const email = `${role}-${randomUUID()}@example.test`
	const [row] = await getDb()
		.insert(users)
		.values({ name: `The ${role}`, email, passwordHash: await hashPassword(PASSWORD), role })
		.returning({ id: users.id })
	return { userId: row!.id, role, ipAddress: '203.0.113.7', name: `The ${role}`, email }
}

async function patient(name = 'Pat Ient') {
	const email = `p-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name, email, password: PASSWORD })
	return { id: user.id, email, organizationId: organization.id }
}

function requestWith(path: string, cookie: string | null, init: RequestInit = {}) {
	return new Request(`http://localhost${path}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) } })
}

async function cookieFor(kind: 'patient' | 'admin', userId: string, organizationId: string | null) {
	const session = await createSession({ userId, kind, organizationId })
	return `${SESSION_COOKIE[kind]}=${session.token}`
}

/** What a thrown guard answered: a redirect's target, or 'passed'. */
async function guardOutcome(run: () => Promise<unknown>) {
	try {
		await run()
		return 'passed'
	} catch (thrown) {
		if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return new URL(thrown.headers.get('location')!, 'http://localhost').pathname
		if (thrown instanceof Response) return `status ${thrown.status}`
		throw thrown
	}
}

const ADMIN_ROUTES = {
	'admin._index': () => import('#app/routes/admin._index.tsx'),
	'admin.users._index': () => import('#app/routes/admin.users._index.tsx'),
	'admin.users.create': () => import('#app/routes/admin.users.create.tsx'),
	'admin.users.$userId': () => import('#app/routes/admin.users.$userId.tsx'),
	'admin.tenants._index': () => import('#app/routes/admin.tenants._index.tsx'),
	'admin.tenants.create': () => import('#app/routes/admin.tenants.create.tsx'),
	'admin.tenants.$tenantId._index': () => import('#app/routes/admin.tenants.$tenantId._index.tsx'),
	'admin.tenants.$tenantId.edit': () => import('#app/routes/admin.tenants.$tenantId.edit.tsx'),
	'admin.tenants.$tenantId.users': () => import('#app/routes/admin.tenants.$tenantId.users.tsx'),
	'admin.tenants.$tenantId.security': () => import('#app/routes/admin.tenants.$tenantId.security.tsx'),
	'admin.subscriptions._index': () => import('#app/routes/admin.subscriptions._index.tsx'),
	'admin.subscriptions.$subscriptionId': () => import('#app/routes/admin.subscriptions.$subscriptionId.tsx'),
	'admin.plans': () => import('#app/routes/admin.plans.tsx'),
	'admin.documents': () => import('#app/routes/admin.documents.tsx'),
	'admin.analytics': () => import('#app/routes/admin.analytics.tsx'),
	'admin.reports._index': () => import('#app/routes/admin.reports._index.tsx'),
	'admin.reports.download': () => import('#app/routes/admin.reports.download.ts'),
	'admin.notifications': () => import('#app/routes/admin.notifications.tsx'),
	'admin.system': () => import('#app/routes/admin.system.tsx'),
} as const

describe('admin guards', () => {
	it('every admin loader and action refuses a patient session, and System Health a plain admin', async () => {
		const somebody = await patient()
		const patientCookie = await cookieFor('patient', somebody.id, somebody.organizationId)
		const plainAdmin = await adminAccount('admin')
		const adminCookie = await cookieFor('admin', plainAdmin.userId, null)
		const params = { userId: somebody.id, tenantId: somebody.organizationId, subscriptionId: randomUUID() }
		for (const [name, load] of Object.entries(ADMIN_ROUTES)) {
			const route = (await load()) as { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> }
			const args = (cookie: string | null, method = 'GET') => ({
				request: requestWith('/admin/x', cookie, method === 'POST' ? { method, body: new URLSearchParams({ intent: 'deactivate', userId: somebody.id }) } : {}),
				params,
				context: { clientIp: '203.0.113.9', requestId: 'test' },
			})
			if (route.loader) {
				expect(await guardOutcome(() => route.loader!(args(patientCookie))), `${name} loader, patient`).toBe('/admin/login')
				expect(await guardOutcome(() => route.loader!(args(null))), `${name} loader, signed out`).toBe('/admin/login')
			}
			if (route.action) {
				expect(await guardOutcome(() => route.action!(args(patientCookie, 'POST'))), `${name} action, patient`).toBe('/admin/login')
			}
			if (name === 'admin.system') {
				expect(await guardOutcome(() => route.loader!(args(adminCookie))), 'system, plain admin').toBe('/unauthorized')
			}
		}
		// the patient was not deactivated by any of those posts
		const [row] = await getDb().select({ status: users.status }).from(users).where(eq(users.id, somebody.id))
		expect(row!.status).toBe('active')
	})

	it('superadmin-only actions refuse a plain admin', async () => {
		const plainAdmin = await adminAccount('admin')
		const target = await patient()
		expect(await deleteUser(plainAdmin, target.id)).toMatchObject({ ok: false, code: 'superadmin-only' })
		expect(await setPlatformRole(plainAdmin, target.id, 'admin')).toMatchObject({ ok: false, code: 'superadmin-only' })
		const superadmin = await adminAccount('superadmin')
		expect(await setPlatformRole(superadmin, target.id, 'admin')).toMatchObject({ ok: true, role: 'admin' })
		const [row] = await getDb().select({ role: users.role }).from(users).where(eq(users.id, target.id))
		expect(row!.role).toBe('admin')
		expect(await deleteUser(superadmin, target.id)).toMatchObject({ ok: true })
		expect(await getDb().select().from(users).where(eq(users.id, target.id))).toHaveLength(0)
	})
})

describe('organizations', () => {
	it('create provisions a working schema with its subscription, and delete drops it', async () => {
		const admin = await adminAccount('admin')
		const created = await createOrganization(admin, {
			name: 'Harbor Clinic',
			domain: 'harbor.example',
			contactEmail: 'ops@harbor.example',
			contactName: null,
			phone: null,
			plan: 'professional',
			billingCycle: 'monthly',
			status: 'trial',
		})
		const [organization] = await getDb().select().from(organizations).where(eq(organizations.id, created.organizationId))
		expect(organization).toMatchObject({ kind: 'organization', status: 'trial' })
		const [{ applied }] = await getDb().execute<{ applied: number }>(
			sql`select count(*)::int as applied from ${sql.identifier(organization!.schemaName)}.__migrations`,
		)
		expect(applied).toBe(tenantMigrationCount())
		await withTenant(created.organizationId, async (tx) => {
			expect(await tx.select().from(documents)).toEqual([])
		})
		const [subscription] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, created.organizationId))
		expect(subscription).toMatchObject({ plan: 'professional', status: 'trialing', amountCents: 29_999 })

		const user = await createUser(admin, {
			name: 'Nora Nurse',
			email: `nora-${randomUUID()}@example.test`,
			organizationId: created.organizationId,
			organizationRole: 'manager',
			status: 'active',
			password: 'Long-enough-pass-1',
		})
		expect(user.ok).toBe(true)

		const fileKey = `${created.organizationId}/${randomUUID()}`
		await getFileStorage().putBuffer(fileKey, Buffer.from('%PDF-1.4'))
		const superadmin = await adminAccount('superadmin')
		expect(await deleteOrganization(superadmin, created.organizationId, 'Wrong Name')).toMatchObject({ ok: false, code: 'name-mismatch' })
		expect(await getFileStorage().stat(fileKey)).not.toBeNull()
		expect(await deleteOrganization(superadmin, created.organizationId, 'Harbor Clinic')).toMatchObject({ ok: true })
		// its files went with it
		expect(await getFileStorage().stat(fileKey)).toBeNull()
		const schemas = await getDb().execute(sql`select 1 from pg_namespace where nspname = ${organization!.schemaName}`)
		expect(schemas).toHaveLength(0)
		expect(await getDb().select().from(organizations).where(eq(organizations.id, created.organizationId))).toHaveLength(0)
		// its only member went with it; the deletion is audited
		expect(
			await getDb()
				.select()
				.from(users)
				.where(eq(users.id, (user as { userId: string }).userId)),
		).toHaveLength(0)
		const audit = await getDb().select().from(auditLog).where(eq(auditLog.action, 'admin.organization.delete'))
		expect(audit.some((row) => row.targetId === created.organizationId && row.actorUserId === superadmin.userId && row.ipAddress === '203.0.113.7')).toBe(true)
	})

	it('deleting an organization is superadmin-only, like deleting a user: a plain admin is refused (403 from the route) and sees no Delete control', async () => {
		const plainAdmin = await adminAccount('admin')
		const member = await patient('Kept Member')
		const [organization] = await getDb().select({ name: organizations.name }).from(organizations).where(eq(organizations.id, member.organizationId))
		expect(await deleteOrganization(plainAdmin, member.organizationId, organization!.name)).toMatchObject({
			ok: false,
			kind: 'forbidden',
			code: 'superadmin-only',
			message: 'Only a superadmin can delete organizations.',
		})
		const detail = await import('#app/routes/admin.tenants.$tenantId._index.tsx')
		const list = await import('#app/routes/admin.tenants._index.tsx')
		const adminCookie = await cookieFor('admin', plainAdmin.userId, null)
		const context = { clientIp: '203.0.113.9', requestId: 'test', cspNonce: 'test' }
		const args = (init: RequestInit = {}) => ({
			request: requestWith(`/admin/tenants/${member.organizationId}`, adminCookie, init),
			params: { tenantId: member.organizationId },
			context,
		})
		const answer = (await detail.action(
			args({ method: 'POST', body: new URLSearchParams({ intent: 'delete', confirmName: organization!.name }) }),
		)) as unknown as { init: { status: number }; data: { error: string } }
		expect(answer.init.status).toBe(403)
		expect(answer.data.error).toBe('Only a superadmin can delete organizations.')
		expect(await getDb().select().from(organizations).where(eq(organizations.id, member.organizationId))).toHaveLength(1)
		expect(await getDb().select().from(users).where(eq(users.id, member.id))).toHaveLength(1)
		expect(
			(await getDb().select().from(auditLog).where(eq(auditLog.action, 'admin.organization.delete'))).filter((row) => row.targetId === member.organizationId),
		).toHaveLength(0)
		expect(await detail.loader(args())).toMatchObject({ canDelete: false })
		expect(await list.loader({ request: requestWith('/admin/tenants', adminCookie), params: {}, context })).toMatchObject({ canDelete: false })
		const superCookie = await cookieFor('admin', (await adminAccount('superadmin')).userId, null)
		expect(await list.loader({ request: requestWith('/admin/tenants', superCookie), params: {}, context })).toMatchObject({ canDelete: true })
	})

	it('refuses a user over the plan’s seats', async () => {
		const admin = await adminAccount('admin')
		const { organizationId } = await createOrganization(admin, {
			name: 'Solo Practice',
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'basic',
			billingCycle: 'monthly',
			status: 'active',
		})
		const first = await createUser(admin, {
			name: 'One',
			email: `one-${randomUUID()}@example.test`,
			organizationId,
			organizationRole: 'admin',
			status: 'active',
			password: 'Long-enough-pass-1',
		})
		expect(first.ok).toBe(true)
		const second = await createUser(admin, {
			name: 'Two',
			email: `two-${randomUUID()}@example.test`,
			organizationId,
			organizationRole: 'user',
			status: 'active',
			password: 'Long-enough-pass-1',
		})
		expect(second).toMatchObject({
			ok: false,
			code: 'organization-full',
			field: 'organizationId',
			message: 'The Basic plan allows a single user. Upgrade the plan to add more members.',
		})
		expect(
			await getDb()
				.select()
				.from(users)
				.where(sql`lower(${users.email}) like 'two-%'`),
		).toHaveLength(0)
	})
})

describe('an administrator stays within their role (issue 29, High)', () => {
	const origin = 'http://localhost:3000'
	const userForm = (user: { name: string; email: string }, status: 'active' | 'inactive' | 'pending' = 'active') =>
		({ name: user.name, email: user.email, organizationId: null, organizationRole: 'user', status }) as const

	it("a plain admin cannot change, reset, deactivate or sign out an admin's or a superadmin's account", async () => {
		const plainAdmin = await adminAccount('admin')
		for (const role of ['superadmin', 'admin'] as const) {
			const target = await adminAccount(role)
			const takeover = { name: target.name, email: `attacker-${randomUUID()}@example.test` }
			expect(await updateUser(plainAdmin, target.userId, userForm(takeover)), role).toMatchObject({ ok: false, kind: 'forbidden', code: 'superadmin-only' })
			expect(await sendUserPasswordReset(plainAdmin, target.userId, origin), role).toMatchObject({ ok: false, kind: 'forbidden' })
			expect(await setUserStatus(plainAdmin, target.userId, 'deactivate'), role).toMatchObject({ ok: false, kind: 'forbidden' })
			await createSession({ userId: target.userId, kind: 'admin', organizationId: null })
			expect(await signOutUserSessions(plainAdmin, target.userId), role).toMatchObject({ ok: false, kind: 'forbidden' })
			const [row] = await getDb().select({ email: users.email, status: users.status }).from(users).where(eq(users.id, target.userId))
			expect(row, role).toEqual({ email: target.email, status: 'active' })
			expect(await getDb().select().from(sessions).where(eq(sessions.userId, target.userId)), role).toHaveLength(1)
			expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.userId, target.userId)), role).toHaveLength(0)
		}
		// a patient's account stays the plain admin's to manage
		const user = await patient()
		expect(await setUserStatus(plainAdmin, user.id, 'deactivate')).toMatchObject({ ok: true, status: 'inactive' })
		// a superadmin acts on an admin's account
		const superadmin = await adminAccount('superadmin')
		expect(await setUserStatus(superadmin, plainAdmin.userId, 'deactivate')).toMatchObject({ ok: true })
	})

	it("the user page's action refuses a plain admin's save on a superadmin with 403 and changes nothing", async () => {
		const plainAdmin = await adminAccount('admin')
		const target = await adminAccount('superadmin')
		const cookie = await cookieFor('admin', plainAdmin.userId, null)
		const route = await import('#app/routes/admin.users.$userId.tsx')
		const body = new URLSearchParams({
			intent: 'save',
			name: target.name,
			email: `attacker-${randomUUID()}@example.test`,
			status: 'active',
			organizationRole: 'user',
		})
		const answer = (await route.action({
			request: requestWith(`/admin/users/${target.userId}`, cookie, { method: 'POST', body }),
			params: { userId: target.userId },
			context: {},
		} as never)) as { init?: { status?: number } }
		expect(answer.init?.status).toBe(403)
		const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, target.userId))
		expect(row!.email).toBe(target.email)
		const page = (await route.loader({
			request: requestWith(`/admin/users/${target.userId}`, cookie),
			params: { userId: target.userId },
			context: {},
		} as never)) as { canManage: boolean }
		expect(page.canManage).toBe(false)
	})

	it("changing a user's e-mail ends their sessions and unused links, tells the old address, and is audited without either address", async () => {
		const plainAdmin = await adminAccount('admin')
		const user = await patient('Eve Mailchange')
		await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		await requestPasswordReset({ email: user.email, ipAddress: '198.51.100.40', origin })
		expect(await getDb().select().from(accountTokens).where(eq(accountTokens.userId, user.id))).toHaveLength(1)
		const newEmail = `new-${randomUUID()}@example.test`
		expect(await updateUser(plainAdmin, user.id, userForm({ name: 'Eve Mailchange', email: newEmail }))).toMatchObject({ ok: true })
		expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
		expect(await getDb().select().from(accountTokens).where(eq(accountTokens.userId, user.id))).toHaveLength(0)
		const [notice] = await getDb()
			.select()
			.from(emailOutbox)
			.where(sql`${emailOutbox.recipient} = ${user.email} and ${emailOutbox.subject} = 'Your Carebook e-mail address was changed'`)
		expect(notice!.textBody).toContain('An administrator changed the e-mail address of your Carebook account')
		const audit = await getDb()
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'admin.user.email_change')))
		expect(audit).toHaveLength(1)
		expect(JSON.stringify(audit[0]!.details ?? {})).not.toContain('@')
		// the same form saved again with the same address ends nothing more
		await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
		expect(await updateUser(plainAdmin, user.id, userForm({ name: 'Eve Mailchange', email: newEmail }))).toMatchObject({ ok: true })
		expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)
	})

	it('nobody deactivates, demotes by form or deletes the last active superadmin, even two superadmins at once', async () => {
		const first = await adminAccount('superadmin')
		const second = await adminAccount('superadmin')
		// only these two are active superadmins
		await getDb()
			.update(users)
			.set({ status: 'inactive' })
			.where(sql`${users.role} = 'superadmin' and ${users.id} not in (${first.userId}, ${second.userId})`)
		const outcomes = await Promise.all([setUserStatus(first, second.userId, 'deactivate'), setUserStatus(second, first.userId, 'deactivate')])
		expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1)
		expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ ok: false, code: 'last-superadmin' })
		const [remaining] = await getDb()
			.select({ id: users.id })
			.from(users)
			.where(sql`${users.role} = 'superadmin' and ${users.status} = 'active'`)
		const survivor = remaining!.id === first.userId ? first : second
		const other = survivor === first ? second : first
		// the survivor is now the last one: nobody else may deactivate or delete it (an acting superadmin whose own row went inactive meanwhile)
		expect(await setUserStatus(other, survivor.userId, 'deactivate')).toMatchObject({ ok: false, code: 'last-superadmin' })
		expect(await updateUser(other, survivor.userId, userForm({ name: survivor.name, email: survivor.email }, 'inactive'))).toMatchObject({
			ok: false,
			code: 'last-superadmin',
		})
		expect(await deleteUser(other, survivor.userId)).toMatchObject({ ok: false, code: 'last-superadmin' })
		const [row] = await getDb().select({ status: users.status }).from(users).where(eq(users.id, survivor.userId))
		expect(row!.status).toBe('active')
		await getDb().update(users).set({ status: 'active' }).where(eq(users.role, 'superadmin'))
	})
})

describe('status transitions (spec section 4)', () => {
	it('users: Active to Inactive via Deactivate, back via Activate; an inactive user cannot sign in', async () => {
		const admin = await adminAccount('admin')
		const user = await patient()
		expect(await setUserStatus(admin, user.id, 'activate')).toMatchObject({ ok: false })
		expect(await setUserStatus(admin, user.id, 'deactivate')).toMatchObject({ ok: true, status: 'inactive' })
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: '198.51.100.1' })).toMatchObject({
			ok: false,
			kind: 'unauthenticated',
		})
		expect(await setUserStatus(admin, user.id, 'deactivate')).toMatchObject({ ok: false })
		await getDb().update(users).set({ status: 'pending' }).where(eq(users.id, user.id))
		expect(await setUserStatus(admin, user.id, 'activate')).toMatchObject({ ok: true, status: 'active' })
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: '198.51.100.1' })).toMatchObject({ ok: true })
		// the account domain's setAccountStatus did it, audited with the administrator
		const actions = await getDb().select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog).where(eq(auditLog.targetId, user.id))
		expect(
			actions
				.filter((row) => row.actor === admin.userId)
				.map((row) => row.action)
				.sort(),
		).toEqual(['admin.user_deactivate', 'admin.user_reactivate'])
	})

	it("users: 'Reset password by e-mail' sends the account domain's one-hour link to an active user, which sets a new password; an inactive user gets none", async () => {
		const admin = await adminAccount('admin')
		const user = await patient()
		expect(await sendUserPasswordReset(admin, user.id, 'http://localhost:3000')).toEqual({ ok: true })
		const [message] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, user.email))
		expect(message!.subject).toBe('Reset your Carebook password')
		const link = new URL(message!.textBody!.match(/https?:\/\/\S+/)![0])
		expect(link.pathname).toBe('/reset-password')
		expect(await resetPassword({ token: link.searchParams.get('token')!, newPassword: 'A-new-Passphrase-42' })).toEqual({ ok: true })
		expect(await authenticate({ email: user.email, password: 'A-new-Passphrase-42', portal: 'patient', ipAddress: '198.51.100.3' })).toMatchObject({ ok: true })
		expect(await setUserStatus(admin, user.id, 'deactivate')).toMatchObject({ ok: true })
		expect(await sendUserPasswordReset(admin, user.id, 'http://localhost:3000')).toMatchObject({ ok: false, code: 'inactive' })
		expect(await sendUserPasswordReset(admin, randomUUID(), 'http://localhost:3000')).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, user.email))).toHaveLength(1)
	})

	it('organizations: Trial only becomes Active via Activate; Active and Inactive toggle; members of an inactive one cannot sign in', async () => {
		const admin = await adminAccount('admin')
		const member = await patient()
		expect(await setOrganizationStatus(admin, member.organizationId, 'deactivate')).toMatchObject({ ok: false, code: 'status-unchanged' })
		expect(await setOrganizationStatus(admin, member.organizationId, 'activate')).toMatchObject({ ok: true, status: 'active' })
		const [subscription] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, member.organizationId))
		expect(subscription!.status).toBe('active')
		const session = await createSession({ userId: member.id, kind: 'patient', organizationId: member.organizationId })
		expect(await setOrganizationStatus(admin, member.organizationId, 'deactivate')).toMatchObject({ ok: true, status: 'inactive' })
		const { validateSessionToken } = await import('#server/auth/index.ts')
		expect(await validateSessionToken(session.token, 'patient')).toBeNull()
		expect(await authenticate({ email: member.email, password: PASSWORD, portal: 'patient', ipAddress: '198.51.100.2' })).toMatchObject({
			ok: false,
			kind: 'unauthenticated',
		})
		expect(await setOrganizationStatus(admin, member.organizationId, 'activate')).toMatchObject({ ok: true, status: 'active' })
		expect(await authenticate({ email: member.email, password: PASSWORD, portal: 'patient', ipAddress: '198.51.100.2' })).toMatchObject({ ok: true })
	})

	it("subscriptions: a renewal left unpaid is past_due at the organization's price; Process Payment (billing's) pays its invoice and makes it active; nothing else can be paid", async () => {
		const admin = await adminAccount('admin')
		const { organizationId } = await createOrganization(admin, {
			name: 'Late Payers',
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'enterprise',
			billingCycle: 'monthly',
			status: 'active',
		})
		const [subscription] = await getDb()
			.update(subscriptions)
			.set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
			.where(eq(subscriptions.organizationId, organizationId))
			.returning()
		expect(await processPayment(admin, subscription!.id)).toMatchObject({ ok: false, code: 'not-past-due' })
		expect(await runSubscriptionTransitions(new Date())).toMatchObject({ pastDue: 1 })
		const pastDue = await getAdminSubscription(subscription!.id)
		expect(pastDue!.subscription.status).toBe('past_due')
		expect(pastDue!.invoices).toMatchObject([{ status: 'open', amountCents: 99_999, payments: [] }])
		expect(pastDue!.lastPaymentAt).toBeNull()
		expect(await processPayment(admin, subscription!.id)).toMatchObject({ ok: true })
		const paid = await getAdminSubscription(subscription!.id)
		expect(paid!.subscription.status).toBe('active')
		expect(paid!.invoices).toMatchObject([{ status: 'paid', payments: [{ amountCents: 99_999, status: 'succeeded' }] }])
		expect(paid!.lastPaymentAt).not.toBeNull()
		expect(await processPayment(admin, subscription!.id)).toMatchObject({ ok: false, code: 'not-past-due' })
		const revenue = await buildReport('revenue', new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000))
		expect(revenue).toContain('Late Payers')
		expect(revenue).toContain('999.99')
		const alerts = await listAlerts()
		expect(alerts.some((alert) => alert.level === 'success' && alert.title === 'Payment processed')).toBe(true)
	})
})

describe('system notifications', () => {
	it("reach one organization's members through the notifications module (a row each, live), and are audited with their reach", async () => {
		const admin = await adminAccount('admin')
		const alice = await patient('Alice')
		const bob = await patient('Bob')
		expect(
			await broadcastSystemNotification(admin, { title: 'Maintenance tonight', message: 'Carebook is down 2-3 AM.', organizationId: alice.organizationId }),
		).toEqual({ delivered: 1 })
		const aliceItems = (await getNotificationOverview({ userId: alice.id, organizationId: alice.organizationId })).items
		expect(aliceItems).toMatchObject([{ type: 'system_notification', title: 'Maintenance tonight', message: 'Carebook is down 2-3 AM.' }])
		expect((await getNotificationOverview({ userId: bob.id, organizationId: bob.organizationId })).items).toEqual([])
		const [audit] = await getDb()
			.select()
			.from(auditLog)
			.where(eq(auditLog.action, 'admin.notification.send'))
			.orderBy(sql`created_at desc`)
			.limit(1)
		expect(audit).toMatchObject({ actorUserId: admin.userId, targetId: alice.organizationId, details: { recipients: 1, organizations: 1 } })
	})
})

describe('lists at 1,000 users', () => {
	it('paginate and sort correctly in the database', async () => {
		const admin = await adminAccount('admin')
		const { organizationId } = await createOrganization(admin, {
			name: 'Bulk Org',
			domain: null,
			contactEmail: null,
			contactName: null,
			phone: null,
			plan: 'enterprise',
			billingCycle: 'monthly',
			status: 'active',
		})
		const prefix = `bulk${randomUUID().slice(0, 6)}`
		await getDb().execute(sql`insert into app.users (name, email, password_hash, status, last_login_at)
			select 'Bulk ' || lpad((n * 7919 % 1000)::text, 4, '0'), ${prefix} || '-' || n || '@example.test', 'x',
				case when n % 10 = 0 then 'inactive'::app.user_status else 'active'::app.user_status end,
				case when n % 3 = 0 then null else now() - (n || ' minutes')::interval end
			from generate_series(1, 1000) n`)
		await getDb().execute(sql`insert into app.memberships (user_id, organization_id, role)
			select id, ${organizationId}, 'user' from app.users where email like ${`${prefix}-%`}`)
		const state = (query: string) => readListState(new URLSearchParams(query), USER_LIST)
		const all: string[] = []
		let total = 0
		for (let page = 1; page <= 40; page += 1) {
			const result = await listUsers(state(`q=${prefix}&sort=name&dir=asc&page=${page}`))
			total = result.total
			all.push(...result.rows.map((row) => row.name))
			if (result.rows.length < 25) break
		}
		expect(total).toBe(1000)
		expect(all).toHaveLength(1000)
		expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
		expect(new Set(all).size).toBe(1000)

		const inactive = await listUsers(state(`q=${prefix}&status=inactive&organization=${organizationId}&page=2`))
		expect(inactive.total).toBe(100)
		expect(inactive.rows).toHaveLength(25)
		expect(inactive.rows.every((row) => row.status === 'inactive' && row.tenantName === 'Bulk Org')).toBe(true)

		const byLogin = await listUsers(state(`q=${prefix}&sort=lastLogin&dir=desc`))
		const logins = byLogin.rows.map((row) => row.lastLogin!)
		expect(logins.every(Boolean)).toBe(true)
		expect(logins).toEqual([...logins].sort().reverse())
		const lastPage = await listUsers(state(`q=${prefix}&sort=lastLogin&dir=desc&page=40`))
		expect(lastPage.rows.every((row) => row.lastLogin === null)).toBe(true)

		const none = await listUsers(state(`q=${prefix}-nobody`))
		expect(none).toEqual({ rows: [], total: 0 })

		const organizationsPage = await listOrganizations(readListState(new URLSearchParams('q=Bulk Org'), ORGANIZATION_LIST))
		expect(organizationsPage.rows[0]).toMatchObject({ name: 'Bulk Org', usersCount: 1000, storageLimitMb: 10000 })
		const subscriptionsPage = await listSubscriptions(readListState(new URLSearchParams('q=Bulk Org'), SUBSCRIPTION_LIST))
		expect(subscriptionsPage.rows[0]).toMatchObject({ tenantName: 'Bulk Org', plan: 'enterprise', amountCents: 99_999 })
	})
})

describe('dashboard and metadata', () => {
	it('the dashboard’s numbers equal counts computed independently', async () => {
		const dashboard = await getDashboard()
		const db = getDb()
		const [{ total, active, today }] = await db.execute<{ total: number; active: number; today: number }>(
			sql`select count(*)::int as total, count(*) filter (where status = 'active')::int as active, count(*) filter (where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int as today from app.users`,
		)
		expect(dashboard.users).toEqual({ total, active, newToday: today })
		// every organization is active, on trial or inactive, as the Tenants list shows it (its subscription says whether the trial ended)
		const [organizationCounts] = await db.execute<{ total: number; active: number; trial: number; inactive: number }>(
			sql`select count(*)::int as total,
				count(*) filter (where o.status <> 'inactive' and s.status is distinct from 'trialing')::int as active,
				count(*) filter (where o.status <> 'inactive' and s.status = 'trialing')::int as trial,
				count(*) filter (where o.status = 'inactive')::int as inactive
				from app.organizations o left join app.subscriptions s on s.organization_id = o.id`,
		)
		expect(dashboard.organizations).toEqual(organizationCounts)
		expect(dashboard.organizations.active + dashboard.organizations.trial + dashboard.organizations.inactive).toBe(dashboard.organizations.total)
		const rows = await db.select().from(subscriptions)
		const enterprise = rows.filter((row) => row.plan === 'enterprise').length
		expect(dashboard.revenue.enterprise).toBe(enterprise)
		expect(dashboard.revenue.professional).toBe(rows.filter((row) => row.plan === 'professional').length)
		expect(dashboard.revenue.conversionPercent).toBe(Math.round((enterprise / rows.length) * 1000) / 10)
		const expectedMrr = rows
			.filter((row) => row.status === 'active' || row.status === 'past_due')
			.reduce((sum, row) => sum + (row.billingCycle === 'yearly' ? Math.round(row.amountCents / 12) : row.amountCents), 0)
		expect(dashboard.revenue.mrrCents).toBe(expectedMrr)

		let documentTotal = 0
		for (const organization of await db.select({ id: organizations.id }).from(organizations)) {
			documentTotal += await withTenant(organization.id, async (tx) => (await tx.select().from(documents).where(eq(documents.status, 'processed'))).length)
		}
		expect(dashboard.documents.processed).toBe(documentTotal)
	})

	it('no admin screen or report returns document content', async () => {
		const admin = await adminAccount('superadmin')
		const owner = await patient('Marker Owner')
		const marker = `SECRET-${randomUUID()}`
		await withTenant(owner.organizationId, async (tx) => {
			await tx.insert(documents).values({
				ownerId: owner.id,
				fileName: `${marker}.pdf`,
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 1234,
				sha256: 'x'.repeat(64),
				storageKey: `${owner.organizationId}/${marker}`,
				categoryGuess: 'other',
				title: `${marker} title`,
				description: marker,
				provider: marker,
				summary: marker,
				tags: [marker],
				extractedText: `${marker} glucose 99`,
				status: 'processed',
				processedAt: new Date(),
				timings: { extractMs: 10, ocrMs: 0, totalMs: 20 },
			})
		})
		const answers = [
			await getDashboard(),
			await getDocumentsOverview(),
			await getDocumentsOverview({ organizationId: owner.organizationId, status: 'processed' }),
			await getAnalytics(7),
			await getAdminOrganization(owner.organizationId),
			await listOrganizations(readListState(new URLSearchParams(), ORGANIZATION_LIST)),
			await listAlerts({ includeAcknowledged: true }),
			...(await Promise.all(REPORTS.map((report) => buildReport(report.value, new Date(Date.now() - 86_400_000), new Date(Date.now() + 86_400_000))))),
		]
		const overview = answers[2] as Awaited<ReturnType<typeof getDocumentsOverview>>
		expect(overview.history).toHaveLength(1)
		expect(overview.history[0]).toMatchObject({ status: 'processed', sizeBytes: 1234, durationMs: 20, fileKind: 'pdf' })
		for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(marker)
		void admin
	})
})

describe('npm run admin:create', () => {
	const run = promisify(execFile)
	async function create(args: string[], password: string) {
		const child = run('npx', ['tsx', 'scripts/admin-create.ts', ...args], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } })
		child.child.stdin!.end(`${password}\n`)
		try {
			const { stdout } = await child
			return { code: 0, stdout }
		} catch (error) {
			const failed = error as { code: number; stderr: string }
			return { code: failed.code, stdout: failed.stderr }
		}
	}

	it('refuses a weak password, creates a superadmin once, and is idempotent', async () => {
		const email = `first-${randomUUID()}@example.test`
		expect(await create(['--email', email], 'short1')).toMatchObject({ code: 1 })
		expect(await create(['--email', email, '--password', 'Long-enough-pass-1'], '')).toMatchObject({ code: 2 })
		const first = await create(['--email', email, '--name', 'First Admin'], 'Long-enough-pass-1')
		expect(first.stdout).toContain('Created superadmin')
		const second = await create(['--email', email.toUpperCase()], 'Another-long-pass-2')
		expect(second.stdout).toContain('Updated')
		const rows = await getDb()
			.select()
			.from(users)
			.where(sql`lower(${users.email}) = ${email}`)
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ role: 'superadmin', status: 'active', name: 'First Admin' })
		expect(await authenticate({ email, password: 'Another-long-pass-2', portal: 'admin', ipAddress: '198.51.100.3' })).toMatchObject({ ok: true })
	}, 120_000)
})

void memberships
