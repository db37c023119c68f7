/** A plain-text body cut into text and http(s) addresses, so a page can render the addresses as links (and the rest as text). */
export type TextPart = { type: 'text'; value: string } | { type: 'link'; value: string }

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g

export function splitTextLinks(text: string): TextPart[] {
	const parts: TextPart[] = []
	let last = 0
	for (const match of text.matchAll(WEB_ADDRESS)) {
		// A sentence's full stop or closing bracket is not part of the address.
		const value = match[0].replace(/[.,;:!?)\]]+$/, '')
		const start = match.index
		if (start > last) parts.push({ type: 'text', value: text.slice(last, start) })
		parts.push({ type: 'link', value })
		last = start + value.length
	}
	if (last < text.length) parts.push({ type: 'text', value: text.slice(last) })
	return parts
}
