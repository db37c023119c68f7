import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { organizations } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { getEnv } from '#server/env.server.ts'
import {
	extractDocument,
	extractInChildProcess,
	renderPreview,
	type ExtractionResult,
	type FileKind,
	type IsolatedExtraction,
	type OcrEngine,
} from '#server/extraction/index.ts'
import {
	documentValuesText,
	EMPTY_VALUE_SUMMARY,
	removeDocumentParameters,
	removeDocumentPrintedResults,
	replaceDocumentParameters,
	replaceDocumentPrintedResults,
	summarizeDocumentValues,
} from '#server/health/index.ts'
import { removeDocumentMedications, replaceDocumentMedications } from '#server/medications/index.ts'
import { isLastingFailure } from './lasting-failure.ts'
import { IMPORT_LOCK_CLASS, storeOrHoldImport, withUploadLimitCount } from './held-import.ts'
import { printedPatientOf, settleSubjectMatch } from './subject.ts'
import { documentNotificationKey, writeNotification } from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { selectKnownProviders, withKnownProvider } from './known-provider.ts'
import { DOCUMENT_MESSAGES } from './messages.ts'
import { copyToTempFile, getFileStorage, uploadTempDir, type FileStorage } from '#server/storage/index.ts'
import { MAX_UPLOAD_BYTES } from './shared/messages.ts'
import { strandedDocuments } from './cross-tenant-metadata.ts'

export type ProcessOutcome = 'processed' | 'failed' | 'missing'

/**
 * Reads one stored file, given as a temporary copy on this machine
 * (`filePath`, removed after): its extraction result and, when it was read,
 * a PNG preview.
 */
export type DocumentExtractor = (input: { filePath: string; fileName: string; kind: FileKind; signal?: AbortSignal }) => Promise<{
	result: ExtractionResult
	preview: Buffer | null
}>

/**
 * The worker's extractor: each document in a child process of its own,
 * within the time limit and memory budget of the environment
 * (EXTRACTION_TIMEOUT_SECONDS, EXTRACTION_MEMORY_MB).
 */
export function childProcessExtractor(): (input: Parameters<DocumentExtractor>[0]) => Promise<IsolatedExtraction> {
	const env = getEnv()
	const limits = { timeoutMs: env.EXTRACTION_TIMEOUT_SECONDS * 1000, memoryMb: env.EXTRACTION_MEMORY_MB }
	return (input) => extractInChildProcess(input, limits)
}

/** Extraction in this process (tests, scripts): the caps on inflated data, pixels and pages apply; the time limit and the memory budget do not. */
export function inProcessExtractor(ocr?: OcrEngine): DocumentExtractor {
	return async ({ filePath, fileName, kind }) => {
		const bytes = await readFile(filePath)
		const result = await extractDocument({ bytes, fileName, ocr })
		const preview = result.accepted ? await renderPreview({ bytes, kind }).catch(() => null) : null
		return { result, preview }
	}
}

/**
 * The worker's step for one document: extract (by default in a child process
 * with a time limit and a memory budget), store parameters and medications
 * and the preview, notify the owner. Idempotent: a second run (a retry, or a
 * job picked up again after its worker crashed) replaces what the first
 * stored, and the owner's notification is written once per outcome. A file
 * that cannot be read (corrupt or encrypted PDF, bad image) or that breaks
 * a processing limit ('too_large_to_process', 'processing_timeout') marks
 * the document failed with its reason and removes the file; an unexpected
 * error (the extraction process crashed, the database) is thrown so the
 * queue retries it.
 */
export async function processDocument(
	input: { organizationId: string; documentId: string },
	options: {
		/** default: childProcessExtractor(); given `ocr` alone, inProcessExtractor(ocr) */
		extract?: DocumentExtractor
		ocr?: OcrEngine
		isFinalAttempt?: boolean
		/** aborts the extraction (the worker is shutting down); the document goes back to the queue */
		signal?: AbortSignal
	} = {},
): Promise<ProcessOutcome> {
	const storage = getFileStorage()
	const extract = options.extract ?? (options.ocr ? inProcessExtractor(options.ocr) : childProcessExtractor())
	const document = await withTenant(input.organizationId, async (tx) => {
		const [current] = await tx.select({ status: documents.status }).from(documents).where(eq(documents.id, input.documentId)).for('update')
		// Failed is final (its file may be gone): only the owner's retry queues it again. A job that
		// runs again after its worker died past that point has nothing left to do.
		if (!current || current.status === 'failed') return current ? ('failed' as const) : null
		const [row] = await tx
			.update(documents)
			.set({ status: 'processing', processingStartedAt: new Date(), attempts: sql`${documents.attempts} + 1` })
			.where(eq(documents.id, input.documentId))
			.returning()
		return row
	})
	if (!document) return 'missing'
	if (document === 'failed') return 'failed'

	try {
		const extracted = await extractStoredFile(storage, document, extract, options.signal)
		const result = extracted.result
		if (!result.accepted) {
			await markFailed(input, document.ownerId, document.title, result.reason ?? 'unreadable', result.message ?? 'The file could not be read.', {
				fileRemoved: true,
			})
			await storage.remove(document.storageKey)
			return 'failed'
		}

		const preview = extracted.preview
		const previewKey = preview ? `${document.storageKey}.preview.png` : null
		if (preview && previewKey) await storage.putBuffer(previewKey, preview)
		// A preview this run wrote goes again when the run stores nothing; one an earlier run stored (and the row names) stays.
		const removeNewPreview = async () => {
			if (previewKey && document.previewKey !== previewKey) await storage.remove(previewKey).catch(() => {})
		}

		const queuedMs = Date.now() - document.uploadedAt.getTime()
		const isStillThere = await withTenant(input.organizationId, async (tx) => {
			// The owner may have deleted the document while it was being read: then store nothing.
			const [current] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, document.id)).for('update')
			if (!current) return false
			// One import at a time per patient: entries two files share are then stored once, by whichever comes first.
			if (result.structured) await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}::int, hashtext(${document.ownerId}))`)
			const testDateFallback = result.date ?? document.uploadedAt.toISOString().slice(0, 10)
			const parameterOutcome = await replaceDocumentParameters(
				tx,
				document,
				result.parameters.map((parameter) => ({ ...parameter, testDate: parameter.testDate ?? testDateFallback })),
			)
			// rows under names the vocabulary does not know: kept as printed, coded by the patient's earlier choices for their names
			await replaceDocumentPrintedResults(
				tx,
				document,
				(result.unmapped ?? []).map((row) => ({ ...row, testDate: row.testDate ?? testDateFallback })),
			)
			// Whose record it is: a record naming someone other than the profile asks 'Is this you?' before its values count.
			const printedPatient = printedPatientOf(result)
			const subjectMatch = await settleSubjectMatch(tx, { userId: document.ownerId, organizationId: input.organizationId }, document, printedPatient)
			const medicationOutcome = await replaceDocumentMedications(tx, { ...document, documentDate: result.date }, result.medications)
			// A FHIR file's other records (details only) and appointments: each made once, however often the file comes;
			// a file naming someone else keeps them until the patient answers 'Is this you?' (subject.ts).
			const imported = await storeOrHoldImport(tx, storage, { ...document, organizationId: input.organizationId }, subjectMatch, {
				references: result.importedDocuments ?? [],
				appointments: result.importedAppointments ?? [],
			})
			// A provider name already on the patient's records wins over a close OCR reading of it.
			const named = withKnownProvider(
				{ provider: result.provider, title: result.title || document.title },
				await selectKnownProviders(tx, document.ownerId, document.id),
			)
			await tx
				.update(documents)
				.set({
					status: 'processed',
					documentType: result.kind,
					title: named.title,
					documentDate: result.date,
					// a date that reads two ways: the patient chooses (date-choice.ts)
					dateChoices: result.date === null && result.dateChoices.length === 2 ? result.dateChoices : null,
					provider: named.provider,
					summary: result.summary + DOCUMENT_MESSAGES.alreadyImported(parameterOutcome.alreadyHeld + medicationOutcome.alreadyHeld),
					tags: result.tags,
					extractedText: result.text,
					pages: result.pages,
					details: result.dicom
						? { dicom: result.dicom, printedPatient }
						: result.structured
							? { structured: withUploadLimitCount(result.structured, imported.overUploadLimit), ...imported.held }
							: printedPatient.name || printedPatient.birthDate
								? { printedPatient }
								: null,
					subjectMatch,
					previewKey,
					timings: { ...result.timings, queuedMs },
					failureReason: null,
					failureMessage: null,
					processedAt: new Date(),
				})
				.where(eq(documents.id, document.id))
			// one count for the document, as every surface shows it (read, to check, outside the range)
			const values = (await summarizeDocumentValues(tx, [document.id])).get(document.id) ?? EMPTY_VALUE_SUMMARY
			await writeNotification(tx, {
				ownerId: document.ownerId,
				type: 'new_document',
				title: DOCUMENT_MESSAGES.processedTitle,
				message: DOCUMENT_MESSAGES.processedText(named.title, values.read ? documentValuesText(values, subjectMatch) : null),
				link: `/records/${document.id}`,
				dedupeKey: documentNotificationKey(document.id, 'processed'),
			})
			const abnormal = values.outside
			if (abnormal > 0) {
				await writeNotification(tx, {
					ownerId: document.ownerId,
					type: 'warning',
					title: DOCUMENT_MESSAGES.abnormalTitle,
					message: DOCUMENT_MESSAGES.abnormalText(named.title, abnormal),
					link: `/records/${document.id}`,
					dedupeKey: documentNotificationKey(document.id, 'abnormal'),
				})
			}
			return true
		}).catch(async (error: unknown) => {
			await removeNewPreview()
			throw error
		})
		if (!isStillThere) {
			if (previewKey) await storage.remove(previewKey)
			return 'missing'
		}
		return 'processed'
	} catch (error) {
		// It would fail again on this file: final at once, without Retry (which only a processing error offers).
		if (isLastingFailure(error)) {
			await markFailed(input, document.ownerId, document.title, 'cannot_process', DOCUMENT_MESSAGES.cannotProcess, { fileRemoved: true })
			await storage.remove(document.storageKey)
			return 'failed'
		}
		// A stop cut this run short: the job goes back to the queue with its attempt given back (server/jobs/interrupted-jobs.ts).
		if (options.isFinalAttempt && !options.signal?.aborted) {
			await markFailed(input, document.ownerId, document.title, 'processing_error', DOCUMENT_MESSAGES.processingFailed)
		} else {
			await withTenant(input.organizationId, (tx) => tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, input.documentId)))
		}
		throw error
	}
}

/**
 * Streams the stored file (local folder or bucket) into a temporary file
 * bounded by the upload limit, extracts from that file and removes it,
 * whatever the outcome: the worker never holds the document in memory.
 */
async function extractStoredFile(
	storage: FileStorage,
	document: { storageKey: string; fileName: string; fileKind: FileKind },
	extract: DocumentExtractor,
	signal: AbortSignal | undefined,
) {
	const copy = await copyToTempFile(storage, document.storageKey, { dir: uploadTempDir(), maxBytes: MAX_UPLOAD_BYTES })
	try {
		return await extract({ filePath: copy.path, fileName: document.fileName, kind: document.fileKind, signal })
	} finally {
		await copy.remove()
	}
}

async function markFailed(
	input: { organizationId: string; documentId: string },
	ownerId: string,
	title: string,
	reason: string,
	message: string,
	options: { fileRemoved?: boolean } = {},
) {
	await withTenant(input.organizationId, async (tx) => {
		await removeDocumentParameters(tx, input.documentId)
		await removeDocumentPrintedResults(tx, input.documentId)
		await removeDocumentMedications(tx, input.documentId)
		await tx
			.update(documents)
			.set({
				status: 'failed',
				failureReason: reason,
				failureMessage: message,
				processedAt: new Date(),
				// An unreadable file is not kept, so it no longer counts against the plan's storage.
				...(options.fileRemoved ? { sizeBytes: 0 } : {}),
			})
			.where(eq(documents.id, input.documentId))
		await writeNotification(tx, {
			ownerId,
			type: 'error',
			title: DOCUMENT_MESSAGES.failedTitle,
			message: `${title}: ${message}`,
			link: `/records/${input.documentId}`,
			dedupeKey: documentNotificationKey(input.documentId, 'failed'),
		})
	})
}

/**
 * A document whose job died with its worker on the last attempt (see
 * server/jobs/job-recovery.ts): failed with 'processing_error', which the
 * owner can retry. Returns whether it was still waiting or processing.
 */
export async function markDocumentInterrupted(input: { organizationId: string; documentId: string }): Promise<boolean> {
	const [document] = await withTenant(input.organizationId, (tx) =>
		tx.select({ ownerId: documents.ownerId, title: documents.title, status: documents.status }).from(documents).where(eq(documents.id, input.documentId)),
	)
	if (!document || (document.status !== 'processing' && document.status !== 'queued')) return false
	await markFailed(input, document.ownerId, document.title, 'processing_error', DOCUMENT_MESSAGES.processingFailed)
	return true
}

/**
 * The sweep for documents stranded in 'queued' or 'processing' with no job
 * left to run them (their last attempt failed and so did marking them
 * failed, as on a full disk): each is marked failed ('processing_error'),
 * which its owner can retry. Runs when a worker starts and every minute.
 * Returns how many it marked.
 */
export async function failStrandedDocuments(options: { olderThanSeconds?: number } = {}): Promise<number> {
	const tenants = await getDb().select({ id: organizations.id, schemaName: organizations.schemaName }).from(organizations)
	let marked = 0
	for (const stranded of await strandedDocuments(tenants, options)) {
		if (await markDocumentInterrupted(stranded)) marked++
	}
	return marked
}
