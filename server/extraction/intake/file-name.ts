/**
 * Upload file names: a safe display name, the spec's category guess and the
 * default title (section 5: the name without its extension).
 */

export type UploadCategory = 'bloodwork' | 'imaging' | 'visit' | 'procedure' | 'other'

const MAX_NAME_LENGTH = 200

/**
 * A readable base name: no directories, no '..', no '/' or '\\', no control
 * or bidi-override characters, no leading dots; keeps the extension; never
 * empty ('document' when nothing usable is left).
 */
export function sanitizeFileName(name: string): string {
	const normalised = String(name ?? '').normalize('NFC')
	const base =
		normalised
			.split(/[/\\]+/)
			.filter((part) => part !== '')
			.pop() ?? ''
	const onlyExtension = /^\.([A-Za-z0-9]{1,8})$/.exec(base.trim())
	if (onlyExtension) return `document.${onlyExtension[1].toLowerCase()}`
	let clean = base
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
		.replace(/[<>:"|?*]/g, '_')
		.replace(/\.{2,}/g, '.')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/^[.\s]+/, '')
		.replace(/[.\s]+$/, '')
	if (clean.length > MAX_NAME_LENGTH) {
		const extension = /\.[A-Za-z0-9]{1,8}$/.exec(clean)?.[0] ?? ''
		clean = clean.slice(0, MAX_NAME_LENGTH - extension.length) + extension
	}
	if (!clean || /^\.[A-Za-z0-9]+$/.test(clean) || clean === '.') {
		const extension = /\.([A-Za-z0-9]{1,8})$/.exec(base)?.[1]
		return extension ? `document.${extension.toLowerCase()}` : 'document'
	}
	return clean
}

/** The name without directories and without its last extension. */
export function titleFromFileName(name: string): string {
	const base = sanitizeFileName(name)
	const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,8}$/, '')
	return withoutExtension || base
}

/**
 * The spec's guess from the name (section 5): contains 'lab' gives
 * bloodwork, 'imaging' imaging, 'visit' visit, 'procedure' procedure,
 * otherwise other (case-insensitive, checked in that order).
 */
export function guessCategoryFromFileName(name: string): UploadCategory {
	const lower = sanitizeFileName(name).toLowerCase()
	if (lower.includes('lab')) return 'bloodwork'
	if (lower.includes('imaging')) return 'imaging'
	if (lower.includes('visit')) return 'visit'
	if (lower.includes('procedure')) return 'procedure'
	return 'other'
}
