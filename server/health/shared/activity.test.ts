import { describe, expect, it } from 'vitest'
import { buildRecentActivity, type ActivityDocument } from './activity.ts'
import type { ManualReadingEntry } from './manual-reading-groups.ts'

function document(overrides: Partial<ActivityDocument>): ActivityDocument {
	return {
		id: 'd1',
		title: 'Lab results',
		status: 'processed',
		uploadedAt: new Date('2026-01-01T10:00:00Z'),
		processedAt: new Date('2026-01-01T10:00:05Z'),
		failureMessage: null,
		subjectMatch: 'matched',
		values: { read: 12, toCheck: 2, outside: 3 },
		...overrides,
	}
}

const reading: ManualReadingEntry = {
	id: 'r1',
	kind: 'glucose',
	label: 'Glucose',
	testDate: '2026-01-03',
	addedAt: new Date('2026-01-03T09:00:00Z'),
	summary: 'Glucose 96 mg/dL',
	values: [],
	rowIds: ['r1'],
}

describe('recent activity', () => {
	it('lists uploads, processing results and readings, newest first', () => {
		const events = buildRecentActivity(
			[
				document({}),
				document({
					id: 'd2',
					title: 'Scan',
					status: 'failed',
					uploadedAt: new Date('2026-01-02T10:00:00Z'),
					processedAt: new Date('2026-01-02T10:01:00Z'),
					failureMessage: 'The PDF is damaged.',
				}),
				document({ id: 'd3', title: 'Visit', status: 'queued', uploadedAt: new Date('2026-01-04T10:00:00Z'), processedAt: null }),
			],
			[reading],
		)
		expect(events.map((event) => [event.kind, event.title, event.detail])).toEqual([
			['document_uploaded', 'Uploaded Visit', 'Waiting to be processed.'],
			['reading_added', 'Added a reading: glucose', 'Glucose 96 mg/dL'],
			['document_failed', 'Could not process Scan', 'The PDF is damaged.'],
			['document_uploaded', 'Uploaded Scan', null],
			['document_processed', 'Processed Lab results', '12 lab values read, 2 to check, 3 outside the reference range.'],
			['document_uploaded', 'Uploaded Lab results', null],
		])
	})

	it("says what waits for 'Is this you?', and the same summary as the notification and the record page", () => {
		const [processed] = buildRecentActivity([document({ subjectMatch: 'mismatch', values: { read: 82, toCheck: 0, outside: 0 } })], [])
		expect(processed.detail).toBe("82 lab values waiting for 'Is this you?'.")
		const [none] = buildRecentActivity([document({ values: { read: 0, toCheck: 0, outside: 0 } })], [])
		expect(none.detail).toBe('No lab values found.')
	})

	it('keeps the newest 8', () => {
		const documents = Array.from({ length: 6 }, (_, index) =>
			document({ id: `d${index}`, uploadedAt: new Date(Date.UTC(2026, 0, index + 1)), processedAt: new Date(Date.UTC(2026, 0, index + 1, 1)) }),
		)
		const events = buildRecentActivity(documents, [])
		expect(events).toHaveLength(8)
		expect(events[0].id).toBe('d5:processed')
	})
})
