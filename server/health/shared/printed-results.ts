import { z } from 'zod'

/**
 * Results a report prints under a name the vocabulary does not know (issue 38 point 3): shown on
 * the document page under their printed name, 'not in trends', until the patient says which test
 * a row is. Browser-safe: the page's forms validate with the same schema.
 */

export const PRINTED_RESULT_TEXTS = {
	heading: 'Results under names Carebook does not know',
	intro:
		'These rows are shown as printed. They are not in your trends until you say which test each one is; a report that prints the same name later is then added the same way.',
	notInTrends: 'Not in trends',
	inTrendsAs: (analyte: string) => `In trends as ${analyte}`,
	byYou: 'by your choice',
	byEarlierChoice: 'by your earlier choice',
	asConverted: (value: string) => `added as ${value}`,
	chooseTitle: 'Which test is this?',
	searchLabel: 'Find a test',
	searchPlaceholder: 'Type part of a name',
	testLabel: 'Test',
	chooseOption: 'Choose a test',
	noOptions: 'No test in the list is measured in this unit.',
	submit: 'Add to trends',
	undo: 'Undo',
	codeRequired: 'Choose the test',
	codeUnknown: 'Choose a test from the list',
	unitIncompatible: (analyte: string, units: string) => `This row's unit does not convert to ${analyte} (${units}). Choose another test.`,
	valueImplausible: (analyte: string) => `This value cannot be ${analyte} in this unit. Choose another test.`,
	alreadyOnDocument: (analyte: string) => `This report already has a value for ${analyte} in your trends. Choose another test.`,
	notFound: 'This row is no longer on the document.',
} as const

/** The toast after each change (the page shows the row's new state). */
export const PRINTED_RESULT_NOTICES = {
	'code-printed-result': {
		title: 'Added to your trends',
		description: 'Reports that print the same name will be added the same way.',
		tone: 'success',
	},
	'uncode-printed-result': {
		title: 'Removed from your trends',
		description: 'The row stays on the report as printed; reports that print this name are no longer added by it.',
		tone: 'success',
	},
} as const

export const PRINTED_RESULT_INTENTS = ['code-printed-result', 'uncode-printed-result'] as const
export type PrintedResultIntent = (typeof PRINTED_RESULT_INTENTS)[number]

const printedResultId = z.string().uuid(PRINTED_RESULT_TEXTS.notFound)

export const PrintedResultSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('code-printed-result'),
		printedResultId,
		code: z
			.string({ required_error: PRINTED_RESULT_TEXTS.codeRequired })
			.trim()
			.min(1, PRINTED_RESULT_TEXTS.codeRequired)
			.max(60, PRINTED_RESULT_TEXTS.codeUnknown),
	}),
	z.object({ intent: z.literal('uncode-printed-result'), printedResultId }),
])

export type PrintedResultChange = z.infer<typeof PrintedResultSchema>

/** Is this form intent one of the printed results'? */
export function isPrintedResultIntent(intent: unknown): intent is PrintedResultIntent {
	return typeof intent === 'string' && (PRINTED_RESULT_INTENTS as readonly string[]).includes(intent)
}
