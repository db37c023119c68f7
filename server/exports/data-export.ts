import { createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, desc, eq, gt, isNotNull, lt, lte, ne, sql } from 'drizzle-orm'
import { ZipFile } from 'yazl'
import { getDb } from '#db/client.ts'
import { dataExports, users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Patient } from '#server/auth/index.ts'
import { selectOwnerAppointmentsForExport } from '#server/appointments/index.ts'
import { isUuid, selectOwnerDocumentsForExport } from '#server/documents/index.ts'
import { getFileStorage, uploadTempDir } from '#server/storage/index.ts'
import { queueEmail } from '#server/email/index.ts'
import { refuse, succeed, type Result } from '#server/errors/index.ts'
import { buildExportBundle, type ExportRecords } from '#server/fhir/index.ts'
import { getHealthProfile, selectOwnerHealthParametersForExport, selectOwnerPrintedResultsForExport } from '#server/health/index.ts'
import { enqueueBuildDataExport } from '#server/queue/queue.ts'
import { selectOwnerMedicationsForExport } from '#server/medications/index.ts'
import { selectOwnerNotificationsForExport, writeNotification } from '#server/notifications/index.ts'
import { selectOwnerSharesForExport } from '#server/sharing/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { appOrigin } from '#server/http/app-origin.ts'

/**
 * Export My Data: a zip built in the background with every document file,
 * JSON of the profile, the documents' metadata and extracted text, health
 * parameters, appointments, medications, notifications and shares, and a FHIR R4
 * Bundle of the same records (server/fhir). It is stored under the data
 * directory's file store and downloaded by its owner alone, while signed in,
 * until it expires.
 */
export const EXPORT_LIFETIME_DAYS = 7
export const SETTINGS_EXPORT_PATH = '/settings#export'
/** Files stored as they are in the zip: compressed already (photos), deflating gains nothing. */
const COMPRESSED_KINDS = new Set(['jpeg', 'png', 'webp', 'heic'])

export type DataExportSummary = {
	id: string
	status: 'queued' | 'ready' | 'failed'
	createdAt: string
	expiresAt: string | null
	sizeBytes: number | null
}

/** One export a day per user (each is a zip of every file, kept EXPORT_LIFETIME_DAYS and counted in the organization's storage). */
export const EXPORT_COOLDOWN_HOURS = 24

/**
 * Asks for a new export: refused while one is still being built, and within
 * EXPORT_COOLDOWN_HOURS of the last one asked for (a failed one does not
 * count). When the new one is ready it replaces the older zips
 * (buildDataExport).
 */
export async function requestDataExport(patient: Patient, now = new Date()): Promise<Result<{ exportId: string }, 'in-progress' | 'once-a-day'>> {
	return getDb().transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(7304, hashtext(${patient.userId}))`)
		const [pending] = await tx
			.select({ id: dataExports.id })
			.from(dataExports)
			.where(and(eq(dataExports.userId, patient.userId), eq(dataExports.status, 'queued')))
		if (pending) return refuse('conflict', 'in-progress', ACCOUNT_MESSAGES.exportInProgress)
		const [recent] = await tx
			.select({ id: dataExports.id })
			.from(dataExports)
			.where(
				and(
					eq(dataExports.userId, patient.userId),
					ne(dataExports.status, 'failed'),
					gt(dataExports.createdAt, new Date(now.getTime() - EXPORT_COOLDOWN_HOURS * 60 * 60_000)),
				),
			)
			.limit(1)
		if (recent) return refuse('rate-limited', 'once-a-day', ACCOUNT_MESSAGES.exportOncePerDay)
		const [row] = await tx.insert(dataExports).values({ userId: patient.userId, organizationId: patient.organizationId }).returning({ id: dataExports.id })
		await enqueueBuildDataExport(tx, { exportId: row!.id })
		await recordAudit({ action: 'account.export_request', actor: patient, target: { type: 'data_export', id: row!.id } }, tx)
		return succeed({ exportId: row!.id })
	})
}

/** The user's recent exports, newest first, for Settings. */
export async function listDataExports(userId: string): Promise<DataExportSummary[]> {
	const rows = await getDb().select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(5)
	const now = Date.now()
	return rows.map((row) => ({
		id: row.id,
		status: row.status,
		createdAt: row.createdAt.toISOString(),
		expiresAt: row.expiresAt && row.expiresAt.getTime() > now ? row.expiresAt.toISOString() : null,
		sizeBytes: row.sizeBytes,
	}))
}

/** A document that failed as unreadable had its file removed (size 0): the export lists it without a file. */
function hasStoredFile(row: { status: string; sizeBytes: number }) {
	return !(row.status === 'failed' && row.sizeBytes === 0)
}

function archiveNameOf(documentId: string, fileName: string) {
	const safe =
		fileName
			.replace(/[^A-Za-z0-9._-]+/g, '_')
			.replace(/^\.+/, '')
			.slice(0, 100) || 'file'
	return `documents/${documentId}-${safe}`
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`)

/** Reads the owner's rows from their organization's schema (one tenant transaction), each through its table's owner (decision 011). */
async function readOwnerRecords(patient: Patient) {
	return withTenant(patient.organizationId, async (tx) => {
		const owner = patient.userId
		const [documentRows, parameterRows, printedRows, medicationRows, appointmentRows, notificationRows, shareRows] = await Promise.all([
			selectOwnerDocumentsForExport(tx, owner),
			selectOwnerHealthParametersForExport(tx, owner),
			selectOwnerPrintedResultsForExport(tx, owner),
			selectOwnerMedicationsForExport(tx, owner),
			selectOwnerAppointmentsForExport(tx, owner),
			selectOwnerNotificationsForExport(tx, owner),
			selectOwnerSharesForExport(tx, owner),
		])
		return { documentRows, parameterRows, printedRows, medicationRows, appointmentRows, notificationRows, shareRows }
	})
}

/** The job: builds the zip, stores it, marks the export ready and tells the owner (notification and e-mail). */
export async function buildDataExport(exportId: string): Promise<void> {
	const db = getDb()
	const [job] = await db.select().from(dataExports).where(eq(dataExports.id, exportId))
	if (!job || job.status !== 'queued') return
	const [user] = await db
		.select({ id: users.id, name: users.name, email: users.email, phone: users.phone, timeZone: users.timeZone })
		.from(users)
		.where(eq(users.id, job.userId))
	if (!user) return
	const patient: Patient = { userId: user.id, organizationId: job.organizationId }
	const healthProfile = await getHealthProfile(patient)
	const rows = await readOwnerRecords(patient)
	const now = new Date()

	const profile = { name: user.name, email: user.email, phone: user.phone, timeZone: user.timeZone, ...healthProfile }
	const documentsJson = rows.documentRows.map((row) => ({
		id: row.id,
		title: row.title,
		description: row.description,
		documentType: row.documentType,
		documentDate: row.documentDate,
		provider: row.provider,
		summary: row.summary,
		tags: row.tags,
		fileName: row.fileName,
		fileKind: row.fileKind,
		mimeType: row.mimeType,
		sizeBytes: row.sizeBytes,
		sha256: row.sha256,
		status: row.status,
		uploadedAt: row.uploadedAt,
		processedAt: row.processedAt,
		pages: row.pages,
		extractedText: row.extractedText,
		file: hasStoredFile(row) ? archiveNameOf(row.id, row.fileName) : null,
	}))
	const records: ExportRecords = {
		patient: { id: user.id, name: user.name, email: user.email, phone: user.phone, dateOfBirth: healthProfile.dateOfBirth, sex: healthProfile.sex },
		documents: rows.documentRows.map((row) => ({ ...row, archivePath: hasStoredFile(row) ? archiveNameOf(row.id, row.fileName) : null })),
		parameters: rows.parameterRows,
		appointments: rows.appointmentRows,
		medications: rows.medicationRows,
	}
	const bundle = buildExportBundle(records, { now, bundleId: exportId })

	const zip = new ZipFile()
	zip.addBuffer(
		Buffer.from(
			[
				'Carebook data export',
				`Made ${now.toISOString()} for ${user.email}.`,
				'',
				'profile.json, documents.json (metadata and extracted text), health-parameters.json, printed-results.json',
				'(results printed under names Carebook does not know, and the tests you said they are), appointments.json,',
				'medications.json, notifications.json and shares.json (your share links: recipient, expiry, documents,',
				'who opened them) hold your records; documents/ holds every file you uploaded;',
				'fhir-bundle.json holds the same records as a FHIR R4 Bundle (Patient, DocumentReference, Observation,',
				'Appointment, MedicationStatement).',
				'',
			].join('\n'),
		),
		'README.txt',
	)
	zip.addBuffer(json(profile), 'profile.json')
	zip.addBuffer(json(documentsJson), 'documents.json')
	zip.addBuffer(json(rows.parameterRows), 'health-parameters.json')
	zip.addBuffer(json(rows.printedRows), 'printed-results.json')
	zip.addBuffer(json(rows.appointmentRows), 'appointments.json')
	zip.addBuffer(json(rows.medicationRows), 'medications.json')
	zip.addBuffer(json(rows.notificationRows), 'notifications.json')
	zip.addBuffer(json(rows.shareRows), 'shares.json')
	zip.addBuffer(json(bundle), 'fhir-bundle.json')
	const storage = getFileStorage()
	for (const row of rows.documentRows.filter(hasStoredFile)) {
		// Each file streams from the store when the archive reaches it: never all of them in memory at once.
		zip.addReadStreamLazy(archiveNameOf(row.id, row.fileName), { compress: !COMPRESSED_KINDS.has(row.fileKind) }, (done) => {
			storage.stream(row.storageKey).then(
				(file) => done(null, Readable.fromWeb(file.body as import('node:stream/web').ReadableStream<Uint8Array>)),
				(error: unknown) => done(error, null as never),
			)
		})
	}
	zip.end()

	const tempDir = uploadTempDir()
	await mkdir(tempDir, { recursive: true })
	const tempPath = path.join(tempDir, `export-${exportId}.part`)
	try {
		await pipeline(zip.outputStream, createWriteStream(tempPath))
		const { size } = await stat(tempPath)
		const storageKey = `${job.organizationId}/exports/${exportId}.zip`
		await storage.putFile(storageKey, tempPath)
		const expiresAt = new Date(now.getTime() + EXPORT_LIFETIME_DAYS * 24 * 60 * 60_000)
		const replaced = await db.transaction(async (tx) => {
			await tx.update(dataExports).set({ status: 'ready', storageKey, sizeBytes: size, completedAt: now, expiresAt }).where(eq(dataExports.id, exportId))
			// the new export replaces the user's older zips: one kept at a time
			const olderThanThis = and(eq(dataExports.userId, user.id), isNotNull(dataExports.storageKey), lt(dataExports.createdAt, job.createdAt))
			const older = await tx.select({ storageKey: dataExports.storageKey }).from(dataExports).where(olderThanThis).for('update')
			await tx.update(dataExports).set({ storageKey: null, expiresAt: now }).where(olderThanThis)
			await queueEmail(tx, {
				to: user.email,
				kind: 'export_ready',
				userId: user.id,
				subject: ACCOUNT_MESSAGES.exportReadyTitle,
				lines: [`Your Carebook data export is ready. ${ACCOUNT_MESSAGES.exportReadyMessage}`, 'Sign in and open Settings to download it.'],
				link: { label: 'Open Settings', url: `${appOrigin()}${SETTINGS_EXPORT_PATH}` },
			})
			return older.flatMap((row) => (row.storageKey ? [row.storageKey] : []))
		})
		for (const key of replaced) await storage.remove(key)
		await withTenant(job.organizationId, (tx) =>
			writeNotification(tx, {
				ownerId: user.id,
				type: 'success',
				title: ACCOUNT_MESSAGES.exportReadyTitle,
				message: ACCOUNT_MESSAGES.exportReadyMessage,
				link: SETTINGS_EXPORT_PATH,
				dedupeKey: `data-export:${exportId}:ready`,
				hasOwnEmail: true,
			}),
		)
	} finally {
		await rm(tempPath, { force: true })
	}
}

/**
 * The `delete_expired_exports` cron task (every ten minutes): the zip of
 * every export past its expiry is removed from the file store and the row
 * forgets its key, so nothing of it outlives the 7 days the owner was told.
 * The download refuses an expired export already; this removes the file.
 * One export's failure (a store error) leaves it for the next run.
 */
export async function deleteExpiredDataExports(now = new Date()) {
	const expired = await getDb()
		.select({ id: dataExports.id, storageKey: dataExports.storageKey })
		.from(dataExports)
		.where(and(isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, now)))
	const storage = getFileStorage()
	let deleted = 0
	for (const row of expired) {
		await storage.remove(row.storageKey!)
		await getDb().update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id))
		deleted += 1
	}
	return { deleted }
}

/** The last attempt failed: the export shows as failed and another can be asked for. */
export async function failDataExport(exportId: string) {
	await getDb()
		.update(dataExports)
		.set({ status: 'failed', completedAt: new Date() })
		.where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'queued')))
}

/**
 * The file of a ready export for its owner while it has not expired; null
 * otherwise ("not yours", unknown, expired and not ready answer alike). Audited.
 */
export async function openDataExport(patient: Patient, exportId: string) {
	if (!isUuid(exportId)) return null
	const [row] = await getDb()
		.select()
		.from(dataExports)
		.where(and(eq(dataExports.id, exportId), eq(dataExports.userId, patient.userId), eq(dataExports.status, 'ready'), gt(dataExports.expiresAt, sql`now()`)))
	if (!row?.storageKey) return null
	const file = await getFileStorage().stream(row.storageKey)
	await recordAudit({ action: 'account.export_download', actor: patient, target: { type: 'data_export', id: row.id } })
	return { ...file, fileName: `carebook-export-${row.createdAt.toISOString().slice(0, 10)}.zip` }
}
