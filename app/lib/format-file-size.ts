const UNITS = [
	{ unit: 'GB', bytes: 1_000_000_000 },
	{ unit: 'MB', bytes: 1_000_000 },
	{ unit: 'KB', bytes: 1_000 },
] as const

/**
 * A file's size as people read it, in decimal units like the upload limit
 * ('20 MB' is 20,000,000 bytes): '0 B', '512 B', '1.5 KB', '340 KB', '2.4 MB'.
 * One decimal below 10 of a unit, whole numbers above; a size that rounds up
 * to 1000 of a unit is shown in the next unit ('1.0 MB', not '1000 KB').
 */
export function formatFileSize(bytes: number): string {
	if (!Number.isFinite(bytes) || bytes < 0) return '0 B'
	const whole = Math.round(bytes)
	if (whole < 1_000) return `${whole} B`
	for (const [index, { unit, bytes: size }] of UNITS.entries()) {
		if (whole < size) continue
		const value = whole / size
		const text = value < 10 ? value.toFixed(1) : String(Math.round(value))
		const larger = UNITS[index - 1]
		if (larger && Number(text) >= 1_000) return `${(whole / larger.bytes).toFixed(1)} ${larger.unit}`
		return `${text} ${unit}`
	}
	return `${whole} B`
}
