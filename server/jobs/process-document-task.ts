import type { Task } from 'graphile-worker'
import { z } from 'zod'
import { processDocument } from '#server/documents/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import { logger } from '#server/logger.ts'

const Payload = z.object({ organizationId: z.string().uuid(), documentId: z.string().uuid() })

let engine: Promise<OcrEngine> | undefined

/** Extracts one uploaded document (queued by the upload in the same transaction). */
export const processDocumentTask: Task = async (payload, helpers) => {
	const input = Payload.parse(payload)
	engine ??= Promise.resolve(createDefaultOcrEngine())
	const started = Date.now()
	const outcome = await processDocument(input, {
		ocr: await engine,
		isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts,
	})
	logger.info('jobs.process_document', {
		documentId: input.documentId,
		outcome,
		attempt: helpers.job.attempts,
		ms: Date.now() - started,
	})
}
