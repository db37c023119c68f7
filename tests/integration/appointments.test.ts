import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, memberships, users } from '#db/schema/platform.ts'
import { appointmentChanges, appointments, notifications } from '#db/schema/tenant.ts'
import { REQUIRED_FIELDS_MESSAGE, RULE_MESSAGES, VALIDATION_MESSAGES } from '#server/appointments/shared/labels.ts'
import {
	AppointmentFormSchema,
	cancelAppointmentById,
	createAppointment,
	createCalendarFeed,
	deleteAppointment,
	deliverAppointmentReminder,
	getAppointment,
	getCalendarFeedStatus,
	getNextAppointment,
	listAppointments,
	loadAppointmentListPage,
	readCalendarFeed,
	rememberPatientTimeZone,
	reminderJobKey,
	rescheduleAppointmentById,
	revokeCalendarFeed,
	updateAppointment,
	type AppointmentFormValue,
	type Patient,
} from '#server/appointments/index.ts'
import { createSession, hashPassword, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { createCallerFactory, createTrpcContext } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

const NEW_YORK = 'America/New_York'

async function newPatient(label = 'patient'): Promise<Patient> {
	const { user, organization } = await registerPatient({
		name: 'Appointment Owner',
		email: `${label}-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	return { userId: user.id, organizationId: organization.id }
}

/** A second member of the patient's organization (records are still each member's own). */
async function memberOf(organizationId: string): Promise<Patient> {
	const [member] = await getDb()
		.insert(users)
		.values({ name: 'Family Member', email: `member-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9') })
		.returning({ id: users.id })
	await getDb().insert(memberships).values({ userId: member!.id, organizationId, role: 'user' })
	return { userId: member!.id, organizationId }
}

function formValues(overrides: Record<string, unknown> = {}): AppointmentFormValue {
	return AppointmentFormSchema.parse({
		title: 'Annual physical',
		provider: 'Dr. Sarah Johnson',
		specialty: 'Primary Care',
		location: 'Main Street Clinic',
		durationMinutes: 30,
		status: 'confirmed',
		date: '2030-03-05',
		time: '14:30',
		type: 'checkup',
		notes: 'Bring the insurance card',
		contactPhone: '+1 555 123 4567',
		contactEmail: 'Front.Desk@Clinic.example',
		timeZone: NEW_YORK,
		...overrides,
	})
}

async function create(patient: Patient, overrides: Record<string, unknown> = {}, now = new Date()) {
	const result = await createAppointment(patient, formValues(overrides), { now, fallbackTimeZone: 'UTC' })
	if (!result.ok) throw new Error(result.message)
	return result.appointment
}

async function reminderJobs(appointmentId: string) {
	const rows = await getDb().execute<{ key: string; run_at: Date; payload: { startsAt: string; kind: string } }>(
		sql`select key, run_at, payload from graphile_worker._private_jobs where key like ${`appointment-reminder:${appointmentId}:%`} order by run_at`,
	)
	return rows.map((row) => ({ key: row.key, runAt: new Date(row.run_at).toISOString(), startsAt: row.payload.startsAt, kind: row.payload.kind }))
}

async function eventsOf(patient: Patient) {
	return withTenant(patient.organizationId, (tx) =>
		tx
			.select({ type: notifications.type, title: notifications.title, message: notifications.message, link: notifications.link })
			.from(notifications)
			.where(eq(notifications.ownerId, patient.userId))
			.orderBy(notifications.createdAt),
	)
}

async function storedRow(patient: Patient, id: string) {
	const [row] = await withTenant(patient.organizationId, (tx) => tx.select().from(appointments).where(eq(appointments.id, id)))
	return row
}

describe('creating an appointment', () => {
	it('stores the local date and time as an instant in the given zone, with every field', async () => {
		const patient = await newPatient()
		const appointment = await create(patient)
		expect(appointment.startsAt.toISOString()).toBe('2030-03-05T19:30:00.000Z')
		const loaded = await getAppointment(patient, appointment.id)
		expect(loaded).toMatchObject({
			title: 'Annual physical',
			provider: 'Dr. Sarah Johnson',
			specialty: 'Primary Care',
			location: 'Main Street Clinic',
			type: 'checkup',
			status: 'confirmed',
			durationMinutes: 30,
			timeZone: NEW_YORK,
			notes: 'Bring the insurance card',
			contactPhone: '+1 555 123 4567',
			contactEmail: 'front.desk@clinic.example',
			cancelReason: null,
			history: [],
		})
	})

	it('queues reminders 24 hours and 1 hour before, keyed per appointment', async () => {
		const patient = await newPatient()
		const appointment = await create(patient)
		expect(await reminderJobs(appointment.id)).toEqual([
			{ key: reminderJobKey(appointment.id, '24h'), runAt: '2030-03-04T19:30:00.000Z', startsAt: '2030-03-05T19:30:00.000Z', kind: '24h' },
			{ key: reminderJobKey(appointment.id, '1h'), runAt: '2030-03-05T18:30:00.000Z', startsAt: '2030-03-05T19:30:00.000Z', kind: '1h' },
		])
	})

	it('skips a reminder whose time has already passed', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-05T15:00:00Z')
		const appointment = await create(patient, {}, now)
		expect((await reminderJobs(appointment.id)).map((job) => job.kind)).toEqual(['1h'])
	})

	it('writes appointment_confirmed for a confirmed appointment and nothing for a pending one', async () => {
		const patient = await newPatient()
		const confirmed = await create(patient)
		await create(patient, { status: 'pending', title: 'Flu shot' })
		expect(await eventsOf(patient)).toEqual([
			{
				type: 'appointment_confirmed',
				title: 'Appointment Confirmed',
				message: 'Annual physical with Dr. Sarah Johnson on Tuesday, March 5 at 2:30 PM is confirmed.',
				link: `/appointments/${confirmed.id}`,
			},
		])
	})

	it('writes no appointment_confirmed for a past visit the patient logs, and one for a visit still to come', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-10T12:00:00Z')
		await create(patient, { title: "Last week's check-up", date: '2030-03-03' }, now)
		await create(patient, { title: 'Earlier today', date: '2030-03-10', time: '06:00' }, now)
		expect(await eventsOf(patient)).toEqual([])
		const upcoming = await create(patient, { title: 'Next visit', date: '2030-03-12' }, now)
		expect((await eventsOf(patient)).map((event) => [event.type, event.link])).toEqual([['appointment_confirmed', `/appointments/${upcoming.id}`]])
	})

	it('audits the creation without the appointment content', async () => {
		const patient = await newPatient()
		const appointment = await create(patient)
		const entries = await getDb().select().from(auditLog).where(eq(auditLog.targetId, appointment.id))
		expect(entries.map((entry) => entry.action)).toEqual(['appointment.create'])
		expect(JSON.stringify(entries)).not.toMatch(/Johnson|physical|Clinic/)
	})
})

describe('invalid input through the procedures', () => {
	async function callerFor(patient: Patient) {
		const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
		const request = new Request('http://localhost/api/trpc', { headers: { cookie: `${SESSION_COOKIE.patient}=${session.token}` } })
		return createCallerFactory(appRouter)(createTrpcContext(request, '127.0.0.1'))
	}

	it('refuses a missing required field with the spec message and stores nothing', async () => {
		const patient = await newPatient()
		const caller = await callerFor(patient)
		const input = { title: '', provider: 'Dr. Who', specialty: 'Cardiology', durationMinutes: 30, status: 'confirmed', date: '2030-01-01', time: '09:00' }
		await expect(caller.appointments.create(input as never)).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			message: expect.stringContaining(REQUIRED_FIELDS_MESSAGE),
		})
		expect(await listAppointments(patient)).toEqual([])
	})

	it('refuses a date before 1900, a bad e-mail and a bad phone with their messages', async () => {
		const patient = await newPatient()
		const caller = await callerFor(patient)
		const base = { title: 'Visit', provider: 'Dr. Who', specialty: 'Cardiology', durationMinutes: 30, status: 'confirmed', time: '09:00' }
		await expect(caller.appointments.create({ ...base, date: '1899-12-31' } as never)).rejects.toMatchObject({
			message: expect.stringContaining(VALIDATION_MESSAGES.dateTooEarly),
		})
		await expect(caller.appointments.create({ ...base, date: '2030-01-01', contactEmail: 'not-an-email' } as never)).rejects.toMatchObject({
			message: expect.stringContaining(VALIDATION_MESSAGES.invalidEmail),
		})
		await expect(caller.appointments.create({ ...base, date: '2030-01-01', contactPhone: 'call me' } as never)).rejects.toMatchObject({
			message: expect.stringContaining(VALIDATION_MESSAGES.invalidPhone),
		})
		await expect(caller.appointments.create({ ...base, date: '2030-01-01', durationMinutes: 20 } as never)).rejects.toMatchObject({
			message: expect.stringContaining(VALIDATION_MESSAGES.invalidDuration),
		})
		expect(await listAppointments(patient)).toEqual([])
	})

	it('creates, edits, reschedules, cancels and deletes through the procedures', async () => {
		const patient = await newPatient()
		const caller = await callerFor(patient)
		const { appointment } = await caller.appointments.create({
			title: 'Dermatology check',
			provider: 'Dr. Lee',
			specialty: 'Dermatology',
			durationMinutes: 45,
			status: 'pending',
			date: '2031-06-10',
			time: '10:00',
			type: 'specialist',
			timeZone: 'Europe/Paris',
		})
		expect(appointment.startsAt.toISOString()).toBe('2031-06-10T08:00:00.000Z')
		// The first zone given is stored on the patient.
		const [user] = await getDb().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, patient.userId))
		expect(user!.timeZone).toBe('Europe/Paris')

		const updated = await caller.appointments.update({
			id: appointment.id,
			values: {
				title: 'Skin check',
				provider: 'Dr. Lee',
				specialty: 'Dermatology',
				durationMinutes: 60,
				status: 'confirmed',
				date: '2031-06-10',
				time: '10:00',
				type: 'specialist',
				timeZone: 'Europe/Paris',
			},
		})
		expect(updated.appointment).toMatchObject({ title: 'Skin check', durationMinutes: 60, status: 'confirmed' })

		const moved = await caller.appointments.reschedule({
			id: appointment.id,
			values: { date: '2031-06-12', time: '11:30', timeZone: 'Europe/Paris', reason: 'Clinic asked' },
		})
		expect(moved.appointment.startsAt.toISOString()).toBe('2031-06-12T09:30:00.000Z')
		await expect(
			caller.appointments.reschedule({ id: appointment.id, values: { date: '2031-06-12', time: '11:30', timeZone: 'Europe/Paris' } }),
		).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			message: RULE_MESSAGES.sameTime,
		})

		const { view } = await caller.appointments.get({ id: appointment.id })
		expect(view.history.map((change) => [change.kind, change.reason])).toEqual([['rescheduled', 'Clinic asked']])

		const cancelled = await caller.appointments.cancel({ id: appointment.id, values: { reason: 'Feeling better' } })
		expect(cancelled.appointment).toMatchObject({ status: 'cancelled', cancelReason: 'Feeling better' })
		await expect(caller.appointments.cancel({ id: appointment.id })).rejects.toMatchObject({ message: RULE_MESSAGES.alreadyCancelled })

		const list = await caller.appointments.list({ tab: 'upcoming' })
		expect(list.groups.flatMap((group) => group.appointments).map((card) => card.badge.label)).toEqual(['Cancelled'])

		expect(await caller.appointments.delete({ id: appointment.id })).toEqual({ deleted: true })
		await expect(caller.appointments.get({ id: appointment.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		await expect(caller.appointments.delete({ id: appointment.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})

	it('refuses every procedure without a session', async () => {
		const caller = createCallerFactory(appRouter)(createTrpcContext(new Request('http://localhost/api/trpc'), '127.0.0.1'))
		await expect(caller.appointments.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
		await expect(caller.appointments.delete({ id: randomUUID() })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
	})
})

describe('editing', () => {
	it('saves every field; a new time is kept in the history and moves the reminders', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		const appointment = await create(patient, { status: 'pending' }, now)
		const result = await updateAppointment(
			patient,
			appointment.id,
			formValues({
				title: 'Cardiology follow-up',
				provider: 'Dr. Patel',
				specialty: 'Cardiology',
				location: '',
				durationMinutes: 60,
				status: 'confirmed',
				date: '2030-03-06',
				time: '09:15',
				type: 'specialist',
				notes: '',
				contactPhone: '',
				contactEmail: '',
			}),
			{ now },
		)
		expect(result.ok).toBe(true)
		const loaded = await getAppointment(patient, appointment.id)
		expect(loaded).toMatchObject({
			title: 'Cardiology follow-up',
			provider: 'Dr. Patel',
			specialty: 'Cardiology',
			location: null,
			durationMinutes: 60,
			status: 'confirmed',
			type: 'specialist',
			notes: null,
			contactPhone: null,
			contactEmail: null,
		})
		expect(loaded!.startsAt.toISOString()).toBe('2030-03-06T14:15:00.000Z')
		expect(loaded!.history).toMatchObject([
			{ kind: 'rescheduled', previousStartsAt: new Date('2030-03-05T19:30:00Z'), newStartsAt: new Date('2030-03-06T14:15:00Z') },
		])
		expect((await reminderJobs(appointment.id)).map((job) => job.runAt)).toEqual(['2030-03-05T14:15:00.000Z', '2030-03-06T13:15:00.000Z'])
		expect((await eventsOf(patient)).map((event) => event.type)).toEqual(['appointment_rescheduled', 'appointment_confirmed'])
	})

	it('refuses a past time, a started and a cancelled appointment, and changes nothing', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		const before = await storedRow(patient, appointment.id)

		const pastTime = await updateAppointment(patient, appointment.id, formValues({ date: '2030-02-01' }), { now })
		expect(pastTime).toMatchObject({ ok: false, code: 'new-time-in-past', message: RULE_MESSAGES.newTimeInPast, field: 'date' })

		const started = await updateAppointment(patient, appointment.id, formValues({ title: 'Changed' }), { now: new Date('2030-03-05T19:31:00Z') })
		expect(started).toMatchObject({ ok: false, code: 'started', message: RULE_MESSAGES.alreadyStarted })
		expect(await storedRow(patient, appointment.id)).toEqual(before)

		await cancelAppointmentById(patient, appointment.id, {}, { now })
		const cancelled = await updateAppointment(patient, appointment.id, formValues({ title: 'Changed' }), { now })
		expect(cancelled).toMatchObject({ ok: false, code: 'cancelled', message: RULE_MESSAGES.alreadyCancelled })
		expect((await storedRow(patient, appointment.id))!.title).toBe('Annual physical')
	})
})

describe('rescheduling', () => {
	it('moves the time, keeps every previous time, replaces the reminder jobs and writes the event', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		const first = await rescheduleAppointmentById(patient, appointment.id, { date: '2030-03-10', time: '08:00', reason: 'Travel' }, { now })
		expect(first.ok).toBe(true)
		const second = await rescheduleAppointmentById(patient, appointment.id, { date: '2030-03-12', time: '16:45', timeZone: NEW_YORK }, { now })
		expect(second.ok).toBe(true)

		const loaded = await getAppointment(patient, appointment.id)
		expect(loaded!.startsAt.toISOString()).toBe('2030-03-12T20:45:00.000Z')
		expect(loaded!.history.map((change) => [change.previousStartsAt.toISOString(), change.newStartsAt?.toISOString(), change.reason])).toEqual([
			['2030-03-05T19:30:00.000Z', '2030-03-10T12:00:00.000Z', 'Travel'],
			['2030-03-10T12:00:00.000Z', '2030-03-12T20:45:00.000Z', null],
		])
		expect(await reminderJobs(appointment.id)).toEqual([
			{ key: reminderJobKey(appointment.id, '24h'), runAt: '2030-03-11T20:45:00.000Z', startsAt: '2030-03-12T20:45:00.000Z', kind: '24h' },
			{ key: reminderJobKey(appointment.id, '1h'), runAt: '2030-03-12T19:45:00.000Z', startsAt: '2030-03-12T20:45:00.000Z', kind: '1h' },
		])
		const events = await eventsOf(patient)
		expect(events.map((event) => event.type)).toEqual(['appointment_confirmed', 'appointment_rescheduled', 'appointment_rescheduled'])
		expect(events[2]!.message).toBe('Annual physical with Dr. Sarah Johnson has been moved to Tuesday, March 12 at 4:45 PM.')
	})

	it('refuses a time in the past, the same time and a started appointment, changing nothing', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		const before = await storedRow(patient, appointment.id)
		const jobsBefore = await reminderJobs(appointment.id)
		expect(await rescheduleAppointmentById(patient, appointment.id, { date: '2030-02-27', time: '10:00' }, { now })).toMatchObject({
			ok: false,
			code: 'new-time-in-past',
			field: 'date',
		})
		expect(await rescheduleAppointmentById(patient, appointment.id, { date: '2030-03-05', time: '14:30' }, { now })).toMatchObject({
			ok: false,
			code: 'same-time',
		})
		expect(
			await rescheduleAppointmentById(patient, appointment.id, { date: '2030-04-01', time: '10:00' }, { now: new Date('2030-03-05T20:00:00Z') }),
		).toMatchObject({ ok: false, code: 'started' })
		expect(await storedRow(patient, appointment.id)).toEqual(before)
		expect(await reminderJobs(appointment.id)).toEqual(jobsBefore)
		expect((await getAppointment(patient, appointment.id))!.history).toEqual([])
	})
})

describe('cancelling and deleting', () => {
	it('cancels with a reason, removes the reminder jobs and writes the event', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		expect(await reminderJobs(appointment.id)).toHaveLength(2)
		const result = await cancelAppointmentById(patient, appointment.id, { reason: '  Feeling better ' }, { now })
		expect(result).toMatchObject({ ok: true, appointment: { status: 'cancelled', cancelReason: 'Feeling better' } })
		expect(await reminderJobs(appointment.id)).toEqual([])
		const loaded = await getAppointment(patient, appointment.id)
		expect(loaded!.cancelledAt).toBeInstanceOf(Date)
		expect(loaded!.history).toMatchObject([{ kind: 'cancelled', previousStartsAt: appointment.startsAt, newStartsAt: null, reason: 'Feeling better' }])
		expect((await eventsOf(patient)).at(-1)).toMatchObject({
			type: 'appointment_cancelled',
			title: 'Appointment Cancelled',
			link: `/appointments/${appointment.id}`,
		})
	})

	it('refuses to cancel or reschedule a cancelled or past appointment', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-10T12:00:00Z')
		const past = await create(patient, {}, now)
		expect(await cancelAppointmentById(patient, past.id, {}, { now })).toMatchObject({ ok: false, code: 'started' })
		expect(await rescheduleAppointmentById(patient, past.id, { date: '2030-04-01', time: '10:00' }, { now })).toMatchObject({ ok: false, code: 'started' })
		expect((await storedRow(patient, past.id))!.status).toBe('confirmed')

		const future = await create(patient, { date: '2030-05-01' }, now)
		await cancelAppointmentById(patient, future.id, {}, { now })
		expect(await cancelAppointmentById(patient, future.id, {}, { now })).toMatchObject({ ok: false, code: 'cancelled' })
		expect(await rescheduleAppointmentById(patient, future.id, { date: '2030-06-01', time: '10:00' }, { now })).toMatchObject({ ok: false, code: 'cancelled' })
	})

	it('deletes the appointment with its history and reminder jobs', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		await rescheduleAppointmentById(patient, appointment.id, { date: '2030-03-07', time: '10:00' }, { now })
		expect((await deleteAppointment(patient, appointment.id)).ok).toBe(true)
		expect(await getAppointment(patient, appointment.id)).toBeNull()
		expect(await reminderJobs(appointment.id)).toEqual([])
		const changes = await withTenant(patient.organizationId, (tx) =>
			tx.select().from(appointmentChanges).where(eq(appointmentChanges.appointmentId, appointment.id)),
		)
		expect(changes).toEqual([])
		expect(await deleteAppointment(patient, appointment.id)).toMatchObject({ ok: false, kind: 'not-found' })
	})
})

describe('only the owner reaches an appointment', () => {
	it('gives another tenant, another member of the organization and a forged organization not-found, changing nothing', async () => {
		const owner = await newPatient('owner')
		const appointment = await create(owner)
		const before = await storedRow(owner, appointment.id)
		const stranger = await newPatient('stranger')
		const sameOrganization = await memberOf(owner.organizationId)
		const forged: Patient = { userId: owner.userId, organizationId: stranger.organizationId }

		for (const other of [stranger, sameOrganization, forged]) {
			expect(await getAppointment(other, appointment.id)).toBeNull()
			expect(await listAppointments(other)).toEqual([])
			expect(await getNextAppointment(other, new Date('2030-01-01T00:00:00Z'))).toBeNull()
			expect(await updateAppointment(other, appointment.id, formValues({ title: 'Hijacked' }))).toMatchObject({ ok: false, code: 'not-found' })
			expect(await rescheduleAppointmentById(other, appointment.id, { date: '2030-04-01', time: '10:00' })).toMatchObject({ ok: false, code: 'not-found' })
			expect(await cancelAppointmentById(other, appointment.id, {})).toMatchObject({ ok: false, code: 'not-found' })
			expect(await deleteAppointment(other, appointment.id)).toMatchObject({ ok: false, kind: 'not-found' })
			const page = await loadAppointmentListPage(other, {
				searchParams: new URLSearchParams(),
				now: new Date('2030-01-01T00:00:00Z'),
				timeZone: 'UTC',
				videoBaseUrl: null,
			})
			expect(page.groups).toEqual([])
			expect(page.filterChoices).toEqual({ doctors: [], specialties: [] })
		}
		expect(await storedRow(owner, appointment.id)).toEqual(before)
		expect(await reminderJobs(appointment.id)).toHaveLength(2)
	})

	it('answers not-found for an id that is not a uuid', async () => {
		const patient = await newPatient()
		expect(await getAppointment(patient, 'not-a-uuid')).toBeNull()
		expect(await deleteAppointment(patient, "1' or '1'='1")).toMatchObject({ ok: false, kind: 'not-found' })
	})
})

describe('reminder jobs when they run', () => {
	it('write the reminder once while the appointment still starts at the queued time', async () => {
		const patient = await newPatient()
		const appointment = await create(patient, {}, new Date('2030-01-01T12:00:00Z'))
		const payload = { organizationId: patient.organizationId, appointmentId: appointment.id, kind: '24h', startsAt: appointment.startsAt.toISOString() }
		const now = new Date('2030-03-04T19:30:00Z')
		expect(await deliverAppointmentReminder(payload, { now })).toBe('sent')
		expect(await deliverAppointmentReminder(payload, { now })).toBe('duplicate')
		expect(await deliverAppointmentReminder({ ...payload, kind: '1h' }, { now: new Date('2030-03-05T18:30:00Z') })).toBe('sent')
		const reminders = (await eventsOf(patient)).filter((event) => event.type === 'appointment_reminder')
		expect(reminders.map((event) => event.message)).toEqual([
			'Annual physical with Dr. Sarah Johnson is in 24 hours, on Tuesday, March 5 at 2:30 PM.',
			'Annual physical with Dr. Sarah Johnson starts in 1 hour, at 2:30 PM.',
		])
	})

	it('stay silent for a moved, cancelled or deleted appointment', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		const appointment = await create(patient, {}, now)
		const stale = { organizationId: patient.organizationId, appointmentId: appointment.id, kind: '1h', startsAt: appointment.startsAt.toISOString() }
		await rescheduleAppointmentById(patient, appointment.id, { date: '2030-03-09', time: '10:00' }, { now })
		expect(await deliverAppointmentReminder(stale, { now })).toBe('moved')
		const moved = await getAppointment(patient, appointment.id)
		const current = { ...stale, startsAt: moved!.startsAt.toISOString() }
		await cancelAppointmentById(patient, appointment.id, {}, { now })
		expect(await deliverAppointmentReminder(current, { now })).toBe('cancelled')
		await deleteAppointment(patient, appointment.id)
		expect(await deliverAppointmentReminder(current, { now })).toBe('gone')
		expect((await eventsOf(patient)).filter((event) => event.type === 'appointment_reminder')).toEqual([])
	})
})

describe('the list and the next appointment', () => {
	it('puts late-evening and just-after-midnight appointments on the right day in the patient zone', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-06T06:30:00Z') // 22:30 on March 5 in Los Angeles
		const zone = 'America/Los_Angeles'
		await create(patient, { title: 'Late today', date: '2030-03-05', time: '23:30', timeZone: zone }, now)
		await create(patient, { title: 'Early tomorrow', date: '2030-03-06', time: '00:15', timeZone: zone }, now)
		await create(patient, { title: 'Earlier today', date: '2030-03-05', time: '08:00', timeZone: zone }, now)
		await create(patient, { title: 'Yesterday', date: '2030-03-04', time: '23:59', timeZone: zone }, now)
		const titles = async (tab: string, timeZone = zone) => {
			const page = await loadAppointmentListPage(patient, { searchParams: new URLSearchParams({ tab }), now, timeZone, videoBaseUrl: null })
			return page.groups.map((group) => [group.heading, group.appointments.map((card) => card.title)])
		}
		expect(await titles('today')).toEqual([['Today', ['Earlier today', 'Late today']]])
		expect(await titles('upcoming')).toEqual([
			['Today', ['Earlier today', 'Late today']],
			['Tomorrow', ['Early tomorrow']],
		])
		expect(await titles('past')).toEqual([['Monday, March 4', ['Yesterday']]])
		// In Tokyo it is already March 6, 15:30, and all three fall on that day there.
		expect(await titles('today', 'Asia/Tokyo')).toEqual([['Today', ['Earlier today', 'Late today', 'Early tomorrow']]])
	})

	it('applies search and filters from the URL to Upcoming and counts them', async () => {
		const patient = await newPatient()
		const now = new Date('2030-01-01T12:00:00Z')
		await create(patient, { title: 'Heart check', provider: 'Dr. Patel', specialty: 'Cardiology', date: '2030-02-01' }, now)
		await create(patient, { title: 'Skin check', provider: 'Dr. Lee', specialty: 'Dermatology', date: '2030-02-03', status: 'pending' }, now)
		await create(patient, { title: 'Eye exam', provider: 'Dr. Kim', specialty: 'Ophthalmology', location: 'Harbor Eye Center', date: '2030-02-05' }, now)
		const page = (query: string) => loadAppointmentListPage(patient, { searchParams: new URLSearchParams(query), now, timeZone: NEW_YORK, videoBaseUrl: null })
		const titlesOf = async (query: string) => (await page(query)).groups.flatMap((group) => group.appointments.map((card) => card.title))

		expect(await titlesOf('q=HARBOR')).toEqual(['Eye exam'])
		expect(await titlesOf('status=pending')).toEqual(['Skin check'])
		expect(await titlesOf('doctor=dr.+patel&doctor=Dr.+Kim')).toEqual(['Heart check', 'Eye exam'])
		expect(await titlesOf('from=2030-02-05&to=2030-02-01')).toEqual(['Heart check', 'Skin check', 'Eye exam'])
		expect(await titlesOf('from=2030-02-02&specialty=Cardiology')).toEqual([])
		const filtered = await page('from=2030-02-02&status=confirmed&status=pending&specialty=Dermatology')
		expect(filtered).toMatchObject({ activeFilterCount: 4, isFiltered: true, shownCount: 1, totalInTab: 3 })
		expect(filtered.filterChoices).toEqual({ doctors: ['Dr. Kim', 'Dr. Lee', 'Dr. Patel'], specialties: ['Cardiology', 'Dermatology', 'Ophthalmology'] })
	})

	it('reads 50 at a time with the total, most recent first on Past, and treats % in a search as text', async () => {
		const patient = await newPatient()
		const now = new Date('2030-06-01T12:00:00Z')
		const values = Array.from({ length: 60 }, (_, index) => ({
			ownerId: patient.userId,
			title: index === 5 ? '100% covered visit' : `Visit ${index}`,
			provider: 'Dr. Kim',
			specialty: 'Primary Care',
			type: 'checkup' as const,
			status: 'confirmed' as const,
			startsAt: new Date(now.getTime() + (index - 30) * 86_400_000),
			durationMinutes: 30,
			timeZone: 'UTC',
		}))
		await withTenant(patient.organizationId, (tx) => tx.insert(appointments).values(values))
		const page = (query: string) => loadAppointmentListPage(patient, { searchParams: new URLSearchParams(query), now, timeZone: 'UTC', videoBaseUrl: null })
		const cardsOf = (result: Awaited<ReturnType<typeof page>>) => result.groups.flatMap((group) => group.appointments)

		const upcoming = await page('')
		expect(upcoming).toMatchObject({ totalInTab: 30, shownCount: 30, hasMore: false })
		const past = await page('tab=past')
		expect(past).toMatchObject({ totalInTab: 30, hasMore: false })
		expect(cardsOf(past)[0]!.title).toBe('Visit 29')
		expect(cardsOf(past).every((card) => card.badge.label === 'Completed')).toBe(true)

		await withTenant(patient.organizationId, (tx) =>
			tx.insert(appointments).values(values.map((value) => ({ ...value, startsAt: new Date(value.startsAt.getTime() + 60 * 86_400_000) }))),
		)
		const first = await page('')
		expect(first).toMatchObject({ totalInTab: 90, shownCount: 90, hasMore: true, limit: 50 })
		expect(cardsOf(first)).toHaveLength(50)
		expect(cardsOf(await page('show=100'))).toHaveLength(90)

		expect(cardsOf(await page('tab=past&q=%25')).length).toBe(30)
		expect(cardsOf(await page('q=100%25')).map((card) => card.title)).toEqual(['100% covered visit'])
		expect(cardsOf(await page('q=_'))).toEqual([])
	})

	it('offers the next non-cancelled appointment that has not ended', async () => {
		const patient = await newPatient()
		const now = new Date('2030-03-05T19:45:00Z')
		const inProgress = await create(patient, { title: 'In progress' }, now)
		const cancelled = await create(patient, { title: 'Cancelled', date: '2030-03-06' }, new Date('2030-01-01T00:00:00Z'))
		await cancelAppointmentById(patient, cancelled.id, {}, { now })
		const later = await create(patient, { title: 'Later', date: '2030-03-07' }, now)
		expect((await getNextAppointment(patient, now))!.id).toBe(inProgress.id)
		expect((await getNextAppointment(patient, new Date('2030-03-05T20:00:00Z')))!.id).toBe(later.id)
		expect(await getNextAppointment(patient, new Date('2030-03-08T00:00:00Z'))).toBeNull()
	})
})

describe('the private calendar feed', () => {
	let patient: Patient
	beforeAll(async () => {
		patient = await newPatient('feed')
		await create(patient)
	})

	it('serves the appointments behind a token, which a new token or a revoke stops', async () => {
		expect(await getCalendarFeedStatus(patient)).toBeNull()
		const first = await createCalendarFeed(patient)
		const feed = await readCalendarFeed(first.token, { origin: 'https://care.example', ipAddress: '203.0.113.9' })
		expect(feed).toContain('BEGIN:VCALENDAR')
		expect(feed).toContain('SUMMARY:Annual physical')
		expect(feed).toContain('DTSTART:20300305T193000Z')
		expect(feed).toContain('URL:https://care.example/appointments/')
		expect(await getCalendarFeedStatus(patient)).toMatchObject({ createdAt: first.createdAt })

		const second = await createCalendarFeed(patient)
		expect(await readCalendarFeed(first.token, {})).toBeNull()
		expect(await readCalendarFeed(second.token, {})).toContain('SUMMARY:Annual physical')
		expect(await revokeCalendarFeed(patient)).toBe(true)
		expect(await readCalendarFeed(second.token, {})).toBeNull()
		expect(await getCalendarFeedStatus(patient)).toBeNull()
		expect(await readCalendarFeed('a'.repeat(52), {})).toBeNull()
	})

	it('stores only the token hash and audits each access without the token', async () => {
		const { token } = await createCalendarFeed(patient)
		await readCalendarFeed(token, { ipAddress: '203.0.113.9' })
		const accesses = await getDb()
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.actorUserId, patient.userId), eq(auditLog.action, 'calendar_feed.access')))
		expect(accesses.length).toBeGreaterThan(0)
		expect(accesses.at(-1)).toMatchObject({ ipAddress: '203.0.113.9', targetType: 'calendar_feed' })
		const everything = JSON.stringify(await getDb().execute(sql`select * from app.calendar_feed_tokens`)) + JSON.stringify(accesses)
		expect(everything).not.toContain(token)
	})

	it('stops serving a user who is no longer active', async () => {
		const other = await newPatient('inactive')
		await create(other)
		const { token } = await createCalendarFeed(other)
		await getDb().update(users).set({ status: 'inactive' }).where(eq(users.id, other.userId))
		expect(await readCalendarFeed(token, {})).toBeNull()
	})
})

describe('the patient time zone', () => {
	it('is stored the first time one is given and not overwritten', async () => {
		const patient = await newPatient()
		expect(await rememberPatientTimeZone(patient.userId, 'Mars/Olympus')).toBe(false)
		expect(await rememberPatientTimeZone(patient.userId, 'Asia/Tokyo')).toBe(true)
		expect(await rememberPatientTimeZone(patient.userId, 'Europe/Paris')).toBe(false)
		const [user] = await getDb().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, patient.userId))
		expect(user!.timeZone).toBe('Asia/Tokyo')
	})
})
