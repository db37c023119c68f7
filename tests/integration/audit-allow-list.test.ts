/**
 * A plain administrator's audit log is an allow-list (issue 41, finding 5;
 * decision 019): the page, its action filter and the CSV show sign-in,
 * administrators' actions, accounts, organizations, subscriptions and API
 * keys, and never an entry on a health record: value reviews with their
 * document ids, the health profile, searches with their result counts. A
 * superadmin sees everything.
 */
import { randomUUID } from 'node:crypto'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { createSession, hashPassword, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

async function adminCookie(role: 'admin' | 'superadmin') {
	const [row] = await getDb()
		.insert(users)
		.values({ name: `The ${role}`, email: `${role}-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9'), role })
		.returning({ id: users.id })
	const session = await createSession({ userId: row!.id, kind: 'admin', organizationId: null })
	return { userId: row!.id, cookie: `${SESSION_COOKIE.admin}=${session.token}` }
}

function loaderArgs(path: string, cookie: string): LoaderFunctionArgs {
	return {
		request: new Request(`http://localhost${path}`, { headers: { cookie } }),
		params: {},
		context: { requestId: 'test', cspNonce: '', clientIp: '127.0.0.1' },
	}
}

/** The entries a patient's own use of the app writes (as the domain writes them), and an account event. */
async function patientActivity() {
	const { user, organization } = await registerPatient({ name: 'Audit Patient', email: `audit-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	const actor = { userId: user.id, organizationId: organization.id }
	const documentId = randomUUID()
	for (const action of ['health.value.confirm', 'health.value.correct', 'health.value.remove', 'health.value.add'])
		await recordAudit({ action, actor, target: { type: 'health_parameter', id: randomUUID() }, details: { documentId } })
	await recordAudit({ action: 'health.profile.update', actor, target: { type: 'health_profile', id: user.id } })
	await recordAudit({ action: 'search.run', actor, details: { results: 7 } })
	await recordAudit({ action: 'document.upload', actor, target: { type: 'document', id: documentId } })
	await recordAudit({ action: 'account.password_change', actor, details: { signedOutSessions: 0 } })
	await recordAudit({ action: 'api_key.create', actor, target: { type: 'api_key', id: randomUUID() } })
	return { user, organization, documentId }
}

const HEALTH_ACTIONS = [
	'health.value.confirm',
	'health.value.correct',
	'health.value.remove',
	'health.value.add',
	'health.profile.update',
	'search.run',
	'document.upload',
]

describe('the audit log for a plain administrator', () => {
	it('lists and exports accounts, sign-in, API keys and admin actions, never health-record entries, and offers no health action in its filter', async () => {
		const { user, organization, documentId } = await patientActivity()
		const admin = await adminCookie('admin')
		const route = await import('#app/routes/admin.audit._index.tsx')
		const page = (await route.loader(loaderArgs(`/admin/audit?organization=${organization.id}`, admin.cookie))) as Awaited<ReturnType<typeof route.loader>>
		const shown = page.page.entries.map((entry) => entry.action)
		expect(shown).toEqual(expect.arrayContaining(['auth.register', 'account.password_change', 'api_key.create']))
		for (const action of HEALTH_ACTIONS) expect(shown).not.toContain(action)
		for (const action of HEALTH_ACTIONS) expect(page.actions).not.toContain(action)
		expect(page.actions).toEqual(expect.arrayContaining(['auth.register', 'api_key.create']))

		// choosing a health action in the filter by hand lists nothing
		const filtered = (await route.loader(loaderArgs(`/admin/audit?action=health.value.confirm`, admin.cookie))) as Awaited<ReturnType<typeof route.loader>>
		expect(filtered.page.entries).toHaveLength(0)

		const download = await import('#app/routes/admin.audit.download.ts')
		const csv = await (await download.loader(loaderArgs(`/admin/audit/download?user=${user.id}`, admin.cookie))).text()
		expect(csv).toContain('account.password_change')
		for (const action of HEALTH_ACTIONS) expect(csv).not.toContain(action)
		expect(csv).not.toContain(documentId)
	})

	it('shows a superadmin every entry and every action', async () => {
		const { organization, documentId } = await patientActivity()
		const superadmin = await adminCookie('superadmin')
		const route = await import('#app/routes/admin.audit._index.tsx')
		const page = (await route.loader(loaderArgs(`/admin/audit?organization=${organization.id}`, superadmin.cookie))) as Awaited<ReturnType<typeof route.loader>>
		expect(page.page.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(HEALTH_ACTIONS))
		expect(page.actions).toEqual(expect.arrayContaining(HEALTH_ACTIONS))
		expect(JSON.stringify(page.page.entries)).toContain(documentId)
	})
})
