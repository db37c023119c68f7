/**
 * Medications as the patient sees and edits them (issue 12 item 6): name,
 * dose, frequency, start date, the document it came from, status active or
 * stopped (stored 'discontinued', the extraction's word). Browser-safe.
 */
import { z } from 'zod'
import { isValidLocalDate } from '#server/time/shared/zoned-time.ts'
import { safeText } from '#server/validation/shared/text.ts'

export type MedicationStatus = 'active' | 'discontinued'

export const MEDICATION_STATUS_LABELS: Record<MedicationStatus, string> = { active: 'Active', discontinued: 'Stopped' }

export function medicationStatusLabel(status: string): string {
	return status === 'active' ? MEDICATION_STATUS_LABELS.active : MEDICATION_STATUS_LABELS.discontinued
}

/**
 * A dose as shown: as recorded, but a bare number (a C-CDA doseQuantity
 * without a unit, imported before its form was read) says so ('1 (unit not
 * given)', not 'Dose: 1'); null when none is recorded.
 */
export function medicationDoseText(dose: string | null | undefined): string | null {
	const text = dose?.trim()
	if (!text) return null
	return /^\d+(?:[.,]\d+)?$/.test(text) ? `${text} (unit not given)` : text
}

export const MEDICATION_TEXT_LIMITS = { name: 200, dose: 100, frequency: 100 } as const
export const EARLIEST_START_DATE = '1900-01-01'

export const MEDICATION_MESSAGES = {
	nameRequired: 'Please enter the medication name.',
	invalidDate: 'Please enter a valid date.',
	dateTooEarly: 'Dates before January 1, 1900 cannot be used.',
	notFoundTitle: 'Medication Not Found',
	notFoundText: 'The medication you are looking for does not exist or has been removed.',
	added: 'Medication added',
	saved: 'Medication updated',
	stopped: 'Medication stopped',
	empty: 'No medications yet. Add one, or upload a clinical note that lists them.',
	/** a medication listed by a record that is not counted as the patient's ('Someone else', or 'Is this you?' unanswered) */
	notCounted: "From a record you said is someone else's, or have not yet confirmed as yours: it is not on your medications list.",
} as const

const optionalText = (max: number) =>
	safeText({ max })
		.trim()
		.optional()
		.transform((value) => value || null)

/** The add and edit form (Conform + Zod, checked in the browser and again by the action). */
export const MedicationFormSchema = z.object({
	name: safeText({ max: MEDICATION_TEXT_LIMITS.name }).trim().min(1, MEDICATION_MESSAGES.nameRequired),
	dose: optionalText(MEDICATION_TEXT_LIMITS.dose),
	frequency: optionalText(MEDICATION_TEXT_LIMITS.frequency),
	startDate: z
		.string()
		.optional()
		.refine((value) => !value || isValidLocalDate(value), MEDICATION_MESSAGES.invalidDate)
		.refine((value) => !value || value >= EARLIEST_START_DATE, MEDICATION_MESSAGES.dateTooEarly)
		.transform((value) => value || null),
})
export type MedicationFormValue = z.infer<typeof MedicationFormSchema>
