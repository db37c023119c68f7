import { randomBytes } from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'
import { desc, eq, inArray, sql as statement } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { emailOutbox, organizations, users } from '#db/schema/platform.ts'
import { createSession, hashPassword, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { assertTenantSchemaName } from '#server/tenancy/schema-name.ts'

// The domain code opens its pool lazily from DATABASE_URL: point it at the e2e server's database.
process.env.DATABASE_URL ||= process.env.E2E_DATABASE_URL

/** The e2e server's origin (non-GET requests must send it as Origin). */
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100'

export type TestUser = { id: string; name: string; email: string; password: string }

export function uniqueEmail(prefix: string) {
	return `${prefix}-${randomBytes(5).toString('hex')}@example.test`
}

/** A patient with a personal organization, made directly in the database. */
export async function createPatient(overrides: Partial<TestUser> = {}): Promise<TestUser & { organizationId: string }> {
	const password = overrides.password ?? 'Correct-horse-9'
	const name = overrides.name ?? 'Avery Test'
	const email = overrides.email ?? uniqueEmail('patient')
	const created = await registerPatient({ name, email, password })
	createdUserIds.add(created.user.id)
	createdOrganizationIds.add(created.organization.id)
	return { id: created.user.id, name, email, password, organizationId: created.organization.id }
}

/** An administrator account (no organization). */
export async function createAdmin(role: 'admin' | 'superadmin', name: string | null = 'Morgan Admin'): Promise<TestUser> {
	const password = 'Admin-horse-9'
	const email = uniqueEmail(role)
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const [row] = await db
			.insert(users)
			.values({ name: name ?? '', email, passwordHash: await hashPassword(password), role })
			.returning({ id: users.id })
		createdUserIds.add(row!.id)
		return { id: row!.id, name: name ?? '', email, password }
	} finally {
		await sql.end()
	}
}

export async function setUserRole(userId: string, role: 'patient' | 'admin' | 'superadmin') {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		await db.update(users).set({ role }).where(eq(users.id, userId))
	} finally {
		await sql.end()
	}
}

/** The user's address as its owner had opened the confirmation link (notification e-mails go only to such addresses). */
export async function confirmEmailAddress(userId: string) {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, userId))
	} finally {
		await sql.end()
	}
}

/** Signs a patient in by setting the session cookie, skipping the login screen. */
export async function signInAs(page: Page, user: { id: string; organizationId: string }) {
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
	await page.context().addCookies([{ name: SESSION_COOKIE.patient, value: session.token, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }])
}

export async function signInAsAdmin(page: Page, admin: { id: string }) {
	const session = await createSession({ userId: admin.id, kind: 'admin', organizationId: null })
	await page.context().addCookies([{ name: SESSION_COOKIE.admin, value: session.token, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }])
}

/** The outbox messages to one address, newest first (what /dev/mailbox shows), to read a link a flow e-mailed. */
export async function emailsTo(recipient: string) {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		return await db.select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(desc(emailOutbox.createdAt))
	} finally {
		await sql.end()
	}
}

/**
 * Users and organizations made by the helpers above during the current test. A Playwright worker
 * runs one test at a time, so module state is per test; the `cleanupUsers` fixture empties it.
 */
const createdUserIds = new Set<string>()
const createdOrganizationIds = new Set<string>()

/**
 * Deletes the users and organizations a test made, and drops each organization's schema.
 * Memberships, sessions and the rest cascade from the platform rows; the tenant schema does not,
 * so it is dropped by its stored, validated name (never built from input). A lock timeout keeps a
 * schema that a still-running job holds from stalling teardown: that schema is left behind.
 */
export async function deleteTestData(userIds: string[], organizationIds: string[]) {
	if (userIds.length === 0 && organizationIds.length === 0) return
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		if (organizationIds.length > 0) {
			const rows = await db
				.select({ id: organizations.id, schemaName: organizations.schemaName })
				.from(organizations)
				.where(inArray(organizations.id, organizationIds))
			for (const row of rows) {
				assertTenantSchemaName(row.schemaName)
				try {
					await db.transaction(async (tx) => {
						await tx.execute(statement`SET LOCAL lock_timeout = '5s'`)
						await tx.delete(organizations).where(eq(organizations.id, row.id))
						await tx.execute(statement.raw(`DROP SCHEMA IF EXISTS "${row.schemaName}" CASCADE`))
					})
				} catch (error) {
					console.warn(`e2e cleanup: organization ${row.id} left in place (${(error as { code?: string }).code ?? 'error'})`)
				}
			}
		}
		if (userIds.length > 0) await db.delete(users).where(inArray(users.id, userIds))
	} finally {
		await sql.end()
	}
}

type ConsoleGuardOptions = {
	/** Extra patterns a test expects in the browser console as errors (e.g. a deliberate 404). */
	allowConsoleErrors: RegExp[]
}

/**
 * Browser console errors every test may see. Each entry says why it is expected; anything else
 * logged with console.error, or thrown uncaught in the page, fails the test at teardown.
 */
export const ALLOWED_CONSOLE_ERRORS: RegExp[] = [
	// Chromium logs every 4xx/5xx sub-resource or fetch response as a console error. Tests that
	// check the answers to refused requests (404 pages, 413/415 uploads, 403 CSRF) cause these on
	// purpose; the page's own handling of the answer is asserted by the test itself.
	/^Failed to load resource: the server responded with a status of (4\d\d|503)\b/,
]

export const test = base.extend<
	ConsoleGuardOptions & {
		cleanupUsers: void
		consoleGuard: void
		/** A patient with a personal organization, deleted with its schema after the test. */
		insertNewUser: (overrides?: Partial<TestUser>) => Promise<TestUser & { organizationId: string }>
		/** A new patient, signed in on `page`; deleted after the test. */
		login: (overrides?: Partial<TestUser>) => Promise<TestUser & { organizationId: string }>
	}
>({
	allowConsoleErrors: [[], { option: true }],
	cleanupUsers: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
		async ({}, use) => {
			createdUserIds.clear()
			createdOrganizationIds.clear()
			await use()
			await deleteTestData([...createdUserIds], [...createdOrganizationIds])
			createdUserIds.clear()
			createdOrganizationIds.clear()
		},
		{ auto: true },
	],
	consoleGuard: [
		async ({ page, allowConsoleErrors }, use) => {
			const unexpected: string[] = []
			const allowed = [...ALLOWED_CONSOLE_ERRORS, ...allowConsoleErrors]
			const record = (text: string) => {
				if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text)
			}
			page.on('console', (message) => {
				if (message.type() === 'error') record(message.text())
			})
			page.on('pageerror', (error) => record(`Uncaught: ${error.message}`))
			await use()
			expect(unexpected, 'unexpected console.error or uncaught error in the browser').toEqual([])
		},
		{ auto: true },
	],
	// eslint-disable-next-line no-empty-pattern -- see cleanupUsers
	insertNewUser: async ({}, use) => {
		await use((overrides) => createPatient(overrides))
	},
	login: async ({ page }, use) => {
		await use(async (overrides) => {
			const user = await createPatient(overrides)
			await signInAs(page, user)
			return user
		})
	},
})
export { expect }
