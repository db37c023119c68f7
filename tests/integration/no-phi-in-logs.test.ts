/**
 * Issue 9, section 2: patient data, password hashes and SQL never reach the
 * logs or an error answer. Every form and procedure that takes text is
 * driven with a marker plus a NUL byte (PostgreSQL refuses NUL in text, and
 * the driver's error carries the statement and its parameters), the way the
 * server runs them: the route modules' actions and loaders with real
 * requests (an unexpected error goes to entry.server's handleError, as Remix
 * does), and tRPC through the real /api/trpc route. Everything the process
 * writes is captured.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { Logger, runOnce } from 'graphile-worker'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { handleError } from '#app/entry.server.tsx'
import { TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import * as apiTrpc from '#app/routes/api.trpc.$.ts'
import * as upload from '#app/routes/api.documents.upload.ts'
import * as documentFile from '#app/routes/api.documents.$documentId.file.ts'
import * as appointmentIcs from '#app/routes/api.appointments.$appointmentId.ics.ts'
import * as calendarFeed from '#app/routes/calendar.$token.ts'
import * as register from '#app/routes/_auth.register.tsx'
import * as patientLogin from '#app/routes/_auth.login.tsx'
import * as adminLogin from '#app/routes/admin_.login.tsx'
import * as appointmentList from '#app/routes/_patient.appointments._index.tsx'
import * as appointmentNew from '#app/routes/_patient.appointments.new.tsx'
import * as appointmentEdit from '#app/routes/_patient.appointments.$appointmentId.edit.tsx'
import * as appointmentReschedule from '#app/routes/_patient.appointments.$appointmentId.reschedule.tsx'
import * as appointmentDetail from '#app/routes/_patient.appointments.$appointmentId._index.tsx'
import * as records from '#app/routes/_patient.records._index.tsx'
import * as recordDetail from '#app/routes/_patient.records.$documentId.tsx'
import * as trends from '#app/routes/_patient.trends.tsx'
import * as profile from '#app/routes/_patient.profile.tsx'
import * as settings from '#app/routes/_patient.settings.tsx'
import * as apiKeysPage from '#app/routes/_patient.settings_.api-keys.tsx'
import * as subscriptionPage from '#app/routes/_patient.subscription.tsx'
import * as forgotPassword from '#app/routes/_auth.forgot-password.tsx'
import * as resetPassword from '#app/routes/_auth.reset-password.tsx'
import * as confirmEmail from '#app/routes/_auth.account.confirm-email.tsx'
import * as loginTwoFactor from '#app/routes/_auth.login_.two-factor.tsx'
import * as shareRecords from '#app/routes/_patient.share-records.tsx'
import * as sharedPage from '#app/routes/shared.$token.tsx'
import * as sharedFile from '#app/routes/shared.$token_.files.$documentId.ts'
import * as medicationList from '#app/routes/_patient.medications._index.tsx'
import * as medicationNew from '#app/routes/_patient.medications.new.tsx'
import * as medicationEdit from '#app/routes/_patient.medications.$medicationId.edit.tsx'
import * as medicationDetail from '#app/routes/_patient.medications.$medicationId._index.tsx'
import * as searchPage from '#app/routes/_patient.search.tsx'
import * as notificationsPage from '#app/routes/_patient.notifications.tsx'
import * as restApi from '#app/routes/api.v1.$.ts'
import * as dataExportFile from '#app/routes/settings.exports.$exportId.ts'
import { getDb, getSql } from '#db/client.ts'
import { createAppointment, AppointmentFormSchema, getAppointment } from '#server/appointments/index.ts'
import { createApiKey } from '#server/api/index.ts'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { createMedication } from '#server/medications/index.ts'
import { createShareLink } from '#server/sharing/index.ts'
import { patientWithSubscription, storedDocumentOfSize } from '#tests/support/billing-fixture.ts'
import { withRedactedTaskErrors } from '#server/jobs/redacted-task.ts'
import { workerLogFactory } from '#server/jobs/worker-log.ts'
import { TRPC_MESSAGES } from '#server/trpc/init.ts'
import { captureProcessOutput, SQL_OR_SECRETS } from '#tests/support/captured-output.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-no-phi-${randomUUID()}`)
const { url: databaseUrl } = useTestDatabase()

const MARKER = `PHI-MARKER-${randomBytes(4).toString('hex')}`
const HOSTILE = `${MARKER}\u0000x`
const NOT_ALLOWED = TEXT_MESSAGES.notAllowedCharacters
const SQL = SQL_OR_SECRETS

type Answer = { status: number; body: string }
type RouteArgs = { request: Request; params: Record<string, string>; context: { requestId: string; cspNonce: string; clientIp: string } }
type RouteHandler = (args: RouteArgs) => Promise<unknown>

let written: string[] = []

beforeAll(() => {
	vi.stubEnv('LOG_LEVEL', 'debug')
	written = captureProcessOutput()
})

afterAll(() => {
	vi.restoreAllMocks()
	vi.unstubAllEnvs()
})

beforeEach(() => {
	written.length = 0
})

/** Everything written so far: never the marker, never SQL. */
function expectCleanLogs() {
	const output = written.join('\n')
	expect(output).not.toContain(MARKER)
	expect(output).not.toMatch(SQL)
	return output
}

function isDataWithInit(value: unknown): value is { data: unknown; init: { status?: number } | null } {
	return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'
}

async function answerOf(value: unknown): Promise<Answer> {
	if (value instanceof Response) return { status: value.status, body: await value.text() }
	if (isDataWithInit(value)) return { status: value.init?.status ?? 200, body: JSON.stringify(value.data) }
	return { status: 200, body: JSON.stringify(value ?? null) }
}

let addressCounter = 0

/** Runs a loader or an action as Remix does: thrown responses are answers, anything else goes to handleError. */
async function callRoute(handler: RouteHandler, request: Request, params: Record<string, string> = {}): Promise<Answer> {
	addressCounter++
	const args: RouteArgs = {
		request,
		params,
		context: { requestId: randomUUID(), cspNonce: 'nonce', clientIp: `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}` },
	}
	try {
		return await answerOf(await handler(args))
	} catch (thrown) {
		if (thrown instanceof Response || isDataWithInit(thrown)) return answerOf(thrown)
		handleError(thrown, args)
		// What development mode shows the browser: the error's message.
		return { status: 500, body: thrown instanceof Error ? thrown.message : String(thrown) }
	}
}

/** The answer without Conform's echo of the submitted values (the form keeps what the person typed). */
function shownText(answer: Answer) {
	try {
		return JSON.stringify(JSON.parse(answer.body), (key, value) => (key === 'initialValue' ? undefined : value))
	} catch {
		return answer.body
	}
}

function expectRefused(answer: Answer, label: string, options: { fieldMessage?: boolean } = {}) {
	expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
	expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500)
	const shown = shownText(answer)
	expect(shown, label).not.toContain(MARKER)
	expect(shown, label).not.toMatch(SQL)
	if (options.fieldMessage) expect(shown, label).toContain(NOT_ALLOWED)
}

function formPost(url: string, fields: Record<string, string>, cookie?: string) {
	return new Request(`http://localhost${url}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: cookie ? { cookie } : {},
	})
}

function get(url: string, cookie?: string) {
	return new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} })
}

async function signedInPatient() {
	const { user, organization } = await registerPatient({
		name: 'Leak Test',
		email: `leak-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { userId: user.id, organizationId: organization.id, cookie: `${SESSION_COOKIE.patient}=${session.token}` }
}

const APPOINTMENT_FORM = {
	title: 'Annual physical',
	provider: 'Dr. Rivera',
	specialty: 'Primary care',
	location: 'Main clinic',
	notes: 'Bring the list of medicines',
	contactPhone: '(555) 010-2000',
	contactEmail: 'desk@clinic.example',
	durationMinutes: '30',
	status: 'confirmed',
	type: 'checkup',
	date: '2031-05-14',
	time: '09:30',
	timeZone: 'America/New_York',
}
const APPOINTMENT_TEXT_FIELDS = ['title', 'provider', 'specialty', 'location', 'notes', 'contactPhone', 'contactEmail', 'timeZone'] as const

async function appointmentOf(patient: { userId: string; organizationId: string }) {
	const values = AppointmentFormSchema.parse({ ...APPOINTMENT_FORM, durationMinutes: 30 })
	const result = await createAppointment(patient, values, { fallbackTimeZone: 'America/New_York' })
	if (!result.ok) throw new Error('appointment not created')
	return result.appointment.id
}

describe('sign-up and sign-in refuse a NUL byte with a field message', () => {
	it('registration: each field', async () => {
		const valid = { name: 'Ann Lee', email: `ann-${randomUUID()}@example.test`, password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' }
		const cases: Record<string, Record<string, string>> = {
			name: { ...valid, name: HOSTILE },
			email: { ...valid, email: `${MARKER}\u0000@example.test` },
			password: { ...valid, password: HOSTILE, confirmPassword: HOSTILE },
			tooLong: { ...valid, name: `${MARKER}${'x'.repeat(300)}` },
		}
		for (const [label, fields] of Object.entries(cases)) {
			const answer = await callRoute(register.action as RouteHandler, formPost('/register', fields))
			expectRefused(answer, `register ${label}`, { fieldMessage: label !== 'tooLong' })
			if (label === 'tooLong') expect(answer.body).toContain(TEXT_MESSAGES.tooLong(200))
		}
		const [created] = await getSql()<{ n: number }[]>`select count(*)::int as n from app.users where name like ${`%${MARKER}%`} or email like ${`%${MARKER}%`}`
		expect(created!.n).toBe(0)
		expectCleanLogs()
	})

	it('patient and admin sign-in: e-mail and password', async () => {
		for (const [label, route, url] of [
			['patient', patientLogin, '/login'],
			['admin', adminLogin, '/admin/login'],
		] as const) {
			for (const fields of [
				{ email: `${MARKER}\u0000@example.test`, password: 'Correct-horse-9' },
				{ email: 'someone@example.test', password: HOSTILE },
			]) {
				const answer = await callRoute(route.action as RouteHandler, formPost(url, fields))
				expectRefused(answer, `${label} sign-in`, { fieldMessage: true })
			}
		}
		expectCleanLogs()
	})
})

describe('appointment forms refuse a NUL byte in every text field', () => {
	it('new, edit, reschedule and cancel', async () => {
		const patient = await signedInPatient()
		const appointmentId = await appointmentOf(patient)
		for (const field of APPOINTMENT_TEXT_FIELDS) {
			const fields = { ...APPOINTMENT_FORM, [field]: HOSTILE }
			expectRefused(await callRoute(appointmentNew.action as RouteHandler, formPost('/appointments/new', fields, patient.cookie)), `new ${field}`, {
				fieldMessage: true,
			})
			expectRefused(
				await callRoute(appointmentEdit.action as RouteHandler, formPost(`/appointments/${appointmentId}/edit`, fields, patient.cookie), { appointmentId }),
				`edit ${field}`,
				{ fieldMessage: true },
			)
		}
		for (const field of ['date', 'time', 'status', 'type', 'durationMinutes']) {
			const fields = { ...APPOINTMENT_FORM, [field]: HOSTILE }
			expectRefused(await callRoute(appointmentNew.action as RouteHandler, formPost('/appointments/new', fields, patient.cookie)), `new ${field}`)
		}
		for (const [field, fieldMessage] of [
			['reason', true],
			['timeZone', true],
			['date', false],
			['time', false],
		] as const) {
			const fields = { date: '2031-06-01', time: '10:00', reason: 'Clash at work', timeZone: 'America/New_York', [field]: HOSTILE }
			expectRefused(
				await callRoute(appointmentReschedule.action as RouteHandler, formPost(`/appointments/${appointmentId}/reschedule`, fields, patient.cookie), {
					appointmentId,
				}),
				`reschedule ${field}`,
				{ fieldMessage },
			)
		}
		expectRefused(
			await callRoute(
				appointmentDetail.action as RouteHandler,
				formPost(`/appointments/${appointmentId}`, { intent: 'cancel', reason: HOSTILE }, patient.cookie),
				{
					appointmentId,
				},
			),
			'cancel reason',
			{ fieldMessage: true },
		)
		// The list's time-zone report: refused without a query.
		const zone = await callRoute(appointmentList.action as RouteHandler, formPost('/appointments', { intent: 'time-zone', timeZone: HOSTILE }, patient.cookie))
		expect(zone.body).toBe(JSON.stringify({ ok: false }))

		const stored = await getAppointment(patient, appointmentId)
		expect(stored).toMatchObject({ title: APPOINTMENT_FORM.title, status: 'confirmed' })
		expectCleanLogs()
	})

	it("the list's search and filters: the search box shows the field message and nothing is searched with it", async () => {
		const patient = await signedInPatient()
		const query = new URLSearchParams({ q: HOSTILE, doctor: HOSTILE, specialty: HOSTILE, from: HOSTILE, status: HOSTILE })
		const answer = await callRoute(appointmentList.loader as RouteHandler, get(`/appointments?${query}`, patient.cookie))
		expect(answer.status).toBe(200)
		const data = JSON.parse(answer.body) as { page: { searchError: string | null; filters: { q: string; doctors: string[]; specialties: string[] } } }
		expect(data.page.searchError).toBe(NOT_ALLOWED)
		expect(data.page.filters).toMatchObject({ q: '', doctors: [], specialties: [] })
		expect(answer.body).not.toContain(MARKER)
		expectCleanLogs()
	})
})

describe('health forms refuse a NUL byte before any query', () => {
	it('manual readings, risk profile, delete and an unknown intent', async () => {
		const patient = await signedInPatient()
		const posts: [string, Record<string, string>][] = [
			['reading date', { intent: 'add-reading', kind: 'weight', date: HOSTILE, weight: '70', weightUnit: 'kg' }],
			['reading unit', { intent: 'add-reading', kind: 'weight', date: '2024-01-05', weight: '70', weightUnit: HOSTILE }],
			['reading value', { intent: 'add-reading', kind: 'glucose', date: '2024-01-05', glucose: HOSTILE }],
			['reading kind', { intent: 'add-reading', kind: HOSTILE, date: '2024-01-05' }],
			['profile birth date', { intent: 'save-profile', dateOfBirth: HOSTILE }],
			['profile sex', { intent: 'save-profile', sex: HOSTILE, isSmoker: HOSTILE, raceGroup: HOSTILE }],
			['delete id', { intent: 'delete-reading', id: HOSTILE }],
			['intent', { intent: HOSTILE }],
		]
		for (const [label, fields] of posts) {
			expectRefused(await callRoute(trends.action as RouteHandler, formPost('/trends', fields, patient.cookie)), label)
		}
		expectCleanLogs()
	})
})

describe('records, document and calendar addresses', () => {
	it('the records search shows the field message and runs no search with the text', async () => {
		const patient = await signedInPatient()
		const answer = await callRoute(records.loader as RouteHandler, get(`/records?${new URLSearchParams({ q: HOSTILE })}`, patient.cookie))
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.body)).toMatchObject({ tab: 'timeline', query: '', searchError: NOT_ALLOWED, documents: [] })
		expect(answer.body).not.toContain(MARKER)
		expectCleanLogs()
	})

	it('document, appointment and feed addresses with a NUL byte answer not found', async () => {
		const patient = await signedInPatient()
		const id = encodeURIComponent(HOSTILE)
		expectRefused(await callRoute(recordDetail.loader as RouteHandler, get(`/records/${id}`, patient.cookie), { documentId: HOSTILE }), 'record')
		expectRefused(
			await callRoute(documentFile.loader as RouteHandler, get(`/api/documents/${id}/file?expires=1&sig=${id}`, patient.cookie), { documentId: HOSTILE }),
			'file',
		)
		expectRefused(await callRoute(appointmentIcs.loader as RouteHandler, get(`/api/appointments/${id}/ics`, patient.cookie), { appointmentId: HOSTILE }), 'ics')
		expectRefused(
			await callRoute(appointmentDetail.loader as RouteHandler, get(`/appointments/${id}`, patient.cookie), { appointmentId: HOSTILE }),
			'appointment',
		)
		expectRefused(await callRoute(calendarFeed.loader as RouteHandler, get(`/calendar/${id}.ics`), { token: `${HOSTILE}.ics` }), 'calendar feed')
		expectCleanLogs()
	})

	it("the upload's other fields and the file's name", async () => {
		const patient = await signedInPatient()
		const png = await readFile(path.resolve('../shared/fixtures/documents/scan/IMG_4417.png'))
		const send = (fileName: string, fields: Record<string, string>) => {
			const form = new FormData()
			for (const [name, value] of Object.entries(fields)) form.append(name, value)
			form.append('file', new Blob([png], { type: 'image/png' }), fileName)
			return callRoute(
				upload.action as RouteHandler,
				new Request('http://localhost/api/documents/upload', { method: 'POST', body: form, headers: { cookie: patient.cookie } }),
			)
		}
		expectRefused(await send('scan.png', { note: HOSTILE }), 'upload field', { fieldMessage: true })
		// A control character (a NUL) no browser sends breaks the part's header, which the
		// multipart parser refuses (400, decision 006), without the name in the answer or the logs.
		const named = await send(`${MARKER}\u0000.png`, {})
		expect(named.status).toBe(400)
		expect(named.body).not.toContain(MARKER)
		expectCleanLogs()
	})
})

type TrpcCase = { procedure: string; input: unknown; mutation?: boolean; fieldMessage?: boolean }

async function callTrpc(cookie: string, { procedure, input, mutation }: TrpcCase): Promise<Answer> {
	const payload = JSON.stringify({ json: input })
	const request = mutation
		? new Request(`http://localhost/api/trpc/${procedure}`, { method: 'POST', body: payload, headers: { cookie, 'content-type': 'application/json' } })
		: new Request(`http://localhost/api/trpc/${procedure}?input=${encodeURIComponent(payload)}`, { headers: { cookie } })
	return callRoute((mutation ? apiTrpc.action : apiTrpc.loader) as RouteHandler, request)
}

describe('tRPC procedures', () => {
	it('every procedure that takes text refuses a NUL byte with a validation message that never repeats the value', async () => {
		const patient = await signedInPatient()
		const appointmentId = await appointmentOf(patient)
		const values = { ...APPOINTMENT_FORM, durationMinutes: 30 }
		const cases: TrpcCase[] = [
			{ procedure: 'documents.list', input: { query: HOSTILE }, fieldMessage: true },
			{ procedure: 'documents.get', input: { id: HOSTILE } },
			{ procedure: 'documents.byIds', input: { ids: [HOSTILE] } },
			{ procedure: 'documents.compare', input: { left: HOSTILE, right: '2024-01-01' } },
			{ procedure: 'documents.downloadLink', input: { id: HOSTILE }, mutation: true },
			{ procedure: 'documents.delete', input: { id: HOSTILE }, mutation: true },
			{ procedure: 'documents.retry', input: { id: HOSTILE }, mutation: true },
			{ procedure: 'health.parameters', input: { code: HOSTILE }, fieldMessage: true },
			{ procedure: 'health.parameters', input: { since: HOSTILE } },
			{ procedure: 'health.parameterTrends', input: { code: HOSTILE }, fieldMessage: true },
			{ procedure: 'health.metricCards', input: { range: HOSTILE } },
			{ procedure: 'health.metricSeries', input: { metric: HOSTILE, range: '6m' } },
			{ procedure: 'health.addReading', input: { kind: 'weight', date: HOSTILE, weight: 70, weightUnit: 'kg' }, mutation: true },
			{ procedure: 'health.addReading', input: { kind: 'weight', date: '2024-01-05', weight: 70, weightUnit: HOSTILE }, mutation: true },
			{ procedure: 'health.addReading', input: { kind: HOSTILE, date: '2024-01-05' }, mutation: true },
			{ procedure: 'health.deleteReading', input: { id: HOSTILE }, mutation: true },
			{
				procedure: 'health.saveProfile',
				input: { dateOfBirth: HOSTILE, sex: null, raceGroup: null, isSmoker: null, isTreatedForHypertension: null, hasDiabetes: null },
				mutation: true,
			},
			{
				procedure: 'health.saveProfile',
				input: { dateOfBirth: null, sex: HOSTILE, raceGroup: HOSTILE, isSmoker: null, isTreatedForHypertension: null, hasDiabetes: null },
				mutation: true,
			},
			{ procedure: 'appointments.list', input: { q: HOSTILE }, fieldMessage: true },
			{ procedure: 'appointments.list', input: { doctor: [HOSTILE] }, fieldMessage: true },
			{ procedure: 'appointments.list', input: { specialty: [HOSTILE] }, fieldMessage: true },
			{ procedure: 'appointments.list', input: { status: [HOSTILE] }, fieldMessage: true },
			{ procedure: 'appointments.list', input: { date: HOSTILE, from: HOSTILE, to: HOSTILE }, fieldMessage: true },
			{ procedure: 'appointments.list', input: { tab: HOSTILE } },
			{ procedure: 'appointments.get', input: { id: HOSTILE } },
			{ procedure: 'appointments.delete', input: { id: HOSTILE }, mutation: true },
			...APPOINTMENT_TEXT_FIELDS.map((field) => ({
				procedure: 'appointments.create',
				input: { ...values, [field]: HOSTILE },
				mutation: true,
				fieldMessage: true,
			})),
			...(['status', 'type', 'date', 'time'] as const).map((field) => ({
				procedure: 'appointments.create',
				input: { ...values, [field]: HOSTILE },
				mutation: true,
			})),
			...APPOINTMENT_TEXT_FIELDS.map((field) => ({
				procedure: 'appointments.update',
				input: { id: appointmentId, values: { ...values, [field]: HOSTILE } },
				mutation: true,
				fieldMessage: true,
			})),
			{
				procedure: 'appointments.reschedule',
				input: { id: appointmentId, values: { date: '2031-06-01', time: '10:00', reason: HOSTILE } },
				mutation: true,
				fieldMessage: true,
			},
			{ procedure: 'appointments.reschedule', input: { id: appointmentId, values: { date: HOSTILE, time: HOSTILE } }, mutation: true },
			{ procedure: 'appointments.cancel', input: { id: appointmentId, values: { reason: HOSTILE } }, mutation: true, fieldMessage: true },
		]
		for (const testCase of cases) {
			const answer = await callTrpc(patient.cookie, testCase)
			expectRefused(answer, `${testCase.procedure} ${JSON.stringify(testCase.input).slice(0, 80)}`, { fieldMessage: testCase.fieldMessage })
			expect(answer.body).not.toContain('stack')
		}
		expect(await getAppointment(patient, appointmentId)).toMatchObject({ title: APPOINTMENT_FORM.title, status: 'confirmed' })
		expectCleanLogs()
	})

	it('an unknown procedure path is not repeated back', async () => {
		const patient = await signedInPatient()
		const answer = await callTrpc(patient.cookie, { procedure: `documents.${MARKER}`, input: {} })
		expect(answer.status).toBe(404)
		expect(answer.body).not.toContain(MARKER)
		expectCleanLogs()
	})
})

describe('an unexpected database error', () => {
	/** A patient whose tenant schema is gone: every query on their records fails in PostgreSQL. */
	async function patientWithBrokenTenant() {
		const patient = await signedInPatient()
		const [organization] = await getSql()<{ schema_name: string }[]>`select schema_name from app.organizations where id = ${patient.organizationId}`
		await getSql().unsafe(`drop schema "${organization!.schema_name}" cascade`)
		return patient
	}

	it('is answered by tRPC with the generic message and logged once with procedure, code and request id', async () => {
		const patient = await patientWithBrokenTenant()
		const search = await callTrpc(patient.cookie, { procedure: 'documents.list', input: { query: MARKER } })
		expect(search.status).toBe(500)
		expect(JSON.parse(search.body).error.json.message).toBe(TRPC_MESSAGES.serverError)
		expect(search.body).not.toContain(MARKER)
		expect(search.body).not.toMatch(SQL)
		expect(search.body).not.toContain('stack')

		const create = await callTrpc(patient.cookie, {
			procedure: 'appointments.create',
			input: { ...APPOINTMENT_FORM, durationMinutes: 30, notes: `${MARKER} allergic to penicillin` },
			mutation: true,
		})
		expect(create.status).toBe(500)
		expect(JSON.parse(create.body).error.json.message).toBe(TRPC_MESSAGES.serverError)

		const output = expectCleanLogs()
		const lines = output
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as Record<string, unknown>)
		const errors = lines.filter((line) => line.event === 'trpc.error')
		expect(errors.map((line) => line.procedure)).toEqual(['documents.list', 'appointments.create'])
		for (const line of errors) {
			expect(line).toMatchObject({ level: 'error', trpcCode: 'INTERNAL_SERVER_ERROR', errorCode: '42P01' })
			expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/)
		}
	})

	it("in a page's loader or action goes to handleError, logged with route pattern and code only", async () => {
		const patient = await patientWithBrokenTenant()
		const search = await callRoute(records.loader as RouteHandler, get(`/records?${new URLSearchParams({ q: MARKER })}`, patient.cookie))
		expect(search.status).toBe(500)
		const notes = await callRoute(
			appointmentNew.action as RouteHandler,
			formPost('/appointments/new', { ...APPOINTMENT_FORM, notes: `${MARKER} allergic to penicillin` }, patient.cookie),
		)
		expect(notes.status).toBe(500)
		const output = expectCleanLogs()
		const errors = output
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as Record<string, unknown>)
			.filter((line) => line.event === 'remix.error')
		expect(errors).toHaveLength(2)
		expect(errors[0]).toMatchObject({ method: 'GET', route: '/records', errorCode: '42P01' })
		expect(errors[1]).toMatchObject({ method: 'POST', route: '/appointments/new', errorCode: '42P01' })
	})

	it('in the upload route is answered with its message and logged with the code only', async () => {
		const patient = await patientWithBrokenTenant()
		const form = new FormData()
		form.append('file', new Blob([await readFile(path.resolve('../shared/fixtures/documents/scan/IMG_4417.png'))], { type: 'image/png' }), `${MARKER}.png`)
		const answer = await callRoute(
			upload.action as RouteHandler,
			new Request('http://localhost/api/documents/upload', { method: 'POST', body: form, headers: { cookie: patient.cookie } }),
		)
		expect(answer.status).toBe(500)
		expect(answer.body).not.toContain(MARKER)
		expect(expectCleanLogs()).toContain('"event":"documents.upload_failed"')
	})
})

describe('worker task failures', () => {
	it("are logged and kept with the task, job and code, never the error's text", async () => {
		const [job] = await getSql()<{ id: string }[]>`select id from graphile_worker.add_job('leak_test', json_build_object('n', 1), max_attempts := 1)`
		await runOnce({
			connectionString: databaseUrl,
			// Wrapped as the worker's task list is (server/jobs/task-list.ts).
			taskList: withRedactedTaskErrors({
				// A task whose query fails in PostgreSQL, as a document's text with a NUL byte would.
				leak_test: async () => {
					await getDb().execute(sql`select ${HOSTILE}::text as value`)
				},
			}),
			logger: new Logger(workerLogFactory(() => false)),
		})
		// graphile-worker keeps the error's message with the job: only the class and code.
		const [stored] = await getSql()<{ last_error: string | null }[]>`select last_error from graphile_worker.jobs where id = ${job!.id}`
		expect(stored!.last_error).toBe('Error/PostgresError (22021)')
		expect(stored!.last_error).not.toContain(MARKER)
		const output = expectCleanLogs()
		const failure = output
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as Record<string, unknown>)
			.find((line) => line.event === 'worker.log' && line.workerMessage === 'Failed task')
		expect(failure).toMatchObject({ taskIdentifier: 'leak_test', attempt: 1, maxAttempts: 1, errorCode: '22021' })
	})
})

/** An answer that may succeed (a form without text fields ignores an extra one) but never shows the marker or SQL. */
function expectClean(answer: Answer, label: string) {
	expect(answer.status, `${label}: ${answer.body.slice(0, 300)}`).toBeLessThan(500)
	const shown = shownText(answer)
	expect(shown, label).not.toContain(MARKER)
	expect(shown, label).not.toMatch(SQL)
}

describe('account, sharing, medications, search, subscription and API forms (issues 12 to 15)', () => {
	it('profile and every settings form: preferences, password, two-factor, theme, export and deactivate', async () => {
		const patient = await signedInPatient()
		const profileForm = {
			name: 'Leak Test',
			email: `leak-${randomUUID()}@example.test`,
			phone: '+1 555 010 2000',
			dateOfBirth: '1980-02-03',
			sex: 'female',
			timeZone: 'America/New_York',
			currentPassword: 'Correct-horse-9',
		}
		for (const field of ['name', 'email', 'phone', 'timeZone', 'currentPassword'] as const) {
			expectRefused(
				await callRoute(profile.action as RouteHandler, formPost('/profile', { ...profileForm, [field]: HOSTILE }, patient.cookie)),
				`profile ${field}`,
				{ fieldMessage: true },
			)
		}
		for (const field of ['dateOfBirth', 'sex'] as const) {
			expectRefused(
				await callRoute(profile.action as RouteHandler, formPost('/profile', { ...profileForm, [field]: HOSTILE }, patient.cookie)),
				`profile ${field}`,
			)
		}
		const [stored] = await getSql()<
			{ n: number }[]
		>`select count(*)::int as n from app.users where name like ${`%${MARKER}%`} or email like ${`%${MARKER}%`} or phone like ${`%${MARKER}%`}`
		expect(stored!.n).toBe(0)

		const passwords = { currentPassword: 'Correct-horse-9', newPassword: 'Another-horse-10', confirmPassword: 'Another-horse-10' }
		for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
			expectRefused(
				await callRoute(settings.action as RouteHandler, formPost('/settings', { intent: 'password', ...passwords, [field]: HOSTILE }, patient.cookie)),
				`password ${field}`,
				{
					fieldMessage: true,
				},
			)
		}
		for (const intent of ['2fa-confirm', '2fa-disable']) {
			expectRefused(await callRoute(settings.action as RouteHandler, formPost('/settings', { intent, code: HOSTILE }, patient.cookie)), `${intent} code`)
		}
		expectRefused(await callRoute(settings.action as RouteHandler, formPost('/settings', { intent: 'theme', theme: HOSTILE }, patient.cookie)), 'theme')
		expectRefused(await callRoute(settings.action as RouteHandler, formPost('/settings', { intent: HOSTILE }, patient.cookie)), 'unknown intent')
		// Check boxes read only 'on': anything else is off, and the marker is not kept.
		expectClean(
			await callRoute(
				settings.action as RouteHandler,
				formPost('/settings', { intent: 'preferences', emailNotifications: HOSTILE, inAppNotifications: HOSTILE }, patient.cookie),
			),
			'preferences',
		)
		expectClean(await callRoute(settings.action as RouteHandler, formPost('/settings', { intent: 'export', note: HOSTILE }, patient.cookie)), 'export')
		expectRefused(
			await callRoute(dataExportFile.loader as RouteHandler, get(`/settings/exports/${encodeURIComponent(HOSTILE)}`, patient.cookie), { exportId: HOSTILE }),
			'export file',
		)
		expectClean(await callRoute(settings.action as RouteHandler, formPost('/settings', { intent: 'deactivate', note: HOSTILE }, patient.cookie)), 'deactivate')
		expectCleanLogs()
	})

	it('forgot and reset password, the e-mail change confirmation and the sign-in code', async () => {
		expectRefused(
			await callRoute(forgotPassword.action as RouteHandler, formPost('/forgot-password', { email: `${MARKER}\u0000@example.test` })),
			'forgot email',
			{ fieldMessage: true },
		)
		expectClean(await callRoute(resetPassword.loader as RouteHandler, get(`/reset-password?${new URLSearchParams({ token: HOSTILE })}`)), 'reset page token')
		for (const fields of [
			{ token: HOSTILE, newPassword: 'Another-horse-10', confirmPassword: 'Another-horse-10' },
			{ token: 'a'.repeat(52), newPassword: HOSTILE, confirmPassword: HOSTILE },
		]) {
			expectRefused(await callRoute(resetPassword.action as RouteHandler, formPost('/reset-password', fields)), 'reset')
		}
		expectClean(
			await callRoute(confirmEmail.loader as RouteHandler, get(`/account/confirm-email?${new URLSearchParams({ token: HOSTILE })}`)),
			'confirm-email page',
		)
		expectClean(await callRoute(confirmEmail.action as RouteHandler, formPost('/account/confirm-email', { token: HOSTILE })), 'confirm-email')
		expectClean(await callRoute(loginTwoFactor.action as RouteHandler, formPost('/login/two-factor', { code: HOSTILE })), 'sign-in code')
		expectCleanLogs()
	})

	it('share-records forms, the shared page, its passcode and its files', async () => {
		const patient = await signedInPatient()
		const documentId = await storedDocumentOfSize(patient, 1000)
		for (const [label, fields] of [
			['passcode', { intent: 'generate-link', documentIds: documentId, expiry: '7d', passcode: HOSTILE }],
			['recipient', { intent: 'share-email', documentIds: documentId, expiry: '7d', recipientEmail: `${MARKER}\u0000@example.test` }],
		] as const) {
			expectRefused(await callRoute(shareRecords.action as RouteHandler, formPost('/share-records', fields, patient.cookie)), `share ${label}`, {
				fieldMessage: true,
			})
		}
		for (const [label, fields] of [
			['document id', { intent: 'generate-link', documentIds: HOSTILE }],
			['expiry', { intent: 'generate-link', documentIds: documentId, expiry: HOSTILE }],
			['revoke id', { intent: 'revoke', shareId: HOSTILE }],
			['intent', { intent: HOSTILE }],
		] as const) {
			expectRefused(await callRoute(shareRecords.action as RouteHandler, formPost('/share-records', fields, patient.cookie)), `share ${label}`)
		}
		const page = await callRoute(shareRecords.loader as RouteHandler, get(`/share-records?${new URLSearchParams({ q: HOSTILE })}`, patient.cookie))
		expectClean(page, 'share page search')
		const [shares] = await getSql()<{ n: number }[]>`select count(*)::int as n from app.share_tokens where organization_id = ${patient.organizationId}`
		expect(shares!.n).toBe(0)

		const share = await createShareLink(
			patient,
			{ documentIds: [documentId], expiry: '7d', passcode: 'open-sesame' },
			new Request('http://localhost/share-records'),
		)
		if (!share.ok) throw new Error('share not created')
		const token = share.url.split('/shared/')[1]!
		expectRefused(await callRoute(sharedPage.action as RouteHandler, formPost(`/shared/${token}`, { passcode: HOSTILE }), { token }), 'shared passcode', {
			fieldMessage: true,
		})
		expectRefused(await callRoute(sharedPage.loader as RouteHandler, get(`/shared/${encodeURIComponent(HOSTILE)}`), { token: HOSTILE }), 'shared token')
		expectRefused(
			await callRoute(sharedPage.action as RouteHandler, formPost(`/shared/${encodeURIComponent(HOSTILE)}`, { passcode: 'open-sesame' }), { token: HOSTILE }),
			'shared token passcode',
		)
		expectRefused(
			await callRoute(sharedFile.loader as RouteHandler, get(`/shared/${token}/files/${encodeURIComponent(HOSTILE)}`), { token, documentId: HOSTILE }),
			'shared file id',
		)
		expectCleanLogs()
	})

	it('medication forms and addresses', async () => {
		const patient = await signedInPatient()
		const { id } = await createMedication(patient, { name: 'Atorvastatin', dose: '20 mg', frequency: 'daily', startDate: '2024-01-05' })
		const form = { name: 'Atorvastatin', dose: '20 mg', frequency: 'daily', startDate: '2024-01-05' }
		for (const field of ['name', 'dose', 'frequency'] as const) {
			expectRefused(
				await callRoute(medicationNew.action as RouteHandler, formPost('/medications/new', { ...form, [field]: HOSTILE }, patient.cookie)),
				`new ${field}`,
				{ fieldMessage: true },
			)
			expectRefused(
				await callRoute(medicationEdit.action as RouteHandler, formPost(`/medications/${id}/edit`, { ...form, [field]: HOSTILE }, patient.cookie), {
					medicationId: id,
				}),
				`edit ${field}`,
				{ fieldMessage: true },
			)
		}
		expectRefused(
			await callRoute(medicationNew.action as RouteHandler, formPost('/medications/new', { ...form, startDate: HOSTILE }, patient.cookie)),
			'new start date',
		)
		const hostileId = encodeURIComponent(HOSTILE)
		expectRefused(
			await callRoute(medicationDetail.loader as RouteHandler, get(`/medications/${hostileId}`, patient.cookie), { medicationId: HOSTILE }),
			'medication page',
		)
		expectRefused(
			await callRoute(medicationDetail.action as RouteHandler, formPost(`/medications/${hostileId}`, {}, patient.cookie), { medicationId: HOSTILE }),
			'stop',
		)
		expectRefused(
			await callRoute(medicationEdit.loader as RouteHandler, get(`/medications/${hostileId}/edit`, patient.cookie), { medicationId: HOSTILE }),
			'edit page',
		)
		expectRefused(
			await callRoute(medicationEdit.action as RouteHandler, formPost(`/medications/${hostileId}/edit`, form, patient.cookie), { medicationId: HOSTILE }),
			'edit id',
		)
		const list = await callRoute(medicationList.loader as RouteHandler, get('/medications', patient.cookie))
		expect(JSON.parse(list.body).medications).toEqual([expect.objectContaining({ id, name: 'Atorvastatin', dose: '20 mg' })])
		expectCleanLogs()
	})

	it('search, notifications, subscription and API keys pages', async () => {
		const patient = await patientWithSubscription({ plan: 'professional' })
		const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
		const cookie = `${SESSION_COOKIE.patient}=${session.token}`
		const search = await callRoute(searchPage.loader as RouteHandler, get(`/search?${new URLSearchParams({ q: HOSTILE })}`, cookie))
		expect(search.status).toBe(200)
		expect(search.body).toContain(NOT_ALLOWED)
		expectClean(search, 'search page')
		expectClean(
			await callRoute(notificationsPage.loader as RouteHandler, get(`/notifications?${new URLSearchParams({ filter: HOSTILE })}`, cookie)),
			'notifications filter',
		)
		expectClean(
			await callRoute(notificationsPage.action as RouteHandler, formPost('/notifications', { intent: 'archive', id: HOSTILE }, cookie)),
			'notifications archive',
		)
		expectClean(
			await callRoute(notificationsPage.action as RouteHandler, formPost('/notifications', { intent: HOSTILE, id: randomUUID() }, cookie)),
			'notifications intent',
		)
		expectRefused(await callRoute(subscriptionPage.action as RouteHandler, formPost('/subscription', { intent: 'change-plan', plan: HOSTILE }, cookie)), 'plan')
		expectRefused(await callRoute(subscriptionPage.action as RouteHandler, formPost('/subscription', { intent: HOSTILE }, cookie)), 'subscription intent')
		// The page itself shows prices ('$29.99'), which the SQL pattern's '$1' would take for a parameter: the marker only.
		const plans = await callRoute(
			subscriptionPage.loader as RouteHandler,
			get(`/subscription?${new URLSearchParams({ confirm: HOSTILE, plan: HOSTILE })}`, cookie),
		)
		expect(plans.status).toBe(200)
		expect(plans.body).not.toContain(MARKER)
		expectRefused(
			await callRoute(apiKeysPage.action as RouteHandler, formPost('/settings/api-keys', { intent: 'create', name: HOSTILE }, cookie)),
			'api key name',
			{ fieldMessage: true },
		)
		expectRefused(
			await callRoute(apiKeysPage.action as RouteHandler, formPost('/settings/api-keys', { intent: 'revoke', keyId: HOSTILE }, cookie)),
			'api key revoke',
		)
		expectClean(
			await callRoute(apiKeysPage.loader as RouteHandler, get(`/settings/api-keys?${new URLSearchParams({ confirm: 'revoke', keyId: HOSTILE })}`, cookie)),
			'api keys page',
		)
		const [keys] = await getSql()<{ n: number }[]>`select count(*)::int as n from app.api_keys where name like ${`%${MARKER}%`}`
		expect(keys!.n).toBe(0)
		expectCleanLogs()
	})

	it('tRPC procedures of notifications, search and billing', async () => {
		const patient = await signedInPatient()
		const cases: TrpcCase[] = [
			{ procedure: 'search.typeahead', input: { q: HOSTILE }, fieldMessage: true },
			{ procedure: 'notifications.overview', input: { filter: HOSTILE } },
			{ procedure: 'notifications.setRead', input: { id: HOSTILE, isRead: true }, mutation: true },
			{ procedure: 'notifications.remove', input: { id: HOSTILE }, mutation: true },
			{ procedure: 'billing.upgrade', input: { plan: HOSTILE, paymentMethod: HOSTILE }, mutation: true },
			{ procedure: 'billing.createApiKey', input: { name: HOSTILE }, mutation: true, fieldMessage: true },
			{ procedure: 'billing.revokeApiKey', input: { id: HOSTILE }, mutation: true },
		]
		for (const testCase of cases) {
			const answer = await callTrpc(patient.cookie, testCase)
			expectRefused(answer, `${testCase.procedure} ${JSON.stringify(testCase.input).slice(0, 80)}`, { fieldMessage: testCase.fieldMessage })
			expect(answer.body).not.toContain('stack')
		}
		expectCleanLogs()
	})

	it('REST API inputs: paths, queries, bodies and the key itself', async () => {
		const patient = await patientWithSubscription({ plan: 'professional' })
		const created = await createApiKey(patient, 'Leak test')
		if (!created.ok) throw new Error(created.message)
		const documentId = await storedDocumentOfSize(patient, 1000)
		const api = (method: string, apiPath: string, options: { json?: unknown; key?: string } = {}) => {
			const headers = new Headers({ authorization: `Bearer ${options.key ?? created.key}` })
			if (options.json !== undefined) headers.set('content-type', 'application/json')
			const request = new Request(`http://localhost/api/v1${apiPath}`, {
				method,
				headers,
				body: options.json === undefined ? undefined : JSON.stringify(options.json),
			})
			return callRoute((method === 'GET' ? restApi.loader : restApi.action) as RouteHandler, request, { '*': apiPath.slice(1) })
		}
		const hostile = encodeURIComponent(HOSTILE)
		for (const [label, answer] of [
			['document id', await api('GET', `/documents/${hostile}`)],
			['download id', await api('GET', `/documents/${hostile}/download`)],
			['delete id', await api('DELETE', `/documents/${hostile}`)],
			['parameter code', await api('GET', `/health/parameters/${hostile}/trends`)],
			['trend days', await api('GET', `/health/trends?days=${hostile}`)],
			['share recipient', await api('POST', '/documents/share', { json: { documentId, recipientEmail: `${MARKER}\u0000@example.test` } })],
			['share passcode', await api('POST', '/documents/share', { json: { documentId, passcode: HOSTILE } })],
			['share document', await api('POST', '/documents/share', { json: { documentId: HOSTILE } })],
			['plan', await api('POST', '/subscriptions/upgrade', { json: { plan: HOSTILE } })],
			// A header cannot carry a NUL byte: an unknown key with the marker.
			['key', await api('GET', '/documents', { key: `cbk_${MARKER}` })],
			['path', await api('GET', `/${hostile}`)],
		] as const) {
			expectRefused(answer, `api ${label}`)
		}
		const [shares] = await getSql()<{ n: number }[]>`select count(*)::int as n from app.share_tokens where organization_id = ${patient.organizationId}`
		expect(shares!.n).toBe(0)
		expectCleanLogs()
	})
})
