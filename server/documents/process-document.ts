import { eq, sql } from 'drizzle-orm'
import { documents, healthParameters, medications, notifications } from '#db/schema/tenant.ts'
import { extractDocument, renderPreview, validatePdfStructure, type OcrEngine } from '#server/extraction/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { getFileStorage } from './storage.ts'

export type ProcessOutcome = 'processed' | 'failed' | 'missing'

/**
 * The worker's step for one document: extract, classify, store parameters and
 * medications, render a preview, notify the owner. Idempotent: a second run
 * replaces what the first stored. A file that cannot be read (corrupt or
 * encrypted PDF, bad image) marks the document failed with its reason and
 * removes the file; an unexpected error is thrown so the queue retries it.
 */
export async function processDocument(
	input: { organizationId: string; documentId: string },
	options: { ocr?: OcrEngine; isFinalAttempt?: boolean } = {},
): Promise<ProcessOutcome> {
	const storage = getFileStorage()
	const document = await withTenant(input.organizationId, async (tx) => {
		const [row] = await tx
			.update(documents)
			.set({ status: 'processing', processingStartedAt: new Date(), attempts: sql`${documents.attempts} + 1` })
			.where(eq(documents.id, input.documentId))
			.returning()
		return row
	})
	if (!document) return 'missing'

	try {
		const bytes = await storage.read(document.storageKey)
		const structure = document.fileKind === 'pdf' ? validatePdfStructure(bytes) : { ok: true as const }
		const result = structure.ok
			? await extractDocument({ bytes, fileName: document.fileName, ocr: options.ocr })
			: null
		if (!result || !result.accepted) {
			const reason = structure.ok ? (result?.reason ?? 'unreadable') : structure.reason
			const message = structure.ok ? (result?.message ?? 'The file could not be read.') : structure.message
			await markFailed(input, document.ownerId, document.title, reason, message, { fileRemoved: true })
			await storage.remove(document.storageKey)
			return 'failed'
		}

		const preview = await renderPreview({ bytes, kind: document.fileKind }).catch(() => null)
		const previewKey = preview ? `${document.storageKey}.preview.png` : null
		if (preview && previewKey) await storage.putBuffer(previewKey, preview)

		const queuedMs = Date.now() - document.uploadedAt.getTime()
		const isStillThere = await withTenant(input.organizationId, async (tx) => {
			// The owner may have deleted the document while it was being read: then store nothing.
			const [current] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, document.id)).for('update')
			if (!current) return false
			await tx.delete(healthParameters).where(eq(healthParameters.documentId, document.id))
			await tx.delete(medications).where(eq(medications.documentId, document.id))
			const testDateFallback = result.date ?? document.uploadedAt.toISOString().slice(0, 10)
			if (result.parameters.length) {
				await tx.insert(healthParameters).values(
					result.parameters.map((parameter, position) => ({
						ownerId: document.ownerId,
						documentId: document.id,
						source: 'document' as const,
						code: parameter.code,
						name: parameter.name,
						value: parameter.value,
						valueText: parameter.valueText,
						unit: parameter.unit,
						referenceRangeMin: parameter.referenceRangeMin,
						referenceRangeMax: parameter.referenceRangeMax,
						referenceRangeText: parameter.referenceRangeText,
						status: parameter.status,
						testDate: parameter.testDate ?? testDateFallback,
						position,
					})),
				)
			}
			if (result.medications.length) {
				await tx.insert(medications).values(
					result.medications.map((medication, position) => ({
						ownerId: document.ownerId,
						documentId: document.id,
						name: medication.name,
						dose: medication.dose,
						frequency: medication.frequency,
						status: medication.status,
						text: medication.text,
						position,
					})),
				)
			}
			await tx
				.update(documents)
				.set({
					status: 'processed',
					documentType: result.kind,
					title: result.title || document.title,
					documentDate: result.date,
					provider: result.provider,
					summary: result.summary,
					tags: result.tags,
					extractedText: result.text,
					pages: result.pages,
					details: result.dicom ? { dicom: result.dicom } : null,
					previewKey,
					timings: { ...result.timings, queuedMs },
					failureReason: null,
					failureMessage: null,
					processedAt: new Date(),
				})
				.where(eq(documents.id, document.id))
			await tx.insert(notifications).values({
				ownerId: document.ownerId,
				type: 'new_document',
				title: 'Document processed',
				message: `${result.title || document.title} is ready${result.parameters.length ? ` with ${result.parameters.length} lab values` : ''}.`,
				link: `/records/${document.id}`,
			})
			return true
		})
		if (!isStillThere) {
			if (previewKey) await storage.remove(previewKey)
			return 'missing'
		}
		return 'processed'
	} catch (error) {
		if (options.isFinalAttempt) {
			await markFailed(input, document.ownerId, document.title, 'processing_error', 'Processing failed. You can retry it from the record.')
		} else {
			await withTenant(input.organizationId, (tx) =>
				tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, input.documentId)),
			)
		}
		throw error
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
		await tx.delete(healthParameters).where(eq(healthParameters.documentId, input.documentId))
		await tx.delete(medications).where(eq(medications.documentId, input.documentId))
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
		await tx.insert(notifications).values({
			ownerId,
			type: 'error',
			title: 'Document could not be processed',
			message: `${title}: ${message}`,
			link: `/records/${input.documentId}`,
		})
	})
}
