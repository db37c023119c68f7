import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { isWithinOneEdit } from './shared/one-edit.ts'

/**
 * A provider name read by OCR can keep letters from the logo ('PC Pinnacle
 * Crest Laboratory Services') or misread a letter; the same laboratory's
 * earlier documents often carry the clean name (from a text layer). When the
 * name read now matches one already on the patient's records closely, the
 * known name is used, in the provider field and in the title that repeats it.
 *
 * Close means: every word of the known name is found in the name read, in
 * order (a word of five letters or more may differ by one letter), and what
 * is left over is at most two short words (three characters or fewer), such
 * as logo initials. A different department of the same group ('Pinnacle Crest
 * Cardiology') is not close. Names of one word are never replaced: too little
 * to go on.
 */

const MAX_EXTRA_WORDS = 2
const MAX_EXTRA_WORD_LENGTH = 3
const FUZZY_MIN_LENGTH = 5

function wordsOf(name: string): string[] {
	return name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean)
}

function isSameWord(read: string, known: string): boolean {
	return read === known || (known.length >= FUZZY_MIN_LENGTH && isWithinOneEdit(read, known))
}

/** How closely `read` matches `known`: the number of known words found, or 0 when it is not close. */
function closeness(read: string[], known: string[]): number {
	if (known.length < 2) return 0
	const used = new Set<number>()
	let from = 0
	for (const word of known) {
		let found = -1
		for (let index = from; index < read.length; index++) {
			if (isSameWord(read[index]!, word)) {
				found = index
				break
			}
		}
		if (found === -1) return 0
		used.add(found)
		from = found + 1
	}
	const extras = read.filter((_, index) => !used.has(index))
	if (extras.length > MAX_EXTRA_WORDS || extras.some((word) => word.length > MAX_EXTRA_WORD_LENGTH)) return 0
	return known.length
}

/** The known provider name `read` stands for, or null when none matches closely (or `read` is that name already). */
export function matchKnownProvider(read: string | null, known: readonly string[]): string | null {
	if (!read) return null
	const readWords = wordsOf(read)
	let best: { name: string; score: number } | null = null
	for (const name of known) {
		if (name === read) return null
		const score = closeness(readWords, wordsOf(name))
		// The first of equal scores wins: callers list the most used name first.
		if (score > 0 && (!best || score > best.score)) best = { name, score }
	}
	return best?.name ?? null
}

/** The provider and title to store: with the known name in place of the one read, when one matches closely. */
export function withKnownProvider(extracted: { provider: string | null; title: string }, known: readonly string[]): { provider: string | null; title: string } {
	const match = matchKnownProvider(extracted.provider, known)
	if (!match || !extracted.provider) return extracted
	return { provider: match, title: extracted.title.split(extracted.provider).join(match) }
}

/** Provider names on the owner's other processed documents, the most used first. */
export async function selectKnownProviders(tx: TenantTransaction, ownerId: string, exceptDocumentId: string) {
	const rows = await tx
		.select({ provider: documents.provider })
		.from(documents)
		.where(and(eq(documents.ownerId, ownerId), ne(documents.id, exceptDocumentId), eq(documents.status, 'processed'), isNotNull(documents.provider)))
		.groupBy(documents.provider)
		.orderBy(desc(sql`count(*)`), documents.provider)
		.limit(200)
	return rows.flatMap((row) => (row.provider ? [row.provider] : []))
}
