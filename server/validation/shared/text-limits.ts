/**
 * The maximum lengths alone, without zod: what a page's first JavaScript
 * needs (the header's search box) stays free of the validation library.
 * text.ts re-exports them with the rules that use them.
 */

/** Maximum lengths of text fields, in characters. */
export const TEXT_LIMITS = {
	personName: 200,
	email: 254,
	password: 128,
	title: 200,
	provider: 200,
	specialty: 100,
	location: 200,
	notes: 2000,
	reason: 500,
	phone: 40,
	search: 200,
	/** A value of a list filter (a doctor or a specialty). */
	filterValue: 200,
	timeZone: 64,
	/** An identifier such as a health parameter code. */
	code: 64,
	/** A non-file field of the upload form. */
	uploadField: 1000,
} as const
