import { ExtractionProcessError } from '#server/extraction/index.ts'

/**
 * Whether an error processing a document would happen again on the same
 * file, so that neither the queue's retries nor the owner's Retry are worth
 * offering: a RangeError (a string or array past the engine's limits), a
 * statement over PostgreSQL's 65,535 parameters, a value PostgreSQL refuses
 * (class 22, data exception) or a limit of its own (class 54), and the same
 * errors thrown inside the extraction process. A crash, a timeout of the
 * database or a lost connection is not: it may pass.
 */
const LASTING_ERROR_NAMES = new Set(['RangeError'])

export function isLastingFailure(error: unknown): boolean {
	if (error instanceof ExtractionProcessError) return error.childErrorName !== null && LASTING_ERROR_NAMES.has(error.childErrorName)
	if (error instanceof RangeError) return true
	const code = (error as { code?: unknown } | null)?.code
	if (code === 'MAX_PARAMETERS_EXCEEDED') return true
	return typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code) && (error as { name?: unknown }).name === 'PostgresError'
}
