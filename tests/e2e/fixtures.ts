import { randomBytes } from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { createSession, hashPassword, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'

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

/** Signs a patient in by setting the session cookie, skipping the login screen. */
export async function signInAs(page: Page, user: { id: string; organizationId: string }) {
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: user.organizationId })
	await page.context().addCookies([
		{ name: SESSION_COOKIE.patient, value: session.token, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
	])
}

export async function signInAsAdmin(page: Page, admin: { id: string }) {
	const session = await createSession({ userId: admin.id, kind: 'admin', organizationId: null })
	await page.context().addCookies([
		{ name: SESSION_COOKIE.admin, value: session.token, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' },
	])
}

export const test = base
export { expect }
