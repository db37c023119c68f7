/** Display rules of the admin screens (spec sections 2.15 and 9). Browser-safe. */

/** Storage bar colour: red above 90 percent, amber above 75, else blue. */
export function storageBarTone(percent: number): 'red' | 'amber' | 'blue' {
	if (percent > 90) return 'red'
	if (percent > 75) return 'amber'
	return 'blue'
}

/** CPU and memory bars turn red above 80 percent. */
export function isLoadHigh(percent: number | null) {
	return (percent ?? 0) > 80
}

/** Storage in GB = MB / 1000, rounded (two decimals for small values). */
export function megabytesToGigabytes(megabytes: number) {
	return Math.round((megabytes / 1000) * 100) / 100
}

export function bytesToMegabytes(bytes: number) {
	return bytes / 1_000_000
}

export function percentOf(part: number, whole: number) {
	return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export function formatUsd(cents: number) {
	return usd.format(cents / 100)
}

/** Percent change from a previous value ('+12.5%'); null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
	if (previous === 0) return current === 0 ? 0 : null
	return Math.round(((current - previous) / previous) * 1000) / 10
}

export function capitalize(value: string) {
	return value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ')
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** An instant as 'Nov 25, 2026, 9:05 AM' (UTC: administrators work across zones). */
export function formatAdminDateTime(value: Date | string | null, fallback = 'Never') {
	if (!value) return fallback
	return `${dateTime.format(new Date(value))} UTC`
}

export function formatAdminDate(value: Date | string | null, fallback = 'N/A') {
	if (!value) return fallback
	return dateOnly.format(new Date(value))
}
