import type { FileKind, RejectionReason } from '../types.ts'
import { ACCEPTED_FORMATS_TEXT } from '../shared/file-formats.ts'
import type { EntryKind, NotImportedReason } from '../shared/structured-types.ts'

/** User-facing texts for rejected files, in one place for the UI and the tests. */
export const REJECTION_MESSAGES: Record<RejectionReason, string> = {
	empty_file: 'The file is empty (0 bytes).',
	too_large: 'The file is too large. Maximum size is 20MB.',
	type_mismatch: `The file content does not match a supported type (${ACCEPTED_FORMATS_TEXT}).`,
	unsupported_type: `This file type is not supported. Upload a ${ACCEPTED_FORMATS_TEXT} file.`,
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
	return `The file content is ${detected}, not a ${ACCEPTED_FORMATS_TEXT} file.`
}

const KIND_NAMES: Record<FileKind, string> = {
	pdf: 'a PDF',
	jpeg: 'a JPEG image',
	png: 'a PNG image',
	webp: 'a WebP image',
	heic: 'a HEIC image',
	dicom: 'a DICOM file',
	ccda: 'a C-CDA document',
	fhir: 'a FHIR file',
}

/** A name's extension claims a supported type that the content is not (a text renamed 'photo.heic'). */
export function claimedTypeMismatchMessage(extension: string, claimed: FileKind): string {
	return `The file is named .${extension.toLowerCase()}, but its content is not ${KIND_NAMES[claimed]} (nor another supported type).`
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
	severalResults: (valueText: string) =>
		`The row shows several results side by side and the scan does not say which is the newest; ${valueText} was read from the first.`,
	readingsDisagree: (valueText: string, otherValueText: string) =>
		`The scan was read twice and the readings differ (${valueText} or ${otherValueText}); a digit may have been misread.`,
	valueRepaired: (valueText: string) =>
		`The scan's digits were unclear and ${valueText} was inferred (a decimal point or a letter read as a digit); it does not fit this test's usual and printed ranges.`,
}

/** The same rules' reasons for a value imported from a C-CDA or FHIR file: nothing was read, so nothing was misread. */
export const IMPORTED_TO_CHECK_REASONS: typeof TO_CHECK_REASONS = {
	...TO_CHECK_REASONS,
	valueImplausible: (valueText, name) =>
		`The imported value ${valueText} is outside what is possible for ${name}; the record may give it in another unit than it states. Check it against the original.`,
	rangeImplausible: (range, name) => `The imported reference range "${range}" is unusual for ${name}. Check it against the original record.`,
	flagDisagrees: (flagged, computed) => `The record marks this value ${flagged}, but against its reference range it is ${computed}.`,
}

/** What a C-CDA or FHIR import did not import, and why: the record page's 'Not imported' list (structured/import-report.ts). */
export const IMPORT_REPORT_TEXTS = {
	heading: 'What was not imported',
	intro: 'Entries of the file that are not among the values, medications and lists above, by kind, with the reason.',
	nothingMissing: 'Every entry of the file was imported.',
	kinds: {
		results: 'Results',
		vitals: 'Vital signs',
		medications: 'Medications',
		immunizations: 'Immunizations',
		problems: 'Problems',
		allergies: 'Allergies',
		documents: 'Other records',
		appointments: 'Appointments',
		other: 'Other sections',
	} satisfies Record<EntryKind, string>,
	reasons: {
		not_a_number: 'kept as text: the value is not a number',
		comparator: 'kept as text: the value is a limit (such as <5), not a number',
		no_value: 'kept as text: the file gives no value',
		unknown_code: 'kept as text: neither a LOINC code nor a name this app knows',
		no_name: 'kept as text: the file does not name it',
		unknown_section: 'kept as text: a section or entry type this app does not import',
		not_structured: 'kept as text: the document body is not structured',
		other_category: 'kept as text: an observation that is neither a result nor a vital sign',
		no_time: 'kept as text: no date or status this app can use',
		entered_in_error: 'not imported: marked as entered in error',
		refuted: 'not imported: marked as refuted',
		placeholder: 'not imported: an empty placeholder entry',
		no_resource: 'not imported: an entry without its content (only its address)',
		other_subject: "not imported: about another patient than the file's",
	} satisfies Record<NotImportedReason, string>,
	statementsLabel: 'The file states',
	emptySection: (title: string) => `The section '${title}' was read as empty: it has no entries.`,
	noInformationSection: (title: string) => `The section '${title}' says there is no information.`,
	sectionByTitle: (title: string) => `The section '${title}' was recognised by its title (it has no standard code).`,
	moreEntries: (count: number) => `and ${count} more`,
	entriesWhy: (count: number, why: string) => `${count} ${count === 1 ? 'entry' : 'entries'} ${why}`,
	keptAsTextUnknownReason: 'kept as text (not structured)',
	overFileCap: (count: number, cap: number) =>
		`${count} more ${count === 1 ? 'entry was' : 'entries were'} not imported: this app takes at most ${cap.toLocaleString('en-US')} of them from one file`,
	overUploadLimit: (count: number) =>
		`${count} ${count === 1 ? 'record was' : 'records were'} not made: each counts as an upload, and the upload limit was reached. Upload the file again later to add ${count === 1 ? 'it' : 'them'}.`,
}

/** The statements 'none' entries become (structured/none-entries.ts). */
export const NONE_STATEMENTS = {
	noneKnown: {
		results: 'No results',
		vitals: 'No vital signs',
		medications: 'No known medications',
		immunizations: 'No immunizations',
		problems: 'No known problems',
		allergies: 'No known allergies',
		documents: 'No other records',
		appointments: 'No appointments',
		other: 'None',
	} satisfies Record<EntryKind, string>,
	noInformation: {
		results: 'No information on results',
		vitals: 'No information on vital signs',
		medications: 'No information on medications',
		immunizations: 'No information on immunizations',
		problems: 'No information on problems',
		allergies: 'No information on allergies',
		documents: 'No information on other records',
		appointments: 'No information on appointments',
		other: 'No information',
	} satisfies Record<EntryKind, string>,
	negated: {
		results: (name: string) => `Not done: ${name}`,
		vitals: (name: string) => `Not done: ${name}`,
		medications: (name: string) => `Not taken: ${name}`,
		immunizations: (name: string) => `Not given: ${name}`,
		problems: (name: string) => `Not present: ${name}`,
		allergies: (name: string) => `No allergy to ${name}`,
		documents: (name: string) => `Not available: ${name}`,
		appointments: (name: string) => `Not booked: ${name}`,
		other: (name: string) => `Not: ${name}`,
	} satisfies Record<EntryKind, (name: string) => string>,
}

/** Notes on how a file was read when it departs from the standard. */
export const IMPORT_NOTES = {
	bundleWithoutResourceType: 'Read as a FHIR bundle: the file has no resourceType at its root, but its entries are FHIR resources.',
	resourceList: 'Read as a FHIR bundle: the file is a list of FHIR resources.',
}
