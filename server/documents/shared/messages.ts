/** User-facing document texts (spec sections 2.6-2.8, 5 and 8). */
export const DOCUMENT_MESSAGES = {
	tooLarge: (name: string | null) => (name ? `File ${name} is too large. Maximum size is 20MB.` : 'The file is too large. Maximum size is 20MB.'),
	uploadFailed: (name: string) => `Failed to upload ${name}. Please try again.`,
	noFile: 'Choose a file to upload.',
	storageFull: "The server's storage is full; nothing was saved",
	tooManyUploads: 'Too many uploads in a short time. Please wait a few minutes and try again.',
	notFoundTitle: 'Document Not Found',
	notFoundText: 'The document you are looking for does not exist or has been moved.',
	fetchFailed: 'Failed to fetch documents',
	downloadFailed: 'Could not download the file. Please try again.',
	storageLimit: (usedMb: string, limitMb: number, planName: string) =>
		`This upload would go over your ${planName} plan's storage: ${usedMb} MB of ${limitMb} MB used. Delete documents or upgrade your plan.`,
	noRecords: 'No records available. Upload a document to get started.',
	noMatches: 'No matching records found.',
	processedTitle: 'Document processed',
	/** appended to an imported record's summary when some of its entries were already in the patient's records */
	alreadyImported: (count: number) =>
		count > 0 ? ` ${count} ${count === 1 ? 'entry was' : 'entries were'} already in your records from an earlier import and not added again.` : '',
	/** `values`: the document's value summary in words (server/health/shared/value-summary.ts), null without values */
	processedText: (title: string, values: string | null) => `${title} is ready.${values ? ` ${values}` : ''}`,
	failedTitle: 'Document could not be processed',
	abnormalTitle: 'Abnormal values found',
	abnormalText: (title: string, count: number) => `${title}: ${count} ${count === 1 ? 'value is' : 'values are'} outside the reference range.`,
	processingFailed: 'Processing failed. You can retry it from the record.',
	cannotProcess: 'This file could not be processed, and trying again would not change that.',
} as const

export const MAX_UPLOAD_BYTES = 20_971_520
/** The most files the upload page's plain form (before hydration, without JavaScript) takes in one post. */
export const MAX_FILES_PER_FORM_UPLOAD = 10
export const TEXT_PREVIEW_CHARS = 200

/** Ours: the notice after a record's delete (the spec names none; it showed nothing). */
export const DOCUMENT_NOTICES = {
	deleted: { title: 'Document deleted', description: 'The document and everything read from it have been removed.', tone: 'success' },
	subjectConfirmed: { title: 'Marked as yours', description: 'Its values now count in your trends.', tone: 'success' },
	subjectSomeoneElse: { title: "Marked as someone else's", description: 'It is kept, and its values stay out of your trends.', tone: 'success' },
	dateChosen: { title: 'Date saved', description: 'The record and its values now carry the date you chose.', tone: 'success' },
} as const

/**
 * The question a record asks when its printed date reads two ways (04/06/2025: 4 June or April 6)
 * and nothing in the document tells which (server/extraction/document-date.ts).
 */
export const DATE_CHOICE_TEXTS = {
	title: 'Which date is this record from?',
	question:
		'The date printed on this record can be read two ways, and nothing else in it tells which. Until you choose, the record is dated by its upload and its values are shown on that day.',
	notOffered: 'Choose one of the two dates offered.',
} as const

/** The question a record that names another patient asks, and its answers (shared/subject-match.ts). */
export const SUBJECT_TEXTS = {
	questionTitle: 'Is this you?',
	/** a record whose file also holds appointments or other records: they wait for the answer too */
	heldImport: (appointments: number, records: number) =>
		`Its ${[appointments ? `${appointments} ${appointments === 1 ? 'appointment' : 'appointments'}` : '', records ? `${records} other ${records === 1 ? 'record' : 'records'}` : ''].filter(Boolean).join(' and ')} will be added once you answer 'This is me'.`,
	/**
	 * Who the record is for, as printed ('This report is for IGNATIUS A. SZYMANSKI, born 1956, ...'), then
	 * what waits on the answer; a record naming more than one patient says so.
	 */
	question: (printed: { name: string | null; bornIn: string | null }, options: { noun?: 'report' | 'record'; isSeveral?: boolean } = {}) => {
		const noun = options.noun ?? 'record'
		if (options.isSeveral) {
			return `This ${noun} names more than one patient${printed.name ? ` (${printed.name})` : ''}, so it is not simply yours. Until you answer, its values, appointments and other records stay out of your trends, health score, risk, predictions, comparisons, appointments, CSV export and printable summary.`
		}
		const born = printed.bornIn ? `, born ${printed.bornIn}` : ''
		const whom = printed.name ? `${printed.name}${born}` : printed.bornIn ? `someone born ${printed.bornIn}` : 'another patient'
		const mismatch = printed.name ? 'who does not match your profile' : 'which does not match your profile'
		return `This ${noun} is for ${whom}, ${mismatch}. Until you answer, its values stay out of your trends, health score, risk, predictions, comparisons, CSV export and printable summary.`
	},
	thisIsMe: 'This is me',
	someoneElse: 'Someone else',
	delete: 'Delete',
	someoneElseLabel: 'Someone else',
	someoneElseNote:
		"You said this record is someone else's: it is kept, and its values are never in your trends, health score, risk, predictions or comparisons.",
} as const
