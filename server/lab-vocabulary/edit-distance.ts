/**
 * Edit distance (Levenshtein) between short strings: names, labels and units as printed against
 * the vocabulary's spellings.
 */

/** Two rows of the edit-distance table, reused (names are short; grown when one is not). */
let previousRow = new Int32Array(64)
let currentRow = new Int32Array(64)

/** The edit distance between a and b when it is at most `limit`, else limit + 1 (the table given up on early). */
export function editDistanceAtMost(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1
	if (b.length + 1 > previousRow.length) {
		previousRow = new Int32Array(b.length + 1)
		currentRow = new Int32Array(b.length + 1)
	}
	let previous = previousRow
	let current = currentRow
	for (let j = 0; j <= b.length; j++) previous[j] = j
	for (let i = 1; i <= a.length; i++) {
		current[0] = i
		let rowMin = i
		const letter = a.charCodeAt(i - 1)
		for (let j = 1; j <= b.length; j++) {
			const substitution = previous[j - 1] + (letter === b.charCodeAt(j - 1) ? 0 : 1)
			const value = Math.min(previous[j] + 1, current[j - 1] + 1, substitution)
			current[j] = value
			if (value < rowMin) rowMin = value
		}
		if (rowMin > limit) return limit + 1
		;[previous, current] = [current, previous]
	}
	return Math.min(previous[b.length], limit + 1)
}

/** The edit distance between a and b. */
export function editDistance(a: string, b: string): number {
	return editDistanceAtMost(a, b, Math.max(a.length, b.length))
}
