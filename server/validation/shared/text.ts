/**
 * The rules every free-text input follows, in one place (browser-safe, used
 * by the forms, the actions, the loaders' search parameters and the tRPC
 * procedures): a maximum length per kind of field, and no control
 * characters. A NUL byte or another control character is refused with a
 * field message before anything reaches the database (PostgreSQL refuses NUL
 * in text, and the driver's error would carry the statement).
 */
import { z } from 'zod'
import { TEXT_LIMITS } from './text-limits.ts'

export { TEXT_LIMITS }

export const TEXT_MESSAGES = {
	notAllowedCharacters: 'Contains characters that are not allowed.',
	tooLong: (max: number) => `Must be at most ${max} characters`,
} as const

/*
 * Refused everywhere: C0 controls other than tab, line feed and carriage
 * return; DEL and the C1 controls; Unicode noncharacters (U+FDD0-U+FDEF and
 * U+xFFFE/U+xFFFF); unpaired surrogates (with the u flag a proper pair is one
 * code point, outside \p{Cs}). Single-line fields also refuse tab, line feed
 * and carriage return.
 */
// eslint-disable-next-line no-control-regex
const ALLOWED_MULTILINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Noncharacter_Code_Point}\p{Cs}]*$/u
// eslint-disable-next-line no-control-regex
const ALLOWED_SINGLE_LINE = /^[^\u0000-\u001F\u007F-\u009F\p{Noncharacter_Code_Point}\p{Cs}]*$/u

export type TextOptions = {
	/** Multi-line fields (notes, reasons) may hold tab, line feed and carriage return. */
	multiline?: boolean
}

/** The pattern a whole allowed text matches (for `z.string().regex()`). */
export function allowedTextPattern(options: TextOptions = {}): RegExp {
	return options.multiline ? ALLOWED_MULTILINE : ALLOWED_SINGLE_LINE
}

/** True when the text holds no character a text field refuses. */
export function isAllowedText(value: string, options: TextOptions = {}): boolean {
	return allowedTextPattern(options).test(value)
}

/**
 * A text field: at most `max` characters and no refused character, each with
 * its field message. A ZodString, so `.trim()`, `.min()` and `.optional()`
 * chain as usual.
 */
export function safeText(options: TextOptions & { max: number; tooLongMessage?: string }) {
	return z
		.string()
		.regex(allowedTextPattern(options), TEXT_MESSAGES.notAllowedCharacters)
		.max(options.max, options.tooLongMessage ?? TEXT_MESSAGES.tooLong(options.max))
}

export type SearchQuery = { query: string; error: string | null }

/**
 * A search text from a URL parameter (`?q=`), trimmed. Refused characters or
 * a text over the limit give an empty query and the field message, so the
 * search never runs with it.
 */
export function parseSearchQuery(raw: string | null | undefined, max: number = TEXT_LIMITS.search): SearchQuery {
	const value = (raw ?? '').trim()
	if (!isAllowedText(value)) return { query: '', error: TEXT_MESSAGES.notAllowedCharacters }
	if (value.length > max) return { query: '', error: TEXT_MESSAGES.tooLong(max) }
	return { query: value, error: null }
}

// eslint-disable-next-line no-control-regex
const REFUSED_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\p{Noncharacter_Code_Point}\p{Cs}]+/gu
// eslint-disable-next-line no-control-regex
const REFUSED_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Noncharacter_Code_Point}\p{Cs}]+/gu

/**
 * Text read from a file (an imported record's names and titles) made to follow
 * the same rules: refused characters become a space, the result is trimmed and
 * cut at `max` characters. A file's text is not the user's to correct, so it is
 * cleaned rather than refused.
 */
export function toAllowedText(value: string, max: number, options: TextOptions = {}): string {
	return value
		.replace(options.multiline ? REFUSED_MULTILINE : REFUSED_SINGLE_LINE, ' ')
		.trim()
		.slice(0, max)
		.trim()
}
