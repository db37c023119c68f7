import { createRequire } from 'node:module'
import type { SaxesParser as SaxesParserType } from 'saxes'

// saxes is CommonJS: required, not imported, since Vite's SSR runner refuses a CommonJS default import (see ucum.ts)
const { SaxesParser } = createRequire(import.meta.url)('saxes') as { SaxesParser: typeof SaxesParserType }

/**
 * A C-CDA (or any XML) file read into a small element tree, safely: no DTD
 * is accepted at all (so no external entity is resolved, no file read, no
 * URL fetched, no entity expanded: XXE and billion laughs are refused before
 * a byte of them is used), and the depth, the number of elements and the
 * length of one text node are capped. saxes is a streaming parser that
 * knows only the five predefined entities and character references; the
 * limits are checked as its events arrive, so memory stays bounded.
 */

export const MAX_XML_DEPTH = 200
export const MAX_XML_ELEMENTS = 400_000
/** One text node (a narrative paragraph, an embedded base64 body) at most this many characters. */
export const MAX_XML_TEXT_CHARS = 2_000_000

export type XmlElement = {
	/** local name, without its prefix */
	name: string
	attributes: Record<string, string>
	children: XmlElement[]
	/** the element's own text, its child elements' text not included */
	text: string
	/** its text and child elements in document order (mixed content, as narrative needs) */
	parts: (string | XmlElement)[]
}

export type XmlRefusal = 'doctype' | 'too_deep' | 'too_many_elements' | 'text_too_long' | 'malformed'

export class UnsafeXmlError extends Error {
	constructor(
		readonly refusal: XmlRefusal,
		message: string,
		options?: ErrorOptions,
	) {
		super(message, options)
		this.name = 'UnsafeXmlError'
	}
}

export const XML_REFUSAL_MESSAGES: Record<XmlRefusal, string> = {
	doctype: 'The XML file declares a DTD or entities, which are not accepted in health records.',
	too_deep: `The XML file nests elements more than ${MAX_XML_DEPTH} levels deep.`,
	too_many_elements: `The XML file has more than ${MAX_XML_ELEMENTS.toLocaleString('en-US')} elements.`,
	text_too_long: 'The XML file holds a single text block that is too large to process.',
	malformed: 'The XML file is not well-formed and cannot be read.',
}

function localName(name: string): string {
	const colon = name.indexOf(':')
	return colon < 0 ? name : name.slice(colon + 1)
}

/** The run of characters without markup longer than the cap, checked before parsing (saxes gathers a text node whole). */
function hasOverlongText(text: string): boolean {
	let last = 0
	for (let at = text.indexOf('<'); ; at = text.indexOf('<', at + 1)) {
		const end = at < 0 ? text.length : at
		if (end - last > MAX_XML_TEXT_CHARS) return true
		if (at < 0) return false
		last = at
	}
}

const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance'

/**
 * Parses `text` into its root element (local names; attributes keep their
 * prefixes, `xsi:type` stays `xsi:type`, and an attribute in the
 * XMLSchema-instance namespace under another prefix, such as `schema:type`
 * where `xmlns:schema` names that namespace, is also given as `xsi:type`). `fragment`: a bare section that
 * may use prefixes it does not declare. Throws UnsafeXmlError.
 */
export function parseSafeXml(text: string, options: { fragment?: boolean } = {}): XmlElement {
	if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnsafeXmlError('doctype', XML_REFUSAL_MESSAGES.doctype)
	if (hasOverlongText(text)) throw new UnsafeXmlError('text_too_long', XML_REFUSAL_MESSAGES.text_too_long)
	const parser = new SaxesParser({ xmlns: false, fragment: options.fragment ?? false })
	const stack: XmlElement[] = []
	// prefix -> namespace in force at each open element (copied only where an element declares one)
	const scopes: Map<string, string>[] = []
	let root: XmlElement | null = null
	let elements = 0
	let failure: UnsafeXmlError | null = null
	const fail = (refusal: XmlRefusal) => {
		failure ??= new UnsafeXmlError(refusal, XML_REFUSAL_MESSAGES[refusal])
		throw failure
	}
	parser.on('doctype', () => fail('doctype'))
	parser.on('opentag', (tag) => {
		if (++elements > MAX_XML_ELEMENTS) fail('too_many_elements')
		if (stack.length >= MAX_XML_DEPTH) fail('too_deep')
		const attributes: Record<string, string> = Object.create(null)
		const parentScope = scopes[scopes.length - 1] ?? new Map<string, string>()
		let scope = parentScope
		for (const [name, value] of Object.entries(tag.attributes)) {
			attributes[name] = String(value)
			if (name.startsWith('xmlns:')) {
				if (scope === parentScope) scope = new Map(parentScope)
				scope.set(name.slice(6), String(value))
			}
		}
		for (const [name, value] of Object.entries(attributes)) {
			const colon = name.indexOf(':')
			if (colon > 0 && name.slice(0, colon) !== 'xsi' && scope.get(name.slice(0, colon)) === XSI_NAMESPACE) attributes[`xsi:${name.slice(colon + 1)}`] ??= value
		}
		scopes.push(scope)
		const element: XmlElement = { name: localName(tag.name), attributes, children: [], text: '', parts: [] }
		if (stack.length > 0) {
			stack[stack.length - 1].children.push(element)
			stack[stack.length - 1].parts.push(element)
		} else root ??= element
		stack.push(element)
	})
	parser.on('closetag', () => {
		stack.pop()
		scopes.pop()
	})
	const onText = (chunk: string) => {
		const current = stack[stack.length - 1]
		if (!current) return
		if (current.text.length + chunk.length > MAX_XML_TEXT_CHARS) fail('text_too_long')
		current.text += chunk
		current.parts.push(chunk)
	}
	parser.on('text', onText)
	parser.on('cdata', onText)
	parser.on('error', (error) => {
		throw failure ?? new UnsafeXmlError('malformed', XML_REFUSAL_MESSAGES.malformed, { cause: error })
	})
	try {
		parser.write(text).close()
	} catch (error) {
		if (error instanceof UnsafeXmlError) throw error
		throw new UnsafeXmlError('malformed', XML_REFUSAL_MESSAGES.malformed)
	}
	if (!root) throw new UnsafeXmlError('malformed', XML_REFUSAL_MESSAGES.malformed)
	return root
}

/** Child elements named `name` (local name). */
export function childrenNamed(element: XmlElement | undefined | null, name: string): XmlElement[] {
	return element ? element.children.filter((child) => child.name === name) : []
}

/** The first child element named `name`, following a path of names. */
export function child(element: XmlElement | undefined | null, ...path: string[]): XmlElement | undefined {
	let current: XmlElement | undefined = element ?? undefined
	for (const name of path) {
		current = current?.children.find((candidate) => candidate.name === name)
		if (!current) return undefined
	}
	return current
}

/** Every descendant named `name` (depth first, document order), iteratively. */
export function descendantsNamed(element: XmlElement, name: string): XmlElement[] {
	const found: XmlElement[] = []
	const stack: XmlElement[] = [...element.children].reverse()
	for (let next = stack.pop(); next; next = stack.pop()) {
		if (next.name === name) found.push(next)
		for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i])
	}
	return found
}

/** The element's text with its descendants', whitespace collapsed. */
export function textContent(element: XmlElement | undefined | null): string {
	if (!element) return ''
	const parts: string[] = []
	const stack: (string | XmlElement)[] = [element]
	for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
		if (typeof next === 'string') parts.push(next)
		else for (let i = next.parts.length - 1; i >= 0; i--) stack.push(next.parts[i])
	}
	return parts.join('').replace(/\s+/g, ' ').trim()
}
