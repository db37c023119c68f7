/**
 * The doctor's contact details on a card or detail page: a sanity check for
 * phone numbers and the tel:/mailto: links built from them. Browser-safe.
 */

const PHONE_PATTERN = /^\+?[0-9().\-\s/]+?(?:\s*(?:ext\.?|x|#)\s*\d{1,6})?$/i
const EXTENSION_PATTERN = /\s*(?:ext\.?|x|#)\s*(\d{1,6})$/i

/** Main-number digits, without any extension. */
function mainNumberDigits(value: string): string {
	return value.replace(EXTENSION_PATTERN, '').replace(/\D/g, '')
}

/**
 * A sensible phone number: digits with the usual separators (spaces, dots,
 * dashes, slashes, parentheses), an optional leading '+', an optional
 * extension ('ext. 12', 'x12'), and 7 to 15 digits in the main number
 * (15 is the E.164 maximum).
 */
export function isPlausiblePhoneNumber(value: string): boolean {
	const trimmed = value.trim()
	if (!PHONE_PATTERN.test(trimmed)) return false
	const digits = mainNumberDigits(trimmed)
	return digits.length >= 7 && digits.length <= 15
}

/**
 * The telephone link for a contact phone ('tel:+15551234567;ext=12'), or null
 * when the number is not plausible.
 */
export function buildTelHref(phone: string | null | undefined): string | null {
	if (!phone || !isPlausiblePhoneNumber(phone)) return null
	const trimmed = phone.trim()
	const extension = EXTENSION_PATTERN.exec(trimmed)?.[1]
	const digits = mainNumberDigits(trimmed)
	const number = trimmed.startsWith('+') ? `+${digits}` : digits
	return extension ? `tel:${number};ext=${extension}` : `tel:${number}`
}

/** The mailto: link for a contact e-mail, or null when there is none. */
export function buildMailtoHref(email: string | null | undefined): string | null {
	const trimmed = email?.trim()
	if (!trimmed || !trimmed.includes('@')) return null
	return `mailto:${encodeURI(trimmed)}`
}
