import { isWithinOneEdit } from './one-edit.ts'
/**
 * Whose record a document is. Every document, read from a PDF or image or
 * imported from a C-CDA or FHIR file, is matched to its patient: the name
 * (and the date of birth, where printed) found in the file against the
 * profile's. Browser-safe (the document page shows the question).
 *
 * - matched on what both sides have: the name always (a report naming
 *   another person asks whatever its date of birth), the date of birth when
 *   both the file and the profile have one (decision 033);
 * - no name printed: 'unknown', no question (most scans of one's own report),
 *   unless a printed birth date is not the profile's;
 * - the printed name is the profile's (case, accents, order 'Doe, John',
 *   middle names and initials do not matter) and the printed birth date, when
 *   both have one, is the profile's: 'matched';
 * - otherwise (another name, another birth date, or a profile without a
 *   name): 'mismatch', and the document page asks 'Is this you?'.
 *
 * Until the patient answers, and after 'Someone else', the document's values
 * stay out of trends, the health score, risk, predictions, BMI and compare
 * (server/health/counted-values.ts).
 */

/**
 * matched: the printed patient is the profile's; unknown: none printed (or read before matching
 * existed); mismatch: asks 'Is this you?'; confirmed_self / someone_else: the patient's answer.
 * (documents.subject_match)
 */
export type SubjectMatch = 'matched' | 'unknown' | 'mismatch' | 'confirmed_self' | 'someone_else'

/** `several`: the file names more than one patient, which is never simply the profile's. */
export type PrintedPatient = { name: string | null; birthDate: string | null; several?: boolean }

export type PatientProfileIdentity = { name: string | null; dateOfBirth: string | null }

/** The states whose values count as the patient's own. */
export const COUNTED_SUBJECT_MATCHES: readonly SubjectMatch[] = ['matched', 'unknown', 'confirmed_self']

export function isCountedSubject(state: SubjectMatch) {
	return COUNTED_SUBJECT_MATCHES.includes(state)
}

const FOLDED_LETTERS: Record<string, string> = { ı: 'i', ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th' }

/** The words of a name, lower case without accents or punctuation ('Doe, John A.' -> ['doe', 'john', 'a']). */
export function nameWords(name: string): string[] {
	return name
		.toLowerCase()
		.replace(/[ıßøæœłđðþ]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\p{L}\s'-]/gu, ' ')
		.replace(/['-]/g, ' ')
		.split(/\s+/)
		.filter(Boolean)
}

function sameWord(a: string, b: string) {
	return a === b || (a.length >= 5 && b.length >= 5 && isWithinOneEdit(a, b))
}

/**
 * Whether a printed name is the profile's name. Order, case, accents and
 * punctuation do not matter; a middle name printed on one side only does not
 * either, and an initial stands for a word with that first letter. The full
 * words both sides share must be at least two, or all of the shorter side's.
 */
export function isSameName(printed: string, profile: string): boolean {
	const printedWords = nameWords(printed)
	const profileWords = nameWords(profile)
	if (printedWords.length === 0 || profileWords.length === 0) return false
	const printedFull = printedWords.filter((word) => word.length > 1)
	const profileFull = profileWords.filter((word) => word.length > 1)
	const shared = printedFull.filter((word) => profileFull.some((other) => sameWord(word, other)))
	if (shared.length === 0) return false
	const needed = Math.min(2, printedFull.length, profileFull.length)
	if (shared.length < needed) return false
	// A full word on the shorter side that the other lacks is a different person ('Jane Doe' is not 'John Doe').
	const [shorter, longer] = printedFull.length <= profileFull.length ? [printedFull, profileWords] : [profileFull, printedWords]
	const unmatched = shorter.filter((word) => !longer.some((other) => sameWord(word, other) || (other.length === 1 && other === word[0])))
	if (unmatched.length > 0) return false
	// An initial stands for a word of the other name that no full word matched ('J. Doe' is not 'Mary Doe');
	// when every full word matched, it is a middle initial printed on one side only.
	const initialsFit = (words: string[], otherWords: string[]) => {
		const otherLeft = otherWords.filter((other) => other.length > 1 && !words.some((word) => word.length > 1 && sameWord(word, other)))
		return words.filter((word) => word.length === 1).every((initial) => otherLeft.length === 0 || otherLeft.some((other) => other[0] === initial))
	}
	return initialsFit(printedWords, profileWords) && initialsFit(profileWords, printedWords)
}

/**
 * The state a newly read document starts in. `printed.birthDate` is a list of
 * possible ISO dates when the printed form is ambiguous (03/04/1980), joined by
 * '|' (see server/extraction/patient-identity.ts); one of them must be the
 * profile's.
 */
export function matchSubject(printed: PrintedPatient, profile: PatientProfileIdentity): SubjectMatch {
	if (printed.several) return 'mismatch'
	const isOtherBirthDate = !!printed.birthDate && !!profile.dateOfBirth && !printed.birthDate.split('|').includes(profile.dateOfBirth)
	const name = printed.name?.trim()
	if (!name) return isOtherBirthDate ? 'mismatch' : 'unknown'
	const profileName = profile.name?.trim()
	if (!profileName || !isSameName(name, profileName) || isOtherBirthDate) return 'mismatch'
	return 'matched'
}

/**
 * A printed name as a reader says it: given names first, an initial with its
 * point, the letters' case as printed ('SZYMANSKI, IGNATIUS A' -> 'IGNATIUS A. SZYMANSKI').
 */
export function displayPrintedName(name: string): string {
	const parts = name.split(',').map((part) => part.trim())
	const ordered = parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : name.trim()
	return ordered
		.split(/\s+/)
		.map((word) => (/^\p{L}$/u.test(word) ? `${word}.` : word))
		.join(' ')
}

/** Who a record is for, for the question: the name as a reader says it and the year of birth (of every reading of an ambiguous date, when they agree). */
export function printedPatientForQuestion(printed: PrintedPatient | null): { name: string | null; bornIn: string | null } {
	const years = [
		...new Set(
			(printed?.birthDate ?? '')
				.split('|')
				.filter(Boolean)
				.map((date) => date.slice(0, 4)),
		),
	]
	return { name: printed?.name ? displayPrintedName(printed.name) : null, bornIn: years.length === 1 ? years[0] : null }
}

/** A stored answer stays when the document is read again; otherwise the new reading decides. */
export function nextSubjectMatch(current: SubjectMatch, read: SubjectMatch): SubjectMatch {
	return current === 'confirmed_self' || current === 'someone_else' ? current : read
}

/** The patient a stored document names, from its details (a C-CDA's or FHIR file's patient, or the name read from its text). */
export function printedPatientOfDetails(details: unknown): PrintedPatient | null {
	const value = details as { structured?: { patient?: PrintedPatient }; printedPatient?: PrintedPatient } | null
	return value?.structured?.patient ?? value?.printedPatient ?? null
}
