/**
 * True when the two words differ by at most one inserted, removed or replaced
 * letter (an OCR slip): a printed patient's name against the profile's, a
 * provider read against one the patient already has. Browser-safe.
 */
export function isWithinOneEdit(a: string, b: string): boolean {
	if (a === b) return true
	if (Math.abs(a.length - b.length) > 1) return false
	let i = 0
	let j = 0
	let edits = 0
	while (i < a.length && j < b.length) {
		if (a[i] === b[j]) {
			i++
			j++
			continue
		}
		if (++edits > 1) return false
		if (a.length > b.length) i++
		else if (b.length > a.length) j++
		else {
			i++
			j++
		}
	}
	return edits + (a.length - i) + (b.length - j) <= 1
}
