import type { XmlElement } from './safe-xml.ts'
import type { NarrativeNode, NarrativeTag } from '../shared/structured-types.ts'

/**
 * A C-CDA section's narrative block (<text>) as a safe tree: a short list of
 * element names (paragraphs, tables, lists, emphasis) is kept, every
 * attribute is dropped (no styles, no event handlers, no links, no ids), and
 * any other element (script, style, img, iframe, linkHtml, renderMultiMedia,
 * XHTML smuggled in) gives up its markup and keeps only its text, or
 * nothing at all for the ones that carry code or media. The page renders
 * the tree as React elements, never as HTML, so nothing in it can run or
 * fetch.
 */

export const MAX_NARRATIVE_NODES = 20_000

const KEPT: Record<string, NarrativeTag> = {
	paragraph: 'p',
	p: 'p',
	table: 'table',
	thead: 'thead',
	tbody: 'tbody',
	tfoot: 'tbody',
	tr: 'tr',
	th: 'th',
	td: 'td',
	list: 'ul',
	ul: 'ul',
	ol: 'ol',
	item: 'li',
	li: 'li',
	br: 'br',
	caption: 'caption',
	content: 'span',
	span: 'span',
}

/** Elements whose content is code, style or media: dropped with their text. */
const DROPPED = new Set(['script', 'style', 'renderMultiMedia', 'img', 'iframe', 'object', 'embed', 'link', 'meta', 'svg', 'math', 'footnoteRef'])

const INLINE_CONTAINERS = new Set<NarrativeTag>(['p', 'td', 'th', 'li', 'span', 'strong', 'em', 'caption'])

function tagOf(element: XmlElement): NarrativeTag | null {
	if (element.name === 'list' && element.attributes.listType === 'ordered') return 'ol'
	if (element.name === 'content') {
		const style = element.attributes.styleCode ?? ''
		if (/bold/i.test(style)) return 'strong'
		if (/italic/i.test(style)) return 'em'
	}
	return KEPT[element.name] ?? null
}

export function narrativeOf(text: XmlElement): NarrativeNode[] {
	let budget = MAX_NARRATIVE_NODES
	const convert = (element: XmlElement, depth: number, keepsSpaces = false): NarrativeNode[] => {
		const nodes: NarrativeNode[] = []
		for (const item of element.parts) {
			if (typeof item === 'string') {
				const text = item.replace(/\s+/g, ' ')
				// a space between inline elements matters; between table rows it is noise
				if ((text.trim() || (keepsSpaces && text && nodes.length > 0)) && --budget >= 0) nodes.push(text)
				continue
			}
			if (--budget < 0 || depth > 30 || DROPPED.has(item.name)) continue
			const tag = tagOf(item)
			const children = convert(item, depth + 1, tag !== null && INLINE_CONTAINERS.has(tag))
			if (tag) nodes.push({ tag, children })
			else nodes.push(...children)
		}
		return nodes
	}
	return convert(text, 0)
}
