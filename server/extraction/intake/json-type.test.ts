import { describe, expect, it } from 'vitest'
import { FhirJsonTyper, typeJson } from './json-type.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

/** The verdict when the text arrives one byte at a time (every boundary a chunk can have). */
function typedBytewise(text: string) {
	const typer = new FhirJsonTyper()
	for (const byte of bytes(text)) typer.push(new Uint8Array([byte]))
	return typer.end()
}

function expectBoth(text: string, verdict: 'fhir' | 'not_fhir' | 'not_json') {
	expect(typeJson(bytes(text)), text.slice(0, 80)).toBe(verdict)
	expect(typedBytewise(text), `bytewise: ${text.slice(0, 80)}`).toBe(verdict)
}

/** A seed transaction as test servers ship them: no resourceType of its own, a Patient whose narrative comes before its resourceType. */
function seedTransaction(narrativeBytes: number) {
	const div = `<div xmlns="http://www.w3.org/1999/xhtml">${'Narrative of the patient, with "quotes", \\ backslashes and ünïcödé. '.repeat(Math.ceil(narrativeBytes / 70))}</div>`
	return JSON.stringify({
		type: 'transaction',
		entry: [
			{
				fullUrl: 'urn:uuid:4b1f',
				request: { method: 'POST', url: 'Patient' },
				resource: { text: { status: 'generated', div }, id: 'p1', resourceType: 'Patient', name: [{ family: 'Example' }] },
			},
		],
	})
}

describe('FhirJsonTyper', () => {
	it('finds a resourceType at the root, in a root list item and in an entry of a bundle written without one', () => {
		expectBoth('{"resourceType":"Patient","id":"1"}', 'fhir')
		expectBoth('  \n{\n  "id": "b1",\n  "resourceType" : "Bundle"\n}', 'fhir')
		expectBoth('[{"id":"o1","resourceType":"Observation"}]', 'fhir')
		expectBoth('{"type":"collection","entry":[{"fullUrl":"x","resource":{"resourceType":"Observation"}}]}', 'fhir')
		expectBoth('{"type":"collection","entry":[{"resource":{"id":"x"}},{"resource":{"resourceType":"Condition"}}]}', 'fhir')
	})

	it('types a seed transaction whose resourceType comes after a 10 KB narrative, past any prefix', () => {
		const text = seedTransaction(10_000)
		expect(text.indexOf('"resourceType"')).toBeGreaterThan(10_000)
		expectBoth(text, 'fhir')
	})

	it('does not count a resourceType nested where the FHIR reader does not look', () => {
		expectBoth('{"patient":{"resourceType":"Patient"}}', 'not_fhir')
		expectBoth('{"contained":[{"resourceType":"Medication"}],"name":"x"}', 'not_fhir')
		expectBoth('[[{"resourceType":"Patient"}]]', 'not_fhir')
		expectBoth('{"wrapper":{"entry":[{"resource":{"resourceType":"Patient"}}]}}', 'not_fhir')
		expectBoth('{"entry":[{"other":{"resourceType":"Patient"}}]}', 'not_fhir')
		// the key as a value, and a value that is not a resource name
		expectBoth('{"note":"resourceType","x":"Patient"}', 'not_fhir')
		expectBoth('{"resourceType":"patient"}', 'not_fhir')
		expectBoth('{"resourceType":7,"flag":true,"none":null,"n":-1.5e3,"list":[1,2,{}]}', 'not_fhir')
	})

	it('reads strings as JSON.parse does: escapes in keys, escaped quotes and backslashes in values, a byte-order mark', () => {
		expectBoth('{"resource\\u0054ype":"Patient"}', 'fhir')
		expectBoth('{"x":"a \\" \\\\","resourceType":"Bundle"}', 'fhir')
		expectBoth('{"x":"\\"resourceType\\":\\"Patient\\""}', 'not_fhir')
		expectBoth('\uFEFF{"resourceType":"Bundle"}', 'fhir')
	})

	it('answers not_json for a text that does not open with an object or a list', () => {
		expectBoth('hello', 'not_json')
		expectBoth('', 'not_json')
		expectBoth('   ', 'not_json')
		expectBoth('"resourceType"', 'not_json')
		expectBoth('<?xml version="1.0"?>', 'not_json')
	})

	it('answers not_fhir for malformed JSON without a resourceType before the fault', () => {
		expectBoth('{"a" "b"}', 'not_fhir')
		expectBoth('{"a":1]', 'not_fhir')
		expectBoth('{"a":[1,2}', 'not_fhir')
		expectBoth('{"a":1}{"resourceType":"Patient"}', 'not_fhir')
		expectBoth('{"a":1', 'not_fhir')
	})

	it('stops at its byte cap and past a nesting depth, keeping nothing of the document', () => {
		const late = `{"padding":"${'x'.repeat(5_000)}","resourceType":"Patient"}`
		expect(typeJson(bytes(late), 4_096)).toBe('not_fhir')
		expect(typeJson(bytes(late), 8_192)).toBe('fhir')
		const deep = `${'['.repeat(600)}{"resourceType":"Patient"}${']'.repeat(600)}`
		expect(typeJson(bytes(deep))).toBe('not_fhir')
	})

	it('can be asked before the end without changing its answer', () => {
		const typer = new FhirJsonTyper()
		expect(typer.end()).toBe('not_json')
		typer.push(bytes('{"id":"1",'))
		expect(typer.end()).toBe('not_fhir')
		typer.push(bytes('"resourceType":"Patient"}'))
		expect(typer.end()).toBe('fhir')
	})

	it('reads no further once it has answered', () => {
		const typer = new FhirJsonTyper()
		expect(typer.push(bytes('{"resourceType":"Patient"'))).toBe('fhir')
		expect(typer.push(bytes('garbage that is not JSON'))).toBe('fhir')
		expect(typer.end()).toBe('fhir')
	})
})
