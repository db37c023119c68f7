/**
 * en-US dates for the health screens (spec section 9: English US, 12-hour
 * AM/PM). Built from numeric parts so the server and the browser render the
 * same characters. Browser-safe.
 */

import { formatTime12, MONTH_ABBREVIATIONS as MONTHS, zonedParts } from '#server/time/shared/date-format.ts'
import { displayUnit } from './measurement.ts'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** '2025-03-14' -> 'Mar 14, 2025'; anything else is returned unchanged. */
export function formatHealthDate(date: string): string {
	const match = ISO_DATE.exec(date)
	if (!match) return date
	const month = Number(match[2])
	if (month < 1 || month > 12) return date
	return `${MONTHS[month - 1]} ${Number(match[3])}, ${match[1]}`
}

/** 'Mar 14, 2025, 2:05 PM' for an instant in a zone (UTC when none is known). */
export function formatHealthDateTime(instant: Date, timeZone: string | null | undefined): string {
	const { year, month, day, hour, minute } = zonedParts(instant, timeZone)
	return `${MONTHS[month - 1]} ${day}, ${year}, ${formatTime12(hour, minute)}`
}

/** 'mmHg' -> ' mmHg', 'mm[Hg]' -> ' mmHg', 'kg/m2' -> ' kg/m²', '%' -> '%', none -> '' (units in human form, measurement.ts). */
export function unitSuffix(unit: string | null): string {
	const shown = displayUnit(unit)
	if (!shown) return ''
	return shown === '%' ? '%' : ` ${shown}`
}
