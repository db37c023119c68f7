/** '12.3 MB', '1 GB' (storage in MB, GB = MB / 1000 as in spec section 9). */
export function formatStorageMb(mb: number) {
	if (mb >= 1000 && Number.isInteger(mb / 1000)) return `${mb / 1000} GB`
	return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`
}

/** Percent of a limit used, 0-100, one decimal below 10. */
export function usagePercent(used: number, limit: number) {
	if (limit <= 0) return 100
	const percent = Math.min(100, (used / limit) * 100)
	return percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)
}
