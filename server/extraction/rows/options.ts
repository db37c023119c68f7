/** How a text is read by the row reader (rows/README.md): its source and what its layout shows. */

export type LabTextSource = 'text' | 'ocr'

export type LabParseOptions = {
	/** 'ocr' turns on the repairs for misread digits, ranges and units */
	source: LabTextSource
	/** the specimen collection date, set on every parameter */
	testDate: string | null
	/** grade by the one rule (parameter-status.ts); false only where the status is not wanted (an OCR page's scoring) */
	grade: boolean
	/** the document writes decimal commas ('5,9'; '25.000' is twenty-five thousand) */
	decimalComma?: boolean
	/**
	 * gaps of two spaces or more are column breaks (a name or range never spans one); default: only
	 * for 'text'. OCR text laid out from word boxes (`layoutOcrWords`) has them too.
	 */
	columnGaps?: boolean
	/** the patient's sex as the document prints it (facts/patient-sex.ts): picks among ranges printed per sex */
	patientSex?: 'male' | 'female'
	/** a cumulative report: each row holds `count` values, one per date column; the newest is `newest` (0-based) */
	dateColumns?: { count: number; newest: number }
}

export function hasColumnGaps(options: LabParseOptions): boolean {
	return options.columnGaps ?? options.source === 'text'
}
