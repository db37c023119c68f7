/** How many answers a remembered lookup keeps before it starts again (OCR makes endless spellings). */
const MAX_REMEMBERED = 20_000

/**
 * A lookup whose answers are remembered by key: for lookups that are pure and dear (a name
 * against every alias by edit distance, a unit through UCUM's validator) and asked again and
 * again with the same keys. An answer that is an object is frozen, as every caller shares it.
 */
export function remembered<T>(lookup: (key: string) => T): (key: string) => T {
	const known = new Map<string, T>()
	return (key) => {
		if (known.has(key)) return known.get(key) as T
		if (known.size >= MAX_REMEMBERED) known.clear()
		const answer = lookup(key)
		if (answer !== null && typeof answer === 'object') Object.freeze(answer)
		known.set(key, answer)
		return answer
	}
}
