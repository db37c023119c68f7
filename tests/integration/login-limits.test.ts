import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, loginAttempts, users } from '#db/schema/platform.ts'
import { authenticate, registerPatient, type LoginResult } from '#server/auth/index.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { useTestDatabase } from './test-database.ts'

// Counts the passwords actually checked, passing every call through.
const checked = vi.hoisted(() => ({ count: 0 }))
vi.mock('#server/auth/password.ts', async (importOriginal) => {
	const actual = await importOriginal<typeof import('#server/auth/password.ts')>()
	return {
		...actual,
		verifyPassword: async (passwordHash: string, password: string) => {
			checked.count++
			return actual.verifyPassword(passwordHash, password)
		},
	}
})

// Small limits for this file (read lazily by the auth domain).
process.env.LOGIN_ACCOUNT_MAX_FAILURES = '3'
process.env.LOGIN_LOCK_MINUTES = '15'
process.env.LOGIN_IP_MAX_FAILURES = '6'
process.env.LOGIN_IP_WINDOW_MINUTES = '15'
process.env.LOGIN_ACCOUNT_GLOBAL_MAX_FAILURES = '8'
process.env.LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES = '60'

useTestDatabase()

const PASSWORD = 'Correct-horse-9'
const PARALLEL = 20

async function patient() {
	const email = `p-${randomUUID()}@example.test`
	const { user } = await registerPatient({ name: 'Pat Ient', email, password: PASSWORD })
	return { id: user.id, email }
}

/** Each test (and each attempt where it says so) comes from an address of its own. */
function address() {
	return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
}

function statuses(results: LoginResult[]) {
	const tally: Record<string, number> = {}
	for (const result of results) {
		const key = result.ok ? 'ok' : String(refusalStatus(result))
		tally[key] = (tally[key] ?? 0) + 1
	}
	return tally
}

beforeEach(() => {
	checked.count = 0
})

describe('login limits under parallel requests', () => {
	it(`checks at most LOGIN_ACCOUNT_MAX_FAILURES of ${PARALLEL} parallel wrong passwords for one account from one address; the rest are refused`, async () => {
		const user = await patient()
		const ip = address()
		const results = await Promise.all(
			Array.from({ length: PARALLEL }, (_, index) => authenticate({ email: user.email, password: `wrong-${index}`, portal: 'patient', ipAddress: ip })),
		)
		// The address takes 6 (LOGIN_IP_MAX_FAILURES), the account from it 3 of those.
		expect(checked.count).toBe(3)
		expect(statuses(results)).toEqual({ '401': 3, '423': 3, '429': PARALLEL - 6 })
		const audits = await getDb().select().from(auditLog).where(eq(auditLog.actorUserId, user.id))
		expect(audits.filter((entry) => entry.action === 'auth.account_locked')).toHaveLength(1)

		// The right password from that address: refused, and not checked; from the owner's own address it works.
		checked.count = 0
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: false })
		expect(checked.count).toBe(0)
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({ ok: true })
	})

	it(`checks at most LOGIN_IP_MAX_FAILURES of ${PARALLEL} parallel attempts from one address; the rest get 429`, async () => {
		const ip = address()
		const results = await Promise.all(
			Array.from({ length: PARALLEL }, (_, index) =>
				authenticate({ email: `nobody-${index}-${randomUUID()}@example.test`, password: 'x', portal: 'patient', ipAddress: ip }),
			),
		)
		expect(checked.count).toBe(6)
		expect(statuses(results)).toEqual({ '401': 6, '429': PARALLEL - 6 })
		const recorded = await getDb().select().from(loginAttempts).where(eq(loginAttempts.ipAddress, ip))
		expect(recorded).toHaveLength(6)

		// Still refused with the right password of a real account, without a check.
		const user = await patient()
		checked.count = 0
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'admin', ipAddress: ip })).toMatchObject({ ok: false, kind: 'rate-limited' })
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: false, kind: 'rate-limited' })
		expect(checked.count).toBe(0)
	})

	it('lets the right password through beside a parallel wrong one while slots remain', async () => {
		const user = await patient()
		const ip = address()
		const results = await Promise.all([
			authenticate({ email: user.email, password: 'wrong-1', portal: 'patient', ipAddress: ip }),
			authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip }),
		])
		expect(statuses(results)).toEqual({ '401': 1, ok: 1 })
		// The success is not counted against the address.
		const recorded = await getDb().select().from(loginAttempts).where(eq(loginAttempts.ipAddress, ip))
		expect(recorded.map((attempt) => attempt.succeeded).sort()).toEqual([false, true])
		// The wrong guess may have taken its slot before or after the success gave them back: at most one is left.
		for (let attempt = 0; attempt < 2; attempt++) {
			expect(await authenticate({ email: user.email, password: `wrong-again-${attempt}`, portal: 'patient', ipAddress: ip })).toMatchObject({
				kind: 'unauthenticated',
			})
		}
	})

	it('does not count the right password at the wrong portal as a guess', async () => {
		const user = await patient()
		const ip = address()
		for (let attempt = 0; attempt < 2; attempt++) {
			expect(await authenticate({ email: user.email, password: 'wrong', portal: 'patient', ipAddress: ip })).toMatchObject({
				ok: false,
				kind: 'unauthenticated',
			})
		}
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'admin', ipAddress: ip })).toMatchObject({ ok: false, kind: 'unauthenticated' })
		// The slots were given back: two more wrong passwords are still plain refusals, and the right one signs in.
		for (let attempt = 0; attempt < 2; attempt++) {
			expect(await authenticate({ email: user.email, password: 'wrong', portal: 'patient', ipAddress: ip })).toMatchObject({
				ok: false,
				kind: 'unauthenticated',
			})
		}
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: ip })).toMatchObject({ ok: true })
	})
})

describe('lock-out and enumeration', () => {
	/** The answers to `count` wrong passwords in a row for an address typed at sign-in, from one client address. */
	async function wrongAnswers(email: string, ip: string, count: number) {
		const answers: string[] = []
		for (let attempt = 0; attempt < count; attempt++) {
			const result = await authenticate({ email, password: `wrong-${attempt}`, portal: 'patient', ipAddress: ip })
			answers.push(result.ok ? 'ok' : `${refusalStatus(result)} ${result.message}`)
		}
		return answers
	}

	it('answers an unknown account exactly as a real one: 401, then 423 once locked', async () => {
		const user = await patient()
		const real = await wrongAnswers(user.email, address(), 5)
		const unknown = await wrongAnswers(`nobody-${randomUUID()}@example.test`, address(), 5)
		expect(unknown).toEqual(real)
		expect(real.map((answer) => answer.slice(0, 3))).toEqual(['401', '401', '401', '423', '423'])
	})

	it("locks the attacker's address only: the owner signs in from the owner's address meanwhile", async () => {
		const user = await patient()
		const attacker = address()
		expect((await wrongAnswers(user.email, attacker, 4)).at(-1)).toMatch(/^423/)
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: attacker })).toMatchObject({ ok: false, kind: 'locked' })
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({ ok: true })
	})

	it("holds back guesses spread over many addresses (the global back-off), but not the owner's usual address", async () => {
		const user = await patient()
		const usual = address()
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: usual })).toMatchObject({ ok: true })
		// LOGIN_ACCOUNT_GLOBAL_MAX_FAILURES (8) guesses, each from a new address.
		for (let attempt = 0; attempt < 8; attempt++) {
			expect(await authenticate({ email: user.email, password: `spread-${attempt}`, portal: 'patient', ipAddress: address() })).toMatchObject({
				kind: 'unauthenticated',
			})
		}
		checked.count = 0
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: address() })).toMatchObject({ ok: false, kind: 'locked' })
		expect(checked.count).toBe(0)
		// The admin's user page shows it.
		const [row] = await getDb().select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, user.id))
		expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000)
		expect(await authenticate({ email: user.email, password: PASSWORD, portal: 'patient', ipAddress: usual })).toMatchObject({ ok: true })
	})
})
