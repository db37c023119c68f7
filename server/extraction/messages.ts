import type { RejectionReason } from './types.ts'

/** User-facing texts for rejected files, in one place for the UI and the tests. */
export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
	empty_file: 'The file is empty (0 bytes).',
	too_large: 'The file is too large. Maximum size is 20MB.',
	type_mismatch: 'The file content does not match a supported type (PDF, JPEG, PNG or DICOM).',
	unsupported_type: 'This file type is not supported. Upload a PDF, JPEG, PNG or DICOM file.',
	corrupt_pdf: 'The PDF is damaged or incomplete (it may have been truncated) and cannot be read.',
	encrypted_pdf: 'The PDF is password-protected and cannot be read.',
	corrupt_image: 'The image is damaged and cannot be read.',
	corrupt_dicom: 'The DICOM file is damaged and cannot be read.',
	too_large_to_process: 'This file is too large to process.',
	processing_timeout: 'Processing took too long.',
	unsafe_file: 'This file was refused for safety reasons.',
	unreadable_record: 'The health record file could not be read.',
}

/** XML or JSON content that is not a C-CDA document or a FHIR resource. */
export const NOT_A_HEALTH_RECORD = {
	xml: 'The XML file is not a C-CDA document (its root must be ClinicalDocument in the urn:hl7-org:v3 namespace).',
	json: 'The JSON file is not a FHIR R4 resource (it has no resourceType).',
}

/** A more precise message when the content is a known non-document type. */
export function typeMismatchMessage(detected: string): string {
	return `The file content is ${detected}, not a PDF, JPEG, PNG or DICOM file.`
}

/** The spec's upload text for a file over the limit (section 5). */
export function tooLargeMessage(fileName: string): string {
	return `File ${fileName} is too large. Maximum size is 20MB.`
}

/** A PDF over the page limit (limits.ts MAX_PDF_PAGES). */
export function tooManyPagesMessage(maxPages: number): string {
	return `This file is too large to process: it has more than ${maxPages} pages.`
}

/** Why a lab value is kept "to check" (plausibility.ts), shown beside it on the document page. */
export const TO_CHECK_REASONS = {
	unitUnknown: (unit: string) => `The unit "${unit}" was not recognised.`,
	unitDimension: (unit: string, name: string) => `The unit "${unit}" does not measure ${name}.`,
	valueImplausible: (valueText: string, name: string) => `The value ${valueText} is outside what is possible for ${name}; it may have been misread.`,
	rangeImplausible: (range: string, name: string) => `The reference range "${range}" is unusual for ${name}; a digit may have been misread.`,
	flagDisagrees: (flagged: string, computed: string) => `The report marks this value ${flagged}, but against its reference range it is ${computed}.`,
}
