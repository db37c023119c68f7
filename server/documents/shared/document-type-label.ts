/** The document types of spec section 3, in the order the UI lists them. */
export const DOCUMENT_TYPES = ['lab_report', 'imaging', 'clinical_notes', 'immunization', 'other'] as const

export type DocumentType = (typeof DOCUMENT_TYPES)[number]

export function isDocumentType(value: string): value is DocumentType {
	return (DOCUMENT_TYPES as readonly string[]).includes(value)
}

/** 'lab_report' -> 'Lab Report': underscores become spaces, each word capitalised (spec 2.7). */
export function documentTypeLabel(type: string) {
	return type
		.split('_')
		.filter(Boolean)
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}
