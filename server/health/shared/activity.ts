import { ACTIVITY_TEXTS } from './messages.ts'
import { documentValuesText, type DocumentValueSummary } from './value-summary.ts'
import type { ManualReadingEntry } from './manual-reading-groups.ts'
import type { LocalDate } from './types.ts'

/**
 * The dashboard's recent activity: the patient's own events, newest first:
 * a document uploaded, then processed (with its value summary, or what waits
 * on 'Is this you?') or
 * failed (with why), and manual readings added.
 */

export const RECENT_ACTIVITY_LIMIT = 8

export type ActivityDocument = {
	id: string
	title: string
	status: 'queued' | 'processing' | 'processed' | 'failed'
	uploadedAt: Date
	processedAt: Date | null
	failureMessage: string | null
	/** 'mismatch': its values wait for the answer to 'Is this you?' */
	subjectMatch: string
	/** the document's one value summary (value-summary.ts) */
	values: DocumentValueSummary
}

export type ActivityKind = 'document_uploaded' | 'document_processed' | 'document_failed' | 'reading_added'

export type ActivityEvent = {
	id: string
	kind: ActivityKind
	at: Date
	title: string
	detail: string | null
	/** The reading's date, for readings. */
	testDate: LocalDate | null
	link: string
}

function documentEvents(document: ActivityDocument): ActivityEvent[] {
	const link = `/records/${document.id}`
	const events: ActivityEvent[] = [
		{
			id: `${document.id}:uploaded`,
			kind: 'document_uploaded',
			at: document.uploadedAt,
			title: ACTIVITY_TEXTS.uploaded(document.title),
			detail: document.status === 'queued' || document.status === 'processing' ? ACTIVITY_TEXTS.waitingForProcessing : null,
			testDate: null,
			link,
		},
	]
	if (document.status === 'processed' && document.processedAt) {
		events.push({
			id: `${document.id}:processed`,
			kind: 'document_processed',
			at: document.processedAt,
			title: ACTIVITY_TEXTS.processed(document.title),
			detail: documentValuesText(document.values, document.subjectMatch),
			testDate: null,
			link,
		})
	}
	if (document.status === 'failed' && document.processedAt) {
		events.push({
			id: `${document.id}:failed`,
			kind: 'document_failed',
			at: document.processedAt,
			title: ACTIVITY_TEXTS.failed(document.title),
			detail: document.failureMessage,
			testDate: null,
			link,
		})
	}
	return events
}

function readingEvent(reading: ManualReadingEntry): ActivityEvent {
	return {
		id: `${reading.id}:reading`,
		kind: 'reading_added',
		at: reading.addedAt,
		title: ACTIVITY_TEXTS.readingAdded(reading.label),
		detail: reading.summary,
		testDate: reading.testDate,
		link: '/trends#manual-readings',
	}
}

/** The newest events (at most `limit`), newest first. */
export function buildRecentActivity(documents: ActivityDocument[], readings: ManualReadingEntry[], limit: number = RECENT_ACTIVITY_LIMIT): ActivityEvent[] {
	return [...documents.flatMap(documentEvents), ...readings.map(readingEvent)]
		.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : 1))
		.slice(0, limit)
}
