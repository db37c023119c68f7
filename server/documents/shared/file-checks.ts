import { ACCEPTED_FORMATS_TEXT } from '#server/extraction/shared/file-formats.ts'

/** Browser-side checks before an upload (spec section 5); the server checks the bytes again. */
export const MAX_UPLOAD_BYTES = 20_971_520
export const ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif', '.dcm', '.xml', '.json'] as const
export const ACCEPTED_MIME_TYPES = [
	'application/pdf',
	'image/jpeg',
	'image/jpg',
	'image/png',
	'image/webp',
	'image/heic',
	'image/heif',
	'image/heic-sequence',
	'image/heif-sequence',
	'application/dicom',
	'text/xml',
	'application/xml',
	'application/json',
	'application/fhir+json',
] as const
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, ...ACCEPTED_MIME_TYPES].join(',')

export const UPLOAD_TEXTS = {
	/** under the picker: what may be chosen */
	acceptedTypes: `${ACCEPTED_FORMATS_TEXT}, up to 20 MB each`,
	notAdded: 'Some files were not added:',
	tooLarge: (name: string) => `${name} is too large (max 20MB)`,
	unsupported: (name: string) => `${name} is not a supported file type`,
	someFailed: 'Some files failed to upload:',
	allFailed: 'Upload failed for all files:',
	failedFallback: (name: string) => `Failed to upload ${name}. Please try again.`,
	complete: 'Upload Complete!',
	notDetected: 'Not detected',
} as const

type FileLike = { name: string; size: number; type: string }

function isAcceptedType(file: FileLike) {
	const name = file.name.toLowerCase()
	return (ACCEPTED_MIME_TYPES as readonly string[]).includes(file.type) || ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))
}

/** Splits picked files into those to upload and those refused, with the spec's reasons. */
export function checkPickedFiles<T extends FileLike>(files: T[]) {
	const accepted: T[] = []
	const rejected: string[] = []
	for (const file of files) {
		if (file.size > MAX_UPLOAD_BYTES) rejected.push(UPLOAD_TEXTS.tooLarge(file.name))
		else if (!isAcceptedType(file)) rejected.push(UPLOAD_TEXTS.unsupported(file.name))
		else accepted.push(file)
	}
	return { accepted, rejected }
}
