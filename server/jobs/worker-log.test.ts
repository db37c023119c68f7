import { describe, expect, it } from 'vitest'
import { workerLogFields, workerMessageSummary } from './worker-log.ts'

const MARKER = 'PHI-MARKER-51c0'

describe("graphile-worker's messages in our log", () => {
	it('keeps only the opening words of a task failure, never the error text or stack', () => {
		const message = `Failed task 17 (process_document, 12.40ms, attempt 1 of 3) with error 'Failed query: update "documents" set "extracted_text" = $1\nparams: ${MARKER}':\n  Error: ...`
		expect(workerMessageSummary(message)).toBe('Failed task')
		const fields = workerLogFields('error', message, {
			failure: true,
			job: { id: '17', task_identifier: 'process_document', attempts: 1, max_attempts: 3, payload: { note: MARKER } },
			error: Object.assign(new Error(`params: ${MARKER}`), { code: '22021' }),
			duration: 12.4,
		})
		expect(fields).toEqual({
			workerLevel: 'error',
			workerMessage: 'Failed task',
			taskIdentifier: 'process_document',
			jobId: '17',
			attempt: 1,
			maxAttempts: 3,
			durationMs: 12,
			errorName: 'Error',
			errorCode: '22021',
		})
		expect(JSON.stringify(fields)).not.toContain(MARKER)
	})

	it('drops a message that opens with anything but words', () => {
		expect(workerMessageSummary(`${MARKER} went wrong`)).toBeUndefined()
		expect(workerMessageSummary('PostgreSQL idle client generated error: x')).toBe('PostgreSQL idle client generated error')
	})
})
