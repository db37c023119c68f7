/** Error codes that mean there is no room left: the disk (ENOSPC), a quota (EDQUOT), PostgreSQL's disk (SQLSTATE 53100, disk_full). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100'])

/** Whether an error, or one of its causes, says the storage (a disk, a quota, the database's disk) is full. */
export function isStorageFullError(error: unknown): boolean {
	let current: unknown = error
	for (let depth = 0; depth < 5 && current; depth++) {
		const code = typeof current === 'object' && 'code' in current ? (current as { code: unknown }).code : undefined
		if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true
		current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
	}
	return false
}
