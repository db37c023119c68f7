/**
 * The one way a health parameter's value and unit are written for people
 * (the document page, compare, the shared view). Browser-safe.
 *
 * - Units in human form: UCUM codes from C-CDA and FHIR files are written as
 *   reports print them ('mm[Hg]' -> 'mmHg', '10*3/uL' -> '10^3/uL',
 *   '[lb_av]' -> 'lb'); UCUM's unity '1' and bare annotations ('{score}') are
 *   no unit at all.
 * - Values with the precision of their source: the printed text as printed;
 *   a value that only a computation could have written (a FHIR float such as
 *   188.55088885812418: more than four decimals) is rounded to three
 *   significant digits, never fewer than its whole digits (189, 5.43, 0.0123).
 */

const UCUM_TO_HUMAN: Record<string, string> = {
	'mm[Hg]': 'mmHg',
	'[lb_av]': 'lb',
	'[in_i]': 'in',
	'[ft_i]': 'ft',
	'[oz_av]': 'oz',
	'[degF]': '°F',
	Cel: '°C',
	'kg/m2': 'kg/m²',
	'mL/min/{1.73_m2}': 'mL/min/1.73m²',
	'/min': '/min',
	'{beats}/min': 'beats/min',
	'{breaths}/min': 'breaths/min',
	'%': '%',
	'1': '',
}

/** A unit as people read it; '' when there is none. */
export function displayUnit(unit: string | null | undefined): string {
	const trimmed = unit?.trim() ?? ''
	if (!trimmed) return ''
	if (trimmed in UCUM_TO_HUMAN) return UCUM_TO_HUMAN[trimmed]!
	// A bare annotation is no unit ('{score}', '{ratio}').
	if (/^\{[^}]*\}$/.test(trimmed)) return ''
	return trimmed
		.replace(/^10\*(\d+)/, '10^$1')
		.replace(/\[(i?U|IU)\]/g, 'IU')
		.replace(/^u(?=IU|g|mol|L)/, 'µ')
		.replace(/\{[^}]*\}/g, '')
		.replace(/\[([a-z]+)_[a-z]+\]/gi, '$1')
}

const OVER_PRECISE = /^-?\d+\.\d{5,}$/

/** The value as written: the source's text, or a computed float rounded to a reading's precision. */
export function formatValueText(valueText: string): string {
	const text = valueText.trim()
	if (!OVER_PRECISE.test(text)) return text
	const value = Number(text)
	const wholeDigits = Math.abs(value) >= 1 ? Math.floor(Math.log10(Math.abs(value))) + 1 : 0
	const decimals = Math.max(0, 3 - wholeDigits)
	if (wholeDigits > 0) return String(Number(value.toFixed(decimals)))
	return String(Number(value.toPrecision(3)))
}

/** '107 mg/dL', '56.3%', '189 mmHg', the value alone when it has no unit. */
export function formatMeasurement(valueText: string, unit: string | null | undefined): string {
	const value = formatValueText(valueText)
	const shown = displayUnit(unit)
	if (!shown) return value
	return shown === '%' ? `${value}%` : `${value} ${shown}`
}
