/**
 * A patient's name printed without a 'Name:' label, in the two places a
 * laboratory's header puts it (issue 39 point 1; decision 033):
 *
 * - first on the line that carries the patient's date of birth or record
 *   number ('SZYMANSKI, IGNATIUS A      MRN: 50979645    DOB: 1956-08-28');
 * - under a 'PATIENT' column heading, at the heading's column
 *   (' PATIENT          SPECIMEN DETAILS' / ' KOWALCZYK, ODALYS J     Date Collected: ...').
 *
 * Only a name's shape is taken: two to five words of letters, either
 * 'FAMILY, Given' or all capitals (a header line of Title Case words is as
 * likely a ward or a clinic). A report naming its patient this way names
 * someone the profile may not be, so it must be read, not guessed away.
 */

const WORD = String.raw`\p{L}[\p{L}'’.-]*`
const NAME_SHAPE = new RegExp(String.raw`^${WORD}(?:,?\s+${WORD}){1,4}$`, 'u')
const PATIENT_DETAIL_LABEL = /(?:^|\s)(?:dob|d\.o\.b\.?|date of birth|birth date|mrn|patient id)\s*[:#.]/i
const PATIENT_HEADING = /^(?:patient|patient information|patient details)$/i
/** Capital words that head or fill a column, never a name. */
const NOT_NAME_WORDS = new Set(['patient', 'information', 'details', 'specimen', 'report', 'laboratory', 'results', 'final', 'name', 'sex', 'age'])

/** A name's shape: 'FAMILY, Given M' or 'GIVEN M FAMILY' in capitals (`titleCase` also 'Given Family'). */
function nameOfShape(segment: string, options: { titleCase: boolean }): string | null {
	// a label ('Date Collected:') heads a value, it is not one
	if (/[:：]\s*$/.test(segment)) return null
	const value = segment.replace(/[,;\s]+$/, '').trim()
	if (!NAME_SHAPE.test(value)) return null
	const words = value.split(/[\s,]+/).filter(Boolean)
	if (words.some((word) => NOT_NAME_WORDS.has(word.toLowerCase().replace(/[.'’-]/g, '')))) return null
	if (words.filter((word) => word.replace(/[.'’-]/g, '').length > 1).length < 2) return null
	const isCapitals = value === value.toUpperCase() && value !== value.toLowerCase()
	const isFamilyFirst = /^[^,]+,\s*[^,]+$/.test(value)
	const isTitleCase = words.every((word) => word[0] === word[0].toUpperCase())
	return isCapitals || isFamilyFirst || (options.titleCase && isTitleCase) ? value : null
}

/** The first column of a line (up to a wide gap), with where it starts. */
function columnAt(line: string, start: number): string {
	const rest = line.slice(start)
	const end = rest.search(/\s{2,}|\t|\|/)
	return (end < 0 ? rest : rest.slice(0, end)).trim()
}

/** The name a header line or a 'PATIENT' column prints without a label, or null. */
export function findUnlabelledPatientName(lines: string[]): string | null {
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index]
		const start = line.search(/\S/)
		if (start < 0) continue
		const first = columnAt(line, start)
		if (PATIENT_DETAIL_LABEL.test(line.slice(start + first.length))) {
			const name = nameOfShape(first, { titleCase: false })
			if (name) return name
		}
		if (PATIENT_HEADING.test(first)) {
			const next = lines.slice(index + 1, index + 3).find((candidate) => candidate.trim())
			if (!next || Math.abs(next.search(/\S/) - start) > 2) continue
			const nextStart = next.search(/\S/)
			const name = nameOfShape(columnAt(next, nextStart), { titleCase: true })
			if (name) return name
		}
	}
	return null
}
