import { describe, expect, it } from 'vitest'
import { canRetryProcessing, documentStatusBadge, isAwaitingProcessing, textExcerpt } from './document-status.ts'

describe('documentStatusBadge', () => {
	it('labels documents that are not processed', () => {
		expect(documentStatusBadge('queued')).toEqual({ label: 'Queued', tone: 'neutral' })
		expect(documentStatusBadge('processing')).toEqual({ label: 'Processing', tone: 'info' })
		expect(documentStatusBadge('failed')).toEqual({ label: 'Failed', tone: 'danger' })
	})

	it('shows no badge for a processed document', () => {
		expect(documentStatusBadge('processed')).toBeNull()
	})
})

describe('isAwaitingProcessing', () => {
	it('is true while queued or processing only', () => {
		expect(isAwaitingProcessing('queued')).toBe(true)
		expect(isAwaitingProcessing('processing')).toBe(true)
		expect(isAwaitingProcessing('processed')).toBe(false)
		expect(isAwaitingProcessing('failed')).toBe(false)
	})
})

describe('canRetryProcessing', () => {
	it('allows a retry after a processing error only', () => {
		expect(canRetryProcessing({ status: 'failed', failureReason: 'processing_error' })).toBe(true)
		expect(canRetryProcessing({ status: 'failed', failureReason: 'encrypted_pdf' })).toBe(false)
		expect(canRetryProcessing({ status: 'processed', failureReason: null })).toBe(false)
	})
})

describe('textExcerpt', () => {
	it('keeps a short text whole', () => {
		expect(textExcerpt('  Glucose 107 mg/dL  ')).toEqual({ text: 'Glucose 107 mg/dL', isTruncated: false })
		expect(textExcerpt(null)).toEqual({ text: '', isTruncated: false })
	})

	it('cuts a long text at a word boundary near the limit', () => {
		const excerpt = textExcerpt('alpha beta gamma delta', 12)
		expect(excerpt).toEqual({ text: 'alpha beta…', isTruncated: true })
	})

	it('cuts mid-word when no boundary is near', () => {
		expect(textExcerpt('abcdefghijklmnop', 10)).toEqual({ text: 'abcdefghij…', isTruncated: true })
	})
})
