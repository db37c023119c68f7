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
import { getDb, getSql } from '#db/client.ts'
import { createAppointment, AppointmentFormSchema, getAppointment } from '#server/appointments/index.ts'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
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
				await callRoute(
					appointmentReschedule.action as RouteHandler,
					formPost(`/appointments/${appointmentId}/reschedule`, fields, patient.cookie),
					{ appointmentId },
				),
				`reschedule ${field}`,
				{ fieldMessage },
			)
		}
		expectRefused(
			await callRoute(appointmentDetail.action as RouteHandler, formPost(`/appointments/${appointmentId}`, { intent: 'cancel', reason: HOSTILE }, patient.cookie), {
				appointmentId,
			}),
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
		expectRefused(
			await callRoute(appointmentIcs.loader as RouteHandler, get(`/api/appointments/${id}/ics`, patient.cookie), { appointmentId: HOSTILE }),
			'ics',
		)
		expectRefused(await callRoute(appointmentDetail.loader as RouteHandler, get(`/appointments/${id}`, patient.cookie), { appointmentId: HOSTILE }), 'appointment')
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
			return callRoute(upload.action as RouteHandler, new Request('http://localhost/api/documents/upload', { method: 'POST', body: form, headers: { cookie: patient.cookie } }))
		}
		expectRefused(await send('scan.png', { note: HOSTILE }), 'upload field', { fieldMessage: true })
		// The name is cleaned (control characters removed) before it is stored.
		const named = await send(`${MARKER}\u0000.png`, {})
		expect(named.status).toBe(201)
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
			...APPOINTMENT_TEXT_FIELDS.map((field) => ({ procedure: 'appointments.create', input: { ...values, [field]: HOSTILE }, mutation: true, fieldMessage: true })),
			...(['status', 'type', 'date', 'time'] as const).map((field) => ({ procedure: 'appointments.create', input: { ...values, [field]: HOSTILE }, mutation: true })),
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
