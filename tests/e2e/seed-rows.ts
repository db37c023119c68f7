import { documents, healthParameters } from '#db/schema/tenant.ts'
import { withTenant } from '#server/tenancy/index.ts'
import './fixtures.ts'

/** A stored value to seed: code, value and how many days before today (UTC) it was measured. */
export type SeedValue = {
	code: string
	name: string
	value: number
	unit: string | null
	daysAgo: number
	min?: number
	max?: number
	/** as the pipeline grades it when storing (the stored status is the grade every screen shows) */
	status?: 'normal' | 'low' | 'high' | 'critical'
	/** the document it was read from (insertDocumentRow); none: a value without a document page */
	documentId?: string
	/** kept to check, with the reason shown beside it (decision 022) */
	toCheck?: { code: string; reason: string }
}

/** The UTC date `days` days before today, 'YYYY-MM-DD'. */
export function daysAgo(days: number, now = new Date()) {
	return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Stores lab values for a patient as a processed document would (source 'document', no document
 * row), at dates counted back from today: the trends of a patient who uploaded older reports.
 */
export async function seedHealthValues(patient: { id: string; organizationId: string }, values: SeedValue[]) {
	await withTenant(patient.organizationId, (tx) =>
		tx.insert(healthParameters).values(
			values.map((value, position) => ({
				ownerId: patient.id,
				source: 'document' as const,
				documentId: value.documentId ?? null,
				...(value.toCheck ? { reviewStatus: 'to_check' as const, reviewCode: value.toCheck.code, reviewReason: value.toCheck.reason } : {}),
				code: value.code,
				name: value.name,
				value: value.value,
				valueText: String(value.value),
				unit: value.unit,
				referenceRangeMin: value.min ?? null,
				referenceRangeMax: value.max ?? null,
				status: value.status ?? null,
				testDate: daysAgo(value.daysAgo),
				position,
			})),
		),
	)
}

/** A document row as the pipeline leaves it (no file behind it: for lists, not for opening). */
export async function insertDocumentRow(
	patient: { id: string; organizationId: string },
	document: { title: string; status: 'processed' | 'failed'; documentDate?: string; sizeBytes?: number },
) {
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx
			.insert(documents)
			.values({
				ownerId: patient.id,
				fileName: `${document.title}.pdf`,
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: document.sizeBytes ?? 1000,
				sha256: `e2e-${document.title}`,
				storageKey: `${patient.organizationId}/e2e-${document.title}`,
				categoryGuess: 'bloodwork',
				title: document.title,
				documentType: 'lab_report',
				documentDate: document.documentDate ?? '2025-03-14',
				status: document.status,
				...(document.status === 'failed' ? { failureReason: 'unreadable', failureMessage: 'The file could not be read.' } : {}),
			})
			.returning({ id: documents.id })
		return row!.id
	})
}
