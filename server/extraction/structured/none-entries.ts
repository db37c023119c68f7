import { NONE_STATEMENTS } from '../intake/messages.ts'
import type { EntryKind, NoneStatement } from '../shared/structured-types.ts'

/**
 * 'None' entries: a vendor writes 'no known medications', 'no immunizations'
 * or 'no known allergies' as an entry of its own (coded, null-flavoured, or
 * only in words). Such an entry is a statement about the list, not one item
 * of it: it is shown as the statement and never counted.
 */

/** SNOMED CT and the International Patient Summary's absent/unknown codes that say a list is empty. */
const NONE_CODES = new Set([
	'716186003', // No known allergy
	'409137002', // No known drug allergy
	'429625007', // No known food allergy
	'428607008', // No known environmental allergy
	'160245001', // No current problems or disability
	'no-known-medications',
	'no-medication-info',
	'no-known-allergies',
	'no-allergy-info',
	'no-known-problems',
	'no-problem-info',
	'no-known-immunizations',
	'no-immunization-info',
])

const NONE_TEXT =
	/^\s*(?:no\s+(?:known|current|active|significant|reported|recorded|documented)\b|none\b|nil\b|nkda\b|nka\b|nkma\b|no\s+(?:medications?|meds|immuni[sz]ations?|vaccinations?|vaccines?|allerg(?:y|ies)|problems?|diagnos[ie]s)\b|not\s+(?:on|taking)\s+any\b|(?:the\s+)?patient\s+(?:is\s+|was\s+)?(?:not\s+(?:taking|on)\s+any|has\s+no|denies|takes\s+no)\b)/i

export function isNoneCode(code: string | null | undefined): boolean {
	return Boolean(code && NONE_CODES.has(code.trim()))
}

export function isNoneText(text: string | null | undefined): boolean {
	return Boolean(text && NONE_TEXT.test(text))
}

/**
 * The statement a 'none' or negated entry becomes: its own words when they
 * say 'none'; 'Not given: <vaccine>' for a negated named entry; 'No
 * information on <kind>' for a null flavour other than 'not applicable'
 * (NA); else 'No known <kind>'.
 */
export function noneStatement(kind: EntryKind, name: string | null | undefined, isNegated: boolean, nullFlavor: string | null = null): NoneStatement {
	const words = name?.trim() ?? ''
	if (words && isNoneText(words)) return { kind, text: words }
	if (isNegated && words && words.toLowerCase() !== 'unknown') return { kind, text: NONE_STATEMENTS.negated[kind](words) }
	if (!isNegated && nullFlavor && nullFlavor !== 'NA') return { kind, text: NONE_STATEMENTS.noInformation[kind] }
	return { kind, text: NONE_STATEMENTS.noneKnown[kind] }
}
