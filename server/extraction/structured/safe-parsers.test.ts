import { describe, expect, it } from 'vitest'
import { parseSafeJson, UnsafeJsonError } from './safe-json.ts'
import { parseSafeXml, UnsafeXmlError, textContent } from './safe-xml.ts'

function refusalOf(run: () => unknown): string {
	try {
		run()
	} catch (error) {
		if (error instanceof UnsafeXmlError || error instanceof UnsafeJsonError) return error.refusal
		throw error
	}
	return 'accepted'
}

const timed = <T>(run: () => T): [T, number] => {
	const started = performance.now()
	const result = run()
	return [result, performance.now() - started]
}

describe('parseSafeXml', () => {
	it('reads a small document into local names with text', () => {
		const root = parseSafeXml('<?xml version="1.0"?><ClinicalDocument xmlns="urn:hl7-org:v3"><title>CCD &amp; more</title></ClinicalDocument>')
		expect(root.name).toBe('ClinicalDocument')
		expect(root.attributes.xmlns).toBe('urn:hl7-org:v3')
		expect(textContent(root)).toBe('CCD & more')
	})

	it('refuses an external entity pointing at a local file, reading nothing', () => {
		const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument>&x;</ClinicalDocument>'
		expect(refusalOf(() => parseSafeXml(xxe))).toBe('doctype')
	})

	it('refuses an external entity pointing at a URL', () => {
		const xxe = '<!DOCTYPE r [<!ENTITY x SYSTEM "http://127.0.0.1:1/steal">]><r>&x;</r>'
		expect(refusalOf(() => parseSafeXml(xxe))).toBe('doctype')
	})

	it('refuses a billion-laughs expansion quickly', () => {
		const levels = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')
		const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY l0 "lol">${levels}]><lolz>&l10;</lolz>`
		const [refusal, ms] = timed(() => refusalOf(() => parseSafeXml(bomb)))
		expect(refusal).toBe('doctype')
		expect(ms).toBeLessThan(100)
	})

	it('refuses an undeclared entity (no DTD to define it)', () => {
		expect(refusalOf(() => parseSafeXml('<r>&x;</r>'))).toBe('malformed')
	})

	it('refuses 100,000 nested elements in bounded time', () => {
		const deep = '<a>'.repeat(100_000) + '</a>'.repeat(100_000)
		const [refusal, ms] = timed(() => refusalOf(() => parseSafeXml(deep)))
		expect(refusal).toBe('too_deep')
		expect(ms).toBeLessThan(2000)
	})

	it('refuses a 20 MB single text node before parsing it', () => {
		const huge = `<r>${'A'.repeat(20 * 1024 * 1024)}</r>`
		const [refusal, ms] = timed(() => refusalOf(() => parseSafeXml(huge)))
		expect(refusal).toBe('text_too_long')
		expect(ms).toBeLessThan(2000)
	})

	it('refuses malformed XML', () => {
		expect(refusalOf(() => parseSafeXml('<r><a></r>'))).toBe('malformed')
	})

	it('reads a fragment that uses an undeclared prefix', () => {
		const root = parseSafeXml('<section><value xsi:type="PQ" value="1"/></section>', { fragment: true })
		expect(root.children[0].attributes['xsi:type']).toBe('PQ')
	})
})

describe('parseSafeJson', () => {
	it('parses a FHIR resource', () => {
		expect(parseSafeJson('{"resourceType":"Patient","id":"p1"}')).toEqual({ resourceType: 'Patient', id: 'p1' })
	})

	it('refuses __proto__ and constructor keys, leaving Object.prototype alone', () => {
		expect(refusalOf(() => parseSafeJson('{"resourceType":"Bundle","__proto__":{"polluted":true}}'))).toBe('forbidden_key')
		expect(refusalOf(() => parseSafeJson('{"a":{"constructor":{"prototype":{"polluted":true}}}}'))).toBe('forbidden_key')
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
	})

	it('refuses deep nesting without overflowing the stack', () => {
		const deep = '['.repeat(100_000) + ']'.repeat(100_000)
		expect(refusalOf(() => parseSafeJson(deep))).toBe('too_deep')
	})

	it('does not count brackets inside strings', () => {
		expect(parseSafeJson(JSON.stringify({ text: '['.repeat(500) }))).toEqual({ text: '['.repeat(500) })
	})

	it('refuses malformed JSON', () => {
		expect(refusalOf(() => parseSafeJson('{"resourceType":'))).toBe('malformed')
	})
})
