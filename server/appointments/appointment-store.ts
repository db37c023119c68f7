/**
 * The stored appointments of a patient: create, read, list, edit,
 * reschedule, cancel, delete. Every function takes the patient of the
 * session and checks ownership in SQL (`owner_id = patient`), so an id that
 * does not exist and one that belongs to someone else give the same answer.
 * Reminder jobs, events (notifications) and the audit entry are written in
 * the same tenant transaction as the change.
 */
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm'
import { appointmentChanges, appointments } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import type { Appointment, AppointmentStatus } from '#server/appointments/shared/appointment.ts'
import type { AppointmentFormValue, CancelFormValue, RescheduleFormValue } from '#server/appointments/shared/appointment-form-schema.ts'
import { recordAppointmentEvent } from './events.ts'
import { appointmentFieldsFromForm } from './form-values.ts'
import { removeAppointmentReminders, scheduleAppointmentReminders } from './reminders.ts'
import { canEditAppointment, cancelAppointment, newTimeInPastRefusal, refusalFor, rescheduleAppointment, type RuleRefusal } from './rules.ts'
import { refuse, succeed, type Refusal, type Result } from '#server/errors/shared/result.ts'
import { resolveLocalDateTime, type LocalDateTimeResolution } from '#server/time/shared/zoned-time.ts'

/** Who is asking: the patient of the session, in their organization. */
import type { Patient } from '#server/auth/patient.ts'
export type { Patient }

export type StoredAppointment = Appointment & {
	createdAt: Date
	updatedAt: Date
	cancelledAt: Date | null
	/** imported from a file and not confirmed by the patient yet: no reminders (absent: false) */
	needsConfirmation?: boolean
}

export type AppointmentChange = {
	id: string
	kind: 'rescheduled' | 'cancelled'
	previousStartsAt: Date
	newStartsAt: Date | null
	reason: string | null
	createdAt: Date
}

export type AppointmentWithHistory = StoredAppointment & { history: AppointmentChange[] }

/** A rule's refusal, or not found (an unknown id and another patient's answer the same). */
export type AppointmentRefusal = Refusal<'not-found' | RuleRefusal['code'], 'date'>

export type AppointmentWriteResult = Result<{ appointment: StoredAppointment; timeResolution: LocalDateTimeResolution }, AppointmentRefusal['code'], 'date'>

export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found'

const NOT_FOUND_ONLY = refuse('not-found', 'not-found', APPOINTMENT_NOT_FOUND_MESSAGE)
const NOT_FOUND: AppointmentRefusal = NOT_FOUND_ONLY

const appointmentColumns = {
	id: appointments.id,
	title: appointments.title,
	provider: appointments.provider,
	specialty: appointments.specialty,
	location: appointments.location,
	type: appointments.type,
	status: appointments.status,
	startsAt: appointments.startsAt,
	durationMinutes: appointments.durationMinutes,
	timeZone: appointments.timeZone,
	notes: appointments.notes,
	contactPhone: appointments.contactPhone,
	contactEmail: appointments.contactEmail,
	cancelReason: appointments.cancelReason,
	cancelledAt: appointments.cancelledAt,
	needsConfirmation: appointments.needsConfirmation,
	createdAt: appointments.createdAt,
	updatedAt: appointments.updatedAt,
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isAppointmentId(value: string): boolean {
	return UUID_PATTERN.test(value)
}

function isOwnAppointment(patient: Patient, appointmentId: string) {
	return and(eq(appointments.id, appointmentId), eq(appointments.ownerId, patient.userId))
}

async function audit(
	tx: TenantTransaction,
	patient: Patient,
	action: string,
	appointmentId: string,
	details?: Record<string, string | number | boolean | null>,
) {
	await recordAudit({ action, actor: patient, target: { type: 'appointment', id: appointmentId }, details }, tx)
}

/**
 * The opening of every change to one of the patient's appointments (as
 * sharing's withActiveShare is of a visit): a malformed id, an appointment of
 * someone else's or none at all answers NOT_FOUND; else `change` runs in the
 * tenant's transaction with the appointment locked for update.
 */
async function withOwnAppointment(
	patient: Patient,
	appointmentId: string,
	change: (tx: TenantTransaction, current: StoredAppointment) => Promise<AppointmentWriteResult>,
): Promise<AppointmentWriteResult> {
	if (!isAppointmentId(appointmentId)) return NOT_FOUND
	return withTenant(patient.organizationId, async (tx) => {
		const [current] = await tx.select(appointmentColumns).from(appointments).where(isOwnAppointment(patient, appointmentId)).for('update')
		return current ? change(tx, current) : NOT_FOUND
	})
}

export type AppointmentRange = {
	/** Starts at or after this instant. */
	from?: Date
	/** Starts before this instant. */
	before?: Date
}

/** The patient's appointments (optionally within a range of start instants), soonest first. */
export async function selectAppointments(tx: TenantTransaction, patient: Patient, range: AppointmentRange = {}): Promise<StoredAppointment[]> {
	return tx
		.select(appointmentColumns)
		.from(appointments)
		.where(
			and(
				eq(appointments.ownerId, patient.userId),
				range.from ? gte(appointments.startsAt, range.from) : undefined,
				range.before ? lt(appointments.startsAt, range.before) : undefined,
			),
		)
		.orderBy(asc(appointments.startsAt), asc(appointments.id))
}

/**
 * What the list screen asks the database for: a range of start instants
 * and, on Upcoming, the popover's filters and the search text. The same
 * rules as ./shared/filters.ts (which the list view applies
 * again to what comes back): within a list any value matches, trimmed and
 * case-insensitive; search is a case-insensitive substring of title,
 * provider, specialty or location.
 */
export type AppointmentListFilter = {
	range: AppointmentRange
	statuses?: readonly AppointmentStatus[]
	doctors?: readonly string[]
	specialties?: readonly string[]
	search?: string
}

function escapeLike(text: string) {
	return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

function foldedValues(values: readonly string[]) {
	return values.map((value) => value.trim().toLocaleLowerCase('en-US'))
}

function listConditions(patient: Patient, filter: AppointmentListFilter) {
	const search = filter.search?.trim()
	const pattern = search ? `%${escapeLike(search)}%` : null
	return and(
		eq(appointments.ownerId, patient.userId),
		filter.range.from ? gte(appointments.startsAt, filter.range.from) : undefined,
		filter.range.before ? lt(appointments.startsAt, filter.range.before) : undefined,
		filter.statuses?.length ? inArray(appointments.status, [...filter.statuses]) : undefined,
		filter.doctors?.length ? inArray(sql`lower(btrim(${appointments.provider}))`, foldedValues(filter.doctors)) : undefined,
		filter.specialties?.length ? inArray(sql`lower(btrim(${appointments.specialty}))`, foldedValues(filter.specialties)) : undefined,
		pattern
			? or(
					ilike(appointments.title, pattern),
					ilike(appointments.provider, pattern),
					ilike(appointments.specialty, pattern),
					ilike(appointments.location, pattern),
				)
			: undefined,
	)
}

export async function countAppointments(tx: TenantTransaction, patient: Patient, filter: AppointmentListFilter): Promise<number> {
	const [row] = await tx
		.select({ total: sql<number>`count(*)::int` })
		.from(appointments)
		.where(listConditions(patient, filter))
	return row?.total ?? 0
}

/**
 * The list screen's rows: at most `limit`, soonest first (or most recent
 * first), only what a card shows, the start read as epoch milliseconds
 * (turning timestamp strings into Dates was most of the list's time).
 * Notes and the cancel reason are not loaded (null).
 */
export async function selectAppointmentsForList(
	tx: TenantTransaction,
	patient: Patient,
	filter: AppointmentListFilter,
	{ order, limit }: { order: 'ascending' | 'descending'; limit: number },
): Promise<Appointment[]> {
	const direction = order === 'ascending' ? asc : desc
	const rows = await tx
		.select({
			id: appointments.id,
			title: appointments.title,
			provider: appointments.provider,
			specialty: appointments.specialty,
			location: appointments.location,
			type: appointments.type,
			status: appointments.status,
			startsAtMs: sql<number>`(extract(epoch from ${appointments.startsAt}) * 1000)::float8`,
			durationMinutes: appointments.durationMinutes,
			timeZone: appointments.timeZone,
			contactPhone: appointments.contactPhone,
			contactEmail: appointments.contactEmail,
		})
		.from(appointments)
		.where(listConditions(patient, filter))
		.orderBy(direction(appointments.startsAt), direction(appointments.id))
		.limit(limit)
	return rows.map(({ startsAtMs, ...row }) => ({ ...row, startsAt: new Date(Number(startsAtMs)), notes: null, cancelReason: null }))
}

/** Every doctor and specialty pair of the patient's appointments, for the filter popover. */
export async function selectProvidersAndSpecialties(tx: TenantTransaction, patient: Patient) {
	return tx
		.selectDistinct({ provider: appointments.provider, specialty: appointments.specialty })
		.from(appointments)
		.where(eq(appointments.ownerId, patient.userId))
}

export async function listAppointments(patient: Patient, range: AppointmentRange = {}): Promise<StoredAppointment[]> {
	return withTenant(patient.organizationId, (tx) => selectAppointments(tx, patient, range))
}

/** One of the patient's appointments with its reschedule and cancel history (oldest first), or null. Audited. */
export async function getAppointment(patient: Patient, appointmentId: string): Promise<AppointmentWithHistory | null> {
	if (!isAppointmentId(appointmentId)) return null
	return withTenant(patient.organizationId, async (tx) => {
		const [appointment] = await tx.select(appointmentColumns).from(appointments).where(isOwnAppointment(patient, appointmentId))
		if (!appointment) return null
		const history = await tx
			.select({
				id: appointmentChanges.id,
				kind: appointmentChanges.kind,
				previousStartsAt: appointmentChanges.previousStartsAt,
				newStartsAt: appointmentChanges.newStartsAt,
				reason: appointmentChanges.reason,
				createdAt: appointmentChanges.createdAt,
			})
			.from(appointmentChanges)
			.where(and(eq(appointmentChanges.appointmentId, appointmentId), eq(appointmentChanges.ownerId, patient.userId)))
			.orderBy(asc(appointmentChanges.createdAt), asc(appointmentChanges.id))
		await audit(tx, patient, 'appointment.view', appointmentId)
		return { ...appointment, history }
	})
}

/**
 * The next appointment that is not cancelled and has not ended at `now`
 * (one in progress counts), or null. For the dashboard.
 */
export async function getNextAppointment(patient: Patient, now: Date): Promise<StoredAppointment | null> {
	// Bounded by a day before now so the (owner_id, starts_at) index does the work.
	const earliestStart = new Date(now.getTime() - 24 * 60 * 60_000)
	const [next] = await withTenant(patient.organizationId, (tx) =>
		tx
			.select(appointmentColumns)
			.from(appointments)
			.where(
				and(
					eq(appointments.ownerId, patient.userId),
					ne(appointments.status, 'cancelled'),
					gt(appointments.startsAt, earliestStart),
					sql`${appointments.startsAt} + ${appointments.durationMinutes} * interval '1 minute' > ${now.toISOString()}::timestamptz`,
				),
			)
			.orderBy(asc(appointments.startsAt), asc(appointments.id))
			.limit(1),
	)
	return next ?? null
}

export type WriteOptions = {
	now?: Date
}

/**
 * Stores a new appointment from the validated form. The form's local date
 * and time are read in its `timeZone`, else in `fallbackTimeZone` (the
 * patient's zone). Queues the reminders; a confirmed appointment still to
 * come also gets an appointment_confirmed event. One that has already
 * started is the patient logging a past visit: nothing to confirm, no event
 * (no notification, no e-mail).
 */
export async function createAppointment(
	patient: Patient,
	values: AppointmentFormValue,
	{ now = new Date(), fallbackTimeZone }: WriteOptions & { fallbackTimeZone: string },
): Promise<AppointmentWriteResult> {
	const { fields, timeResolution } = appointmentFieldsFromForm(values, { fallbackTimeZone })
	return withTenant(patient.organizationId, async (tx) => {
		const [appointment] = await tx
			.insert(appointments)
			.values({ ...fields, ownerId: patient.userId })
			.returning(appointmentColumns)
		await scheduleAppointmentReminders(tx, patient.organizationId, appointment, now)
		if (appointment.status === 'confirmed' && appointment.startsAt.getTime() > now.getTime()) {
			await recordAppointmentEvent(tx, patient.userId, 'confirmed', appointment)
		}
		await audit(tx, patient, 'appointment.create', appointment.id)
		return { ok: true as const, appointment, timeResolution }
	})
}

/**
 * Saves every field of the edit form. Refused once the appointment has
 * started or when it is cancelled; a changed time must be in the future and
 * is kept in the history like a reschedule (with its event). Pending to
 * confirmed writes an appointment_confirmed event. The form's time is read
 * in its `timeZone`, else in the appointment's own zone.
 */
export async function updateAppointment(
	patient: Patient,
	appointmentId: string,
	values: AppointmentFormValue,
	{ now = new Date() }: WriteOptions = {},
): Promise<AppointmentWriteResult> {
	return withOwnAppointment(patient, appointmentId, async (tx, current) => {
		if (!canEditAppointment(current, now)) return refusalFor(current)
		const { fields, timeResolution } = appointmentFieldsFromForm(values, { fallbackTimeZone: current.timeZone })
		const isTimeChanged = fields.startsAt.getTime() !== current.startsAt.getTime()
		if (isTimeChanged && fields.startsAt.getTime() <= now.getTime()) {
			return newTimeInPastRefusal()
		}
		const [appointment] = await tx
			.update(appointments)
			.set({ ...fields, updatedAt: sql`now()` })
			.where(isOwnAppointment(patient, appointmentId))
			.returning(appointmentColumns)
		if (isTimeChanged) await recordReschedule(tx, patient, appointment, current.startsAt, null)
		if (current.status === 'pending' && appointment.status === 'confirmed') {
			await recordAppointmentEvent(tx, patient.userId, 'confirmed', appointment)
		}
		await scheduleAppointmentReminders(tx, patient.organizationId, appointment, now)
		await audit(tx, patient, 'appointment.update', appointmentId, { timeChanged: isTimeChanged })
		return { ok: true as const, appointment, timeResolution }
	})
}

/** Keeps the earlier time in the appointment's history and writes the appointment_rescheduled event. */
async function recordReschedule(
	tx: TenantTransaction,
	patient: Patient,
	appointment: Parameters<typeof recordAppointmentEvent>[3] & { id: string; startsAt: Date },
	previousStartsAt: Date,
	reason: string | null,
) {
	await tx.insert(appointmentChanges).values({
		appointmentId: appointment.id,
		ownerId: patient.userId,
		kind: 'rescheduled',
		previousStartsAt,
		newStartsAt: appointment.startsAt,
		reason,
	})
	await recordAppointmentEvent(tx, patient.userId, 'rescheduled', appointment)
}

/**
 * The patient confirms an appointment imported from a file (its page's
 * 'Confirm appointment'): from now on it is theirs like any other, and its
 * reminders are queued. One already confirmed, or someone else's: not-found.
 */
export async function confirmImportedAppointment(
	patient: Patient,
	appointmentId: string,
	{ now = new Date() }: WriteOptions = {},
): Promise<Result<object, 'not-found'>> {
	if (!isAppointmentId(appointmentId)) return NOT_FOUND_ONLY
	return withTenant(patient.organizationId, async (tx) => {
		const [appointment] = await tx
			.update(appointments)
			.set({ needsConfirmation: false, updatedAt: sql`now()` })
			.where(and(isOwnAppointment(patient, appointmentId), eq(appointments.needsConfirmation, true)))
			.returning(appointmentColumns)
		if (!appointment) return NOT_FOUND_ONLY
		await scheduleAppointmentReminders(tx, patient.organizationId, appointment, now)
		await audit(tx, patient, 'appointment.confirm_imported', appointmentId)
		return { ok: true as const }
	})
}

/**
 * Moves the appointment to a new local date and time (in the form's zone,
 * else the appointment's), keeping the previous time in its history, moving
 * its reminders and writing an appointment_rescheduled event. Refused for a
 * cancelled or started appointment, a time not in the future, or the same
 * time.
 */
export async function rescheduleAppointmentById(
	patient: Patient,
	appointmentId: string,
	values: RescheduleFormValue,
	{ now = new Date() }: WriteOptions = {},
): Promise<AppointmentWriteResult> {
	return withOwnAppointment(patient, appointmentId, async (tx, current) => {
		const outcome = rescheduleAppointment(current, { date: values.date, time: values.time, timeZone: values.timeZone, reason: values.reason }, now)
		if (!outcome.ok) return outcome
		const [appointment] = await tx
			.update(appointments)
			.set({ startsAt: outcome.appointment.startsAt, timeZone: outcome.appointment.timeZone, updatedAt: sql`now()` })
			.where(isOwnAppointment(patient, appointmentId))
			.returning(appointmentColumns)
		await recordReschedule(tx, patient, appointment, outcome.historyEntry.previousStartsAt, outcome.historyEntry.reason)
		await scheduleAppointmentReminders(tx, patient.organizationId, appointment, now)
		await audit(tx, patient, 'appointment.reschedule', appointmentId)
		const { resolution } = resolveLocalDateTime(values.date, values.time, appointment.timeZone)
		return { ok: true as const, appointment, timeResolution: resolution }
	})
}

/**
 * Cancels the appointment (status cancelled, optional reason), removes its
 * reminders and writes an appointment_cancelled event. Refused when it is
 * already cancelled or has started.
 */
export async function cancelAppointmentById(
	patient: Patient,
	appointmentId: string,
	values: CancelFormValue,
	{ now = new Date() }: WriteOptions = {},
): Promise<AppointmentWriteResult> {
	return withOwnAppointment(patient, appointmentId, async (tx, current) => {
		const outcome = cancelAppointment(current, { reason: values.reason }, now)
		if (!outcome.ok) return outcome
		const [appointment] = await tx
			.update(appointments)
			.set({ status: 'cancelled', cancelReason: outcome.appointment.cancelReason, cancelledAt: sql`now()`, updatedAt: sql`now()` })
			.where(isOwnAppointment(patient, appointmentId))
			.returning(appointmentColumns)
		await tx.insert(appointmentChanges).values({
			appointmentId,
			ownerId: patient.userId,
			kind: 'cancelled',
			previousStartsAt: current.startsAt,
			reason: outcome.appointment.cancelReason,
		})
		await removeAppointmentReminders(tx, appointmentId)
		await recordAppointmentEvent(tx, patient.userId, 'cancelled', appointment)
		await audit(tx, patient, 'appointment.cancel', appointmentId)
		return { ok: true as const, appointment, timeResolution: 'exact' as const }
	})
}

/** Deletes the patient's appointment with its history and reminder jobs. False when not found. */
export async function deleteAppointment(patient: Patient, appointmentId: string): Promise<Result<object, 'not-found'>> {
	if (!isAppointmentId(appointmentId)) return NOT_FOUND_ONLY
	return withTenant(patient.organizationId, async (tx) => {
		const [deleted] = await tx.delete(appointments).where(isOwnAppointment(patient, appointmentId)).returning({ id: appointments.id })
		if (!deleted) return NOT_FOUND_ONLY
		await removeAppointmentReminders(tx, appointmentId)
		await audit(tx, patient, 'appointment.delete', appointmentId)
		return succeed({})
	})
}
