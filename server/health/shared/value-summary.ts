/**
 * One count for one document (issue 39 point 2): the lab values read from
 * it, of them those kept to check, and of them those outside their reference
 * range. Every surface that speaks of a document's values (the upload card,
 * the record page, the notification, the dashboard's recent activity) shows
 * this summary in these words (server/health/document-value-summary.ts
 * computes it from the stored rows).
 */
export type DocumentValueSummary = {
	/** values read and kept (alternate rows of a code and removed values are not) */
	read: number
	/** of them, still to check */
	toCheck: number
	/** of them, outside the reference range (low, high or critical) */
	outside: number
}

export const EMPTY_VALUE_SUMMARY: DocumentValueSummary = { read: 0, toCheck: 0, outside: 0 }

function labValues(count: number) {
	return `${count} lab value${count === 1 ? '' : 's'}`
}

function parts(summary: DocumentValueSummary) {
	return [summary.toCheck ? `${summary.toCheck} to check` : null, summary.outside ? `${summary.outside} outside the reference range` : null].filter(Boolean)
}

export const VALUE_SUMMARY_TEXTS = {
	none: 'No lab values found.',
	waitingForAnswer: "waiting for 'Is this you?'",
} as const

/** '12 lab values read, 10 to check, 5 outside the reference range.' */
export function valueSummaryText(summary: DocumentValueSummary): string {
	if (summary.read === 0) return VALUE_SUMMARY_TEXTS.none
	return `${[`${labValues(summary.read)} read`, ...parts(summary)].join(', ')}.`
}

/** The values of a record that asks 'Is this you?': '82 lab values waiting for 'Is this you?' (3 to check).' */
export function waitingValueSummaryText(summary: DocumentValueSummary): string {
	if (summary.read === 0) return VALUE_SUMMARY_TEXTS.none
	const detail = parts(summary)
	return `${labValues(summary.read)} ${VALUE_SUMMARY_TEXTS.waitingForAnswer}${detail.length ? ` (${detail.join(', ')})` : ''}.`
}

/** The summary in the words its record's state calls for: waiting on 'Is this you?' or as read. */
export function documentValuesText(summary: DocumentValueSummary, subjectMatch: string): string {
	return subjectMatch === 'mismatch' ? waitingValueSummaryText(summary) : valueSummaryText(summary)
}
