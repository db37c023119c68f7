import type { Task } from 'graphile-worker'
import { childProcessExtractor, processDocument, type DocumentExtractor } from '#server/documents/index.ts'
import { logger } from '#server/logger.ts'
import { ProcessDocumentPayloadSchema } from '#server/queue/queue.ts'

/**
 * Extracts one uploaded document (queued by the upload in the same
 * transaction) in a child process with the environment's time limit and
 * memory budget. A graceful shutdown aborts the extraction and the job
 * goes back to the queue.
 */
export const processDocumentTask: Task = async (payload, helpers) => {
	const input = ProcessDocumentPayloadSchema.parse(payload)
	const started = Date.now()
	let peakMb: number | null = null
	const isolated = childProcessExtractor()
	const extract: DocumentExtractor = async (request) => {
		const extraction = await isolated(request)
		peakMb = Math.round(extraction.peakMb)
		return extraction
	}
	const outcome = await processDocument(input, {
		extract,
		isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts,
		signal: helpers.abortSignal,
	})
	logger.info('jobs.process_document', {
		documentId: input.documentId,
		outcome,
		attempt: helpers.job.attempts,
		ms: Date.now() - started,
		extractionPeakMb: peakMb,
	})
}
