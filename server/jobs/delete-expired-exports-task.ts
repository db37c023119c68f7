import type { Task } from 'graphile-worker'
import { deleteExpiredDataExports } from '#server/exports/index.ts'
import { logger } from '#server/logger.ts'

/** Every ten minutes: the zips of data exports past their expiry are deleted (server/exports/data-export.ts). */
export const deleteExpiredExportsTask: Task = async () => {
	const { deleted } = await deleteExpiredDataExports()
	logger.info('jobs.delete_expired_exports', { deleted })
}
