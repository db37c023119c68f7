import type { Task } from 'graphile-worker'
import { buildDataExport, failDataExport } from '#server/exports/index.ts'
import { BuildDataExportPayloadSchema } from '#server/queue/queue.ts'

/**
 * Builds one data export (server/exports/data-export.ts). An error throws so
 * graphile-worker tries again; the last attempt marks the export failed.
 */
export const buildDataExportTask: Task = async (payload, helpers) => {
	const input = BuildDataExportPayloadSchema.parse(payload)
	try {
		await buildDataExport(input.exportId)
	} catch (error) {
		if (helpers.job.attempts >= helpers.job.max_attempts) await failDataExport(input.exportId)
		throw error
	}
}
