import { z } from 'zod'

/**
 * The patient's review of the lab values read from a document (issue 27
 * point 4): confirm a value kept "to check", correct its value, unit or
 * range, remove a row that is not a result, add a value the reading missed.
 * Browser-safe: the document page validates with the same schema.
 */

export const VALUE_REVIEW_TEXTS = {
	toCheck: 'To check',
	corrected: 'Corrected',
	added: 'Added by you',
	confirmed: 'Confirmed',
	readAs: 'Read as',
	alternate: 'Another row of this test on the report (another name or unit): your trends, comparisons and predictions use the other one.',
	toCheckNote: 'Values marked "To check" do not count in your trends, health score, risk, comparisons or predictions until you confirm or correct them.',
	confirm: 'Confirm',
	edit: 'Edit',
	remove: 'Remove',
	save: 'Save correction',
	cancel: 'Cancel',
	addTitle: 'Add a missed value',
	add: 'Add value',
	removedCount: (count: number) => `${count} row${count === 1 ? '' : 's'} removed as not a result.`,
	valueRequired: 'Enter the value as printed',
	valueInvalid: 'Enter a number, such as 5.4 or < 0.5',
	codeRequired: 'Choose the test',
	codeUnknown: 'Choose a test from the list',
	rangeInvalid: 'Enter a range such as 70 - 99, < 150 or > 40',
	notFound: 'This value is no longer on the document.',
	confirmAllTitle: 'Values to check',
	confirmAllNote: 'Untick any value that does not match the report, then confirm the rest at once. Correct or remove the others in the table below.',
	confirmAll: 'Confirm all that look right',
	noneTicked: 'Tick at least one value to confirm',
} as const

/** The toast after each change (the page shows the value's new state). */
export const VALUE_REVIEW_NOTICES = {
	'confirm-value': { title: 'Value confirmed', description: 'It now counts in your trends.', tone: 'success' },
	'correct-value': { title: 'Value corrected', description: 'Your correction is used in your trends; the value as read is kept.', tone: 'success' },
	'remove-value': { title: 'Row removed', description: 'It no longer counts as a result.', tone: 'success' },
	'add-value': { title: 'Value added', description: 'It now counts in your trends.', tone: 'success' },
	'confirm-values': { title: 'Values confirmed', description: 'They now count in your trends.', tone: 'success' },
} as const

/** A value as a patient types it: a number, with a '<' or '>' before it for a result below or above what was measured. */
export const VALUE_TEXT_PATTERN = /^(?:[<>]=?\s*)?-?\d+(?:[.,]\d+)?$/

export const VALUE_REVIEW_INTENTS = ['confirm-value', 'correct-value', 'remove-value', 'add-value', 'confirm-values'] as const
export type ValueReviewIntent = (typeof VALUE_REVIEW_INTENTS)[number]

const valueText = z
	.string({ required_error: VALUE_REVIEW_TEXTS.valueRequired })
	.trim()
	.max(24, VALUE_REVIEW_TEXTS.valueInvalid)
	.regex(VALUE_TEXT_PATTERN, VALUE_REVIEW_TEXTS.valueInvalid)
const optionalText = (max: number) => z.string().trim().max(max).optional()
const parameterId = z.string().uuid(VALUE_REVIEW_TEXTS.notFound)

export const ValueReviewSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('confirm-value'), parameterId }),
	// 'Confirm all that look right': the values to check the patient left ticked
	z.object({
		intent: z.literal('confirm-values'),
		parameterIds: z.array(parameterId, { required_error: VALUE_REVIEW_TEXTS.noneTicked }).min(1, VALUE_REVIEW_TEXTS.noneTicked).max(500),
	}),
	z.object({ intent: z.literal('remove-value'), parameterId }),
	z.object({ intent: z.literal('correct-value'), parameterId, value: valueText, unit: optionalText(30), range: optionalText(40) }),
	z.object({
		intent: z.literal('add-value'),
		code: z.string({ required_error: VALUE_REVIEW_TEXTS.codeRequired }).trim().max(60),
		value: valueText,
		unit: optionalText(30),
		range: optionalText(40),
	}),
])

export type ValueReview = z.infer<typeof ValueReviewSchema>
/** A change to one value (every intent but 'confirm-values', which confirms several one by one). */
export type SingleValueReview = Exclude<ValueReview, { intent: 'confirm-values' }>

/** Is this form intent one of the value review's? */
export function isValueReviewIntent(intent: unknown): intent is ValueReviewIntent {
	return typeof intent === 'string' && (VALUE_REVIEW_INTENTS as readonly string[]).includes(intent)
}

/** The number a typed value stands for ('< 0.5' is 0.5, '5,4' is 5.4). */
export function numberOfValueText(text: string): number {
	return Number(text.replace(/^[<>]=?\s*/, '').replace(',', '.'))
}
