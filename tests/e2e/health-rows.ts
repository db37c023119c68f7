import { healthParameters } from '#db/schema/tenant.ts'
import { withTenant } from '#server/tenancy/index.ts'
import './fixtures.ts'

/** A stored value to seed: code, value and how many days before today (UTC) it was measured. */
export type SeedValue = { code: string; name: string; value: number; unit: string | null; daysAgo: number; min?: number; max?: number }

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
				code: value.code,
				name: value.name,
				value: value.value,
				valueText: String(value.value),
				unit: value.unit,
				referenceRangeMin: value.min ?? null,
				referenceRangeMax: value.max ?? null,
				testDate: daysAgo(value.daysAgo),
				position,
			})),
		),
	)
}
