import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import { healthParameters, healthProfiles } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/patient.ts'
import { withTenant, type TenantTransaction } from '#server/tenancy/index.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { MANUAL_READING_TEXTS } from '#server/health/shared/messages.ts'
import { EMPTY_HEALTH_PROFILE, type HealthProfile } from '#server/health/shared/health-profile.ts'
import { groupManualReadings, type ManualReadingEntry } from '#server/health/shared/manual-reading-groups.ts'
import { manualReadingToParameters, type ManualReading } from '#server/health/shared/manual-reading.ts'
import type { HealthParameter, LocalDate } from '#server/health/shared/types.ts'
import { addDaysToLocalDate } from '#server/time/shared/zoned-time.ts'
import { countedParameterCondition, reviewedParameterCondition } from './counted-values.ts'

/**
 * The health domain's database access. Every query runs through the tenant
 * entry point with the organization of the session and is limited to the
 * patient's own rows (owner_id = the user) in SQL; "not yours" and "does not
 * exist" give the same answer. Queries filter on (owner, code, test_date),
 * the columns of health_parameters_owner_code_date_idx.
 */

export type StoredHealthParameter = HealthParameter & {
	valueText: string
	referenceRangeText: string | null
	createdAt: Date
}

const parameterColumns = {
	id: healthParameters.id,
	code: healthParameters.code,
	name: healthParameters.name,
	value: healthParameters.value,
	valueText: healthParameters.valueText,
	unit: healthParameters.unit,
	referenceRangeMin: healthParameters.referenceRangeMin,
	referenceRangeMax: healthParameters.referenceRangeMax,
	referenceRangeText: healthParameters.referenceRangeText,
	status: healthParameters.status,
	testDate: healthParameters.testDate,
	source: healthParameters.source,
	documentId: healthParameters.documentId,
	createdAt: healthParameters.createdAt,
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isUuid(value: string) {
	return UUID_PATTERN.test(value)
}

export type ParameterQuery = {
	/** First test date to include. */
	since?: LocalDate | null
	/** Last test date to include (usually today: nothing dated in the future). */
	until?: LocalDate | null
	/** Only these parameter codes. */
	codes?: readonly string[]
	/** Only the values extracted from these documents (a share's documents). */
	documentIds?: readonly string[]
	/** 'report': each document's values in the order its report printed them (default: by date, then code). */
	order?: 'date' | 'report'
}

function parameterConditions(patient: Patient, query: ParameterQuery) {
	return and(
		eq(healthParameters.ownerId, patient.userId),
		// The values of named documents (a share's) are what those documents hold; everything else counts only the patient's own.
		query.documentIds ? reviewedParameterCondition() : countedParameterCondition(),
		query.codes ? inArray(healthParameters.code, [...query.codes]) : undefined,
		query.documentIds ? inArray(healthParameters.documentId, [...query.documentIds]) : undefined,
		query.since ? gte(healthParameters.testDate, query.since) : undefined,
		query.until ? lte(healthParameters.testDate, query.until) : undefined,
	)
}

/** Reads parameters inside an open tenant transaction (for domain functions composing several reads). */
export function selectParameters(tx: TenantTransaction, patient: Patient, query: ParameterQuery = {}) {
	if ((query.codes && query.codes.length === 0) || (query.documentIds && query.documentIds.length === 0)) return Promise.resolve([] as StoredHealthParameter[])
	return tx
		.select(parameterColumns)
		.from(healthParameters)
		.where(parameterConditions(patient, query))
		.orderBy(
			...(query.order === 'report'
				? [asc(healthParameters.documentId), asc(healthParameters.position), asc(healthParameters.id)]
				: [asc(healthParameters.testDate), asc(healthParameters.code), asc(healthParameters.position), asc(healthParameters.id)]),
		)
}

/** The columns the analytics read: what HealthParameter holds, nothing more (fewer values to turn into objects). */
const analyticsColumns = {
	id: healthParameters.id,
	code: healthParameters.code,
	name: healthParameters.name,
	value: healthParameters.value,
	unit: healthParameters.unit,
	referenceRangeMin: healthParameters.referenceRangeMin,
	referenceRangeMax: healthParameters.referenceRangeMax,
	status: healthParameters.status,
	testDate: healthParameters.testDate,
	source: healthParameters.source,
	documentId: healthParameters.documentId,
}

/** Like selectParameters, with only the columns of HealthParameter (for the trends, risk and prediction calculations). */
export function selectParameterValues(tx: TenantTransaction, patient: Patient, query: ParameterQuery = {}): Promise<HealthParameter[]> {
	if (query.codes && query.codes.length === 0) return Promise.resolve([])
	return tx
		.select(analyticsColumns)
		.from(healthParameters)
		.where(parameterConditions(patient, query))
		.orderBy(
			...(query.order === 'report'
				? [asc(healthParameters.documentId), asc(healthParameters.position), asc(healthParameters.id)]
				: [asc(healthParameters.testDate), asc(healthParameters.code), asc(healthParameters.position), asc(healthParameters.id)]),
		)
}

/**
 * The recent end of the history of `codes` (see shared/recent-history.ts),
 * in one query: the rows dated from `since`, `days` before the newest of them
 * on or before `until`, to `until`; with 'height', the heights from the newest
 * one measured on or before `since` (a BMI from weight uses the newest earlier
 * height). `since` is null when there are no rows. The first day and the
 * heights' first day are scalar subqueries PostgreSQL computes once, and each
 * part is a range of health_parameters_owner_code_date_idx.
 */
export async function selectRecentParameterValues(
	tx: TenantTransaction,
	patient: Patient,
	query: { codes: readonly string[]; until: LocalDate; days: number },
): Promise<{ rows: HealthParameter[]; since: LocalDate | null }> {
	if (query.codes.length === 0) return { rows: [], since: null }
	const since = sql`((select max(newest.test_date) from health_parameters newest where newest.owner_id = ${patient.userId} and newest.code in ${[...query.codes]} and newest.test_date <= ${query.until} and ${countedParameterCondition('newest')}) - ${query.days}::int)`
	const recent = (codes: string[], from: SQL) =>
		tx
			.select(analyticsColumns)
			.from(healthParameters)
			.where(and(parameterConditions(patient, { codes, until: query.until }), gte(healthParameters.testDate, from)))
	const otherCodes = query.codes.filter((code) => code !== 'height')
	const heightsFrom = sql`coalesce((select max(anchor.test_date) from health_parameters anchor where anchor.owner_id = ${patient.userId} and anchor.code = 'height' and anchor.test_date <= ${since} and ${countedParameterCondition('anchor')}), ${since})`
	const heights = query.codes.includes('height') ? recent(['height'], heightsFrom) : null
	const rows: HealthParameter[] =
		otherCodes.length === 0 ? await heights! : heights ? await unionAll(recent(otherCodes, since), heights) : await recent(otherCodes, since)
	if (rows.length === 0) return { rows, since: null }
	// The newest row is among them (dated on or after either first day).
	const newest = rows.reduce((latest, row) => (row.testDate > latest ? row.testDate : latest), rows[0].testDate)
	return { rows, since: addDaysToLocalDate(newest, -query.days) }
}

/** The patient's health parameters, oldest test date first. */
export async function listParameters(patient: Patient, query: ParameterQuery = {}): Promise<StoredHealthParameter[]> {
	return withTenant(patient.organizationId, (tx) => selectParameters(tx, patient, query))
}

/**
 * For every code, the rows of its newest test date on or before `until`
 * (what the dashboard's alerts look at).
 */
export function selectLatestParameters(tx: TenantTransaction, patient: Patient, until: LocalDate) {
	return tx
		.select(parameterColumns)
		.from(healthParameters)
		.where(
			and(
				eq(healthParameters.ownerId, patient.userId),
				lte(healthParameters.testDate, until),
				countedParameterCondition(),
				sql`${healthParameters.testDate} = (select max(newest.test_date) from health_parameters newest where newest.owner_id = ${patient.userId} and newest.code = ${healthParameters.code} and newest.test_date <= ${until} and ${countedParameterCondition('newest')})`,
			),
		)
		.orderBy(asc(healthParameters.code), asc(healthParameters.position), asc(healthParameters.id))
}

/** The patient's manual readings (each the rows added together), newest added first. */
export function selectManualReadings(tx: TenantTransaction, patient: Patient, options: { limit?: number } = {}): Promise<ManualReadingEntry[]> {
	const mine = and(eq(healthParameters.ownerId, patient.userId), eq(healthParameters.source, 'manual'))
	const readings = tx
		.select({ createdAt: healthParameters.createdAt, testDate: healthParameters.testDate })
		.from(healthParameters)
		.where(mine)
		.groupBy(healthParameters.createdAt, healthParameters.testDate)
		.orderBy(desc(healthParameters.createdAt), desc(healthParameters.testDate))
		.limit(options.limit ?? 1000)
		.as('readings')
	return tx
		.select({
			id: healthParameters.id,
			code: healthParameters.code,
			name: healthParameters.name,
			value: healthParameters.value,
			unit: healthParameters.unit,
			status: healthParameters.status,
			testDate: healthParameters.testDate,
			createdAt: healthParameters.createdAt,
			position: healthParameters.position,
		})
		.from(healthParameters)
		.innerJoin(readings, and(eq(healthParameters.createdAt, readings.createdAt), eq(healthParameters.testDate, readings.testDate)))
		.where(mine)
		.then(groupManualReadings)
}

export async function listManualReadings(patient: Patient, options: { limit?: number } = {}) {
	return withTenant(patient.organizationId, (tx) => selectManualReadings(tx, patient, options))
}

export type AddedManualReading = { id: string; testDate: LocalDate; rowCount: number }

/** Stores a validated manual reading as parameter rows (source 'manual'). Audited without values. */
export async function addManualReading(patient: Patient, reading: ManualReading): Promise<AddedManualReading> {
	const rows = manualReadingToParameters(reading)
	return withTenant(patient.organizationId, async (tx) => {
		const inserted = await tx
			.insert(healthParameters)
			.values(
				rows.map((row, position) => ({
					ownerId: patient.userId,
					documentId: null,
					source: 'manual' as const,
					code: row.code,
					name: row.name,
					value: row.value,
					valueText: String(row.value),
					unit: row.unit,
					referenceRangeMin: row.referenceRangeMin,
					referenceRangeMax: row.referenceRangeMax,
					referenceRangeText: null,
					status: row.status,
					testDate: row.testDate,
					position,
				})),
			)
			.returning({ id: healthParameters.id, position: healthParameters.position })
		const first = [...inserted].sort((a, b) => a.position - b.position)[0]
		await recordAudit(
			{
				action: 'health.reading.add',
				actor: patient,
				target: { type: 'health_reading', id: first.id },
				details: { rows: inserted.length },
			},
			tx,
		)
		return { id: first.id, testDate: reading.date, rowCount: inserted.length }
	})
}

/**
 * Deletes one of the patient's manual readings (all rows added with it), given
 * the id of any of its rows. Rows from documents and other people's rows are
 * never touched: the answer is false for them, as for an unknown id. Audited.
 */
export async function deleteManualReading(patient: Patient, id: string): Promise<Result<object, 'not-found'>> {
	const notFound = refuse('not-found', 'not-found', MANUAL_READING_TEXTS.notFound)
	if (!isUuid(id)) return notFound
	return withTenant(patient.organizationId, async (tx) => {
		const deleted = await tx
			.delete(healthParameters)
			.where(
				and(
					eq(healthParameters.ownerId, patient.userId),
					eq(healthParameters.source, 'manual'),
					sql`(${healthParameters.createdAt}, ${healthParameters.testDate}) = (select target.created_at, target.test_date from health_parameters target where target.id = ${id} and target.owner_id = ${patient.userId} and target.source = 'manual')`,
				),
			)
			.returning({ id: healthParameters.id })
		if (deleted.length === 0) return notFound
		await recordAudit(
			{
				action: 'health.reading.delete',
				actor: patient,
				target: { type: 'health_reading', id },
				details: { rows: deleted.length },
			},
			tx,
		)
		return succeed({})
	})
}

const profileColumns = {
	dateOfBirth: healthProfiles.dateOfBirth,
	sex: healthProfiles.sex,
	raceGroup: healthProfiles.raceGroup,
	isSmoker: healthProfiles.isSmoker,
	isTreatedForHypertension: healthProfiles.isTreatedForHypertension,
	hasDiabetes: healthProfiles.hasDiabetes,
}

export async function selectHealthProfile(tx: TenantTransaction, patient: Patient): Promise<HealthProfile> {
	const [row] = await tx.select(profileColumns).from(healthProfiles).where(eq(healthProfiles.ownerId, patient.userId))
	return row ?? EMPTY_HEALTH_PROFILE
}

/** The patient's risk profile; every answer null when none is stored. */
export async function getHealthProfile(patient: Patient): Promise<HealthProfile> {
	return withTenant(patient.organizationId, (tx) => selectHealthProfile(tx, patient))
}

/** Stores the date of birth given at registration (the rest of the profile unanswered). Audited without the date. */
export async function saveDateOfBirth(patient: Patient, dateOfBirth: LocalDate): Promise<void> {
	await withTenant(patient.organizationId, async (tx) => {
		await tx
			.insert(healthProfiles)
			.values({ ownerId: patient.userId, dateOfBirth })
			.onConflictDoUpdate({ target: healthProfiles.ownerId, set: { dateOfBirth, updatedAt: sql`now()` } })
		await recordAudit({ action: 'health.profile.update', actor: patient, target: { type: 'health_profile', id: patient.userId } }, tx)
	})
}

/** Stores the patient's risk profile (replacing the previous answers). Audited without the answers. */
export async function saveHealthProfile(patient: Patient, profile: HealthProfile): Promise<HealthProfile> {
	return withTenant(patient.organizationId, async (tx) => {
		const values = {
			dateOfBirth: profile.dateOfBirth,
			sex: profile.sex,
			raceGroup: profile.raceGroup,
			isSmoker: profile.isSmoker,
			isTreatedForHypertension: profile.isTreatedForHypertension,
			hasDiabetes: profile.hasDiabetes,
		}
		const [saved] = await tx
			.insert(healthProfiles)
			.values({ ownerId: patient.userId, ...values })
			.onConflictDoUpdate({ target: healthProfiles.ownerId, set: { ...values, updatedAt: sql`now()` } })
			.returning(profileColumns)
		await recordAudit(
			{
				action: 'health.profile.update',
				actor: patient,
				target: { type: 'health_profile', id: patient.userId },
			},
			tx,
		)
		return saved
	})
}
