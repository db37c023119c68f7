import { describe, expect, it } from 'vitest'
import { detectFileType } from '../intake/file-type.ts'
import { readCcda, hl7TimeToIso } from './ccda-import.ts'
import { readFhirJson } from './fhir-import.ts'
import { narrativeOf } from './narrative.ts'
import { readStructuredRecord, structuredToResult } from './read-structured.ts'
import { parseSafeXml } from './safe-xml.ts'

const LOINC = 'codeSystem="2.16.840.1.113883.6.1"'
const section = (code: string, entries: string, text = '') =>
	parseSafeXml(`<section><code code="${code}" ${LOINC}/>${text}${entries}</section>`, { fragment: true })

const pq = (code: string, name: string, value: string, unit: string, extra = '') =>
	`<component><observation classCode="OBS" moodCode="EVN"><id root="1.2.3" extension="${code}"/><code code="${code}" ${LOINC} displayName="${name}"/><effectiveTime value="20200102"/><value xsi:type="PQ" value="${value}" unit="${unit}"/>${extra}</observation></component>`

describe('C-CDA section parsers', () => {
	it('reads a result organizer with three observations at the organizer date where they have none of their own', () => {
		const organizer = `<entry><organizer classCode="BATTERY" moodCode="EVN"><effectiveTime value="20080319083000-0800"/>
			${pq('718-7', 'Hemoglobin', '13.2', 'g/dL', '<interpretationCode code="N"/><referenceRange><observationRange><value xsi:type="IVL_PQ"><low value="12.0" unit="g/dL"/><high value="15.5" unit="g/dL"/></value></observationRange></referenceRange>')}
			${pq('6690-2', 'Leukocytes', '6.7', '10*9/L')}
			<component><observation><code code="777-3" ${LOINC} displayName="Platelets"/><value xsi:type="PQ" value="123" unit="10*9/L"/><interpretationCode code="LX"/></observation></component>
		</organizer></entry>`
		const record = readCcda(section('30954-2', organizer))
		expect(record.observations.map((o) => [o.loinc, o.value, o.unit, o.effective, o.interpretation])).toEqual([
			['718-7', 13.2, 'g/dL', '2020-01-02', 'N'],
			['6690-2', 6.7, '10*9/L', '2020-01-02', null],
			['777-3', 123, '10*9/L', '2008-03-19T08:30:00-08:00', 'L'],
		])
		expect(record.observations[0]).toMatchObject({ referenceRangeMin: 12, referenceRangeMax: 15.5, category: 'result' })
	})

	it('takes a PQ value from its translation when the unit is not UCUM', () => {
		const entry = `<entry><observation><code code="26515-7" ${LOINC} displayName="Platelets"/><effectiveTime value="20140213"/><value xsi:type="PQ" nullFlavor="OTH"><translation value="152" nullFlavor="OTH"><originalText>THOUS/MCL</originalText></translation></value></observation></entry>`
		const [observation] = readCcda(section('30954-2', entry)).observations
		expect(observation).toMatchObject({ loinc: '26515-7', value: 152, unit: 'THOUS/MCL', effective: '2014-02-13' })
	})

	it('keeps a nullFlavor value and a less-than interval as text, counted', () => {
		const entries = `<entry><observation><code code="2345-7" ${LOINC} displayName="Glucose"/><value xsi:type="PQ" nullFlavor="NI"/></observation></entry>
			<entry><observation><code code="42637-9" ${LOINC} displayName="BNP"/><value xsi:type="IVL_PQ"><low value="0" unit="pg/mL"/><high value="5" unit="pg/mL"/></value></observation></entry>`
		const record = readCcda(section('30954-2', entries))
		expect(record.observations).toHaveLength(0)
		expect(record.textEntries.map((entry) => [entry.name, entry.text])).toEqual([
			['Glucose', 'NI'],
			['BNP', '<= 5 pg/mL'],
		])
	})

	it('resolves a narrative reference for a name and keeps the narrative as a safe tree', () => {
		const text = `<text><table><tr><td ID="r1">Serum sodium</td><td onclick="alert(1)">140<script>alert(2)</script></td></tr></table><paragraph>See <content styleCode="Bold">note</content> <linkHtml href="javascript:alert(3)">here</linkHtml><renderMultiMedia referencedObject="x"/></paragraph></text>`
		const entry = `<entry><observation><code code="2951-2" ${LOINC}><originalText><reference value="#r1"/></originalText></code><value xsi:type="PQ" value="140" unit="mmol/L"/></observation></entry>`
		const record = readCcda(section('30954-2', entry, text))
		expect(record.observations[0].name).toBe('Serum sodium')
		const tree = JSON.stringify(record.narrative[0].content)
		expect(tree).not.toMatch(/script|alert|onclick|javascript|href/)
		expect(record.narrative[0].content).toEqual([
			{
				tag: 'table',
				children: [
					{
						tag: 'tr',
						children: [
							{ tag: 'td', children: ['Serum sodium'] },
							{ tag: 'td', children: ['140'] },
						],
					},
				],
			},
			{ tag: 'p', children: ['See ', { tag: 'strong', children: ['note'] }, ' ', 'here'] },
		])
	})

	it('writes HL7 times at their own precision', () => {
		expect(hl7TimeToIso('1999')).toBe('1999')
		expect(hl7TimeToIso('199911')).toBe('1999-11')
		expect(hl7TimeToIso('20120910')).toBe('2012-09-10')
		expect(hl7TimeToIso('201209101030-0500')).toBe('2012-09-10T10:30-05:00')
	})

	it('sets an entry of an unknown section aside as text and keeps the rest of the document', () => {
		const doc = `<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><code code="34133-9" ${LOINC}/><effectiveTime value="20130815"/>
			<component><structuredBody>
				<component><section><code code="99999-9"/><title>Odd</title><entry><weirdThing>x</weirdThing></entry></section></component>
				<component><section><code code="30954-2" ${LOINC}/><entry><organizer>${pq('718-7', 'Hemoglobin', '13.2', 'g/dL')}</organizer></entry></section></component>
			</structuredBody></component></ClinicalDocument>`
		const record = readCcda(parseSafeXml(doc))
		expect(record.observations).toHaveLength(1)
		expect(record.textEntries).toEqual([{ section: 'Odd', name: 'entry', text: 'x', kind: 'other', reason: 'unknown_section' }])
		expect(record.date).toBe('2013-08-15')
	})
})

describe('FHIR reader', () => {
	it('reads an Observation with valueQuantity and referenceRange', () => {
		const record = readFhirJson({
			resourceType: 'Observation',
			id: 'o1',
			status: 'final',
			category: [{ coding: [{ code: 'laboratory' }] }],
			code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
			effectiveDateTime: '2021-03-04T08:00:00Z',
			valueQuantity: { value: 101, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
			referenceRange: [{ low: { value: 70 }, high: { value: 99 } }],
			interpretation: [{ coding: [{ code: 'H' }] }],
		})
		expect(record.observations).toEqual([
			expect.objectContaining({
				loinc: '2345-7',
				name: 'Glucose',
				value: 101,
				unit: 'mg/dL',
				referenceRangeMin: 70,
				referenceRangeMax: 99,
				interpretation: 'H',
				effective: '2021-03-04T08:00:00Z',
			}),
		])
		const { parameters } = structuredToResult(record, 0)
		expect(parameters[0]).toMatchObject({ code: 'glucose', loinc: '2345-7', status: 'high', testDate: '2021-03-04', ucumUnit: 'mg/dL' })
	})

	it('reads blood pressure components as two vital signs', () => {
		const record = readFhirJson({
			resourceType: 'Bundle',
			type: 'collection',
			entry: [
				{
					resource: {
						resourceType: 'Observation',
						id: 'bp',
						status: 'final',
						category: [{ coding: [{ code: 'vital-signs' }] }],
						code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }], text: 'Blood pressure' },
						effectiveDateTime: '2020-05-06',
						component: [
							{ code: { coding: [{ system: 'http://loinc.org', code: '8480-6' }], text: 'Systolic' }, valueQuantity: { value: 128, unit: 'mm[Hg]' } },
							{ code: { coding: [{ system: 'http://loinc.org', code: '8462-4' }], text: 'Diastolic' }, valueQuantity: { value: 82, unit: 'mm[Hg]' } },
						],
					},
				},
			],
		})
		const { parameters } = structuredToResult(record, 0)
		expect(parameters.map((p) => [p.code, p.value, p.testDate])).toEqual([
			['systolic_bp', 128, '2020-05-06'],
			['diastolic_bp', 82, '2020-05-06'],
		])
		expect(record.date).toBe('2020-05-06')
	})

	it('gives a LOINC result outside the vocabulary a code of its own, and keeps a text value as text', () => {
		const record = readFhirJson({
			resourceType: 'Bundle',
			type: 'collection',
			entry: [
				{
					resource: {
						resourceType: 'Observation',
						id: 'a',
						status: 'final',
						code: { coding: [{ system: 'http://loinc.org', code: '1234-5' }], text: 'Rare thing' },
						effectiveDateTime: '2020-01-01',
						valueQuantity: { value: 3, unit: 'U/L' },
					},
				},
				{ resource: { resourceType: 'Observation', id: 'b', status: 'final', code: { text: 'Culture' }, valueString: 'No growth' } },
			],
		})
		const result = structuredToResult(record, 0)
		expect(result.parameters.map((p) => p.code)).toEqual(['loinc-1234-5'])
		expect(result.structured?.counts.keptAsText).toBe(1)
		expect(result.summary).toContain('1 entry kept as text (not structured).')
	})
})

describe('type by content', () => {
	const head = (text: string) => new TextEncoder().encode(text)
	it('takes a ClinicalDocument in the HL7 v3 namespace for a C-CDA whatever its name', () => {
		expect(
			detectFileType(head('<?xml version="1.0"?>\n<?xml-stylesheet href="cda.xsl"?>\n<!-- c --><ClinicalDocument xmlns="urn:hl7-org:v3">'), 'export.txt').kind,
		).toBe('ccda')
		expect(detectFileType(head('<cda:ClinicalDocument xmlns:cda="urn:hl7-org:v3">')).kind).toBe('ccda')
	})

	it('takes a JSON object with a resourceType for FHIR', () => {
		expect(detectFileType(head('{\n  "resourceType": "Bundle", "type": "collection"'), 'bundle.pdf').kind).toBe('fhir')
	})

	it('refuses other XML and other JSON with a clear message', () => {
		const xml = detectFileType(head('<?xml version="1.0"?><note><to>x</to></note>'), 'note.xml')
		expect(xml).toMatchObject({ kind: 'rejected', message: expect.stringContaining('not a C-CDA document') })
		const wrongNamespace = detectFileType(head('<ClinicalDocument xmlns="urn:other">'), 'a.xml')
		expect(wrongNamespace.kind).toBe('rejected')
		const json = detectFileType(head('{"name": "x"}'), 'a.json')
		expect(json).toMatchObject({ kind: 'rejected', message: expect.stringContaining('not a FHIR R4 resource') })
	})

	it('lets a C-CDA with a DTD through to the parser, which refuses it as unsafe', () => {
		const xxe = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3">&x;</ClinicalDocument>'
		expect(detectFileType(head(xxe)).kind).toBe('ccda')
		expect(() => readStructuredRecord(Buffer.from(xxe), 'ccda')).toThrow(/DTD or entities/)
	})
})

describe('narrativeOf', () => {
	it('drops scripts, styles, images and attributes', () => {
		const tree = narrativeOf(
			parseSafeXml(
				'<text><style>td{background:url(http://evil/x)}</style><img src="http://evil/y"/><paragraph onmouseover="x()">Hi<br/></paragraph><iframe src="http://evil"/></text>',
			),
		)
		expect(tree).toEqual([{ tag: 'p', children: ['Hi', { tag: 'br', children: [] }] }])
	})
})

describe('sources the shared fixtures do not cover', () => {
	it('reads xsi:type under any prefix bound to the XMLSchema-instance namespace, in a cda:-prefixed document', () => {
		const xml = `<cda:ClinicalDocument xmlns:cda="urn:hl7-org:v3" xmlns:s="http://www.w3.org/2001/XMLSchema-instance"><cda:component><cda:structuredBody><cda:component><cda:section><cda:code code="30954-2" ${LOINC}/>
			<cda:entry><cda:observation><cda:code code="2345-7" ${LOINC} displayName="Glucose"/><cda:effectiveTime value="20200102"/><cda:value s:type="PQ" value="98" unit="mg/dL"/></cda:observation></cda:entry>
		</cda:section></cda:component></cda:structuredBody></cda:component></cda:ClinicalDocument>`
		const record = readCcda(parseSafeXml(xml))
		expect(record.observations.map((o) => [o.loinc, o.value, o.unit])).toEqual([['2345-7', 98, 'mg/dL']])
	})

	it('keeps a FHIR value with a comparator (<5) as text, never as the number 5', () => {
		const record = readFhirJson({
			resourceType: 'Observation',
			status: 'final',
			code: { coding: [{ system: 'http://loinc.org', code: '42637-9' }] },
			valueQuantity: { value: 5, comparator: '<', unit: 'pg/mL' },
		})
		expect(record.observations).toEqual([])
		expect(record.textEntries).toEqual([{ section: 'Results', name: '42637-9', text: '< 5 pg/mL', kind: 'results', reason: 'comparator' }])
	})

	it('reads the Observations a DiagnosticReport contains, each once', () => {
		const observation = (id: string, code: string, value: number) => ({
			resourceType: 'Observation',
			id,
			status: 'final',
			category: [{ coding: [{ code: 'laboratory' }] }],
			code: { coding: [{ system: 'http://loinc.org', code }] },
			effectiveDateTime: '2021-05-06',
			valueQuantity: { value, unit: 'mmol/L' },
		})
		const record = readFhirJson({
			resourceType: 'Bundle',
			type: 'searchset',
			entry: [
				{
					fullUrl: 'https://fhir.example.org/DiagnosticReport/9',
					resource: {
						resourceType: 'DiagnosticReport',
						id: '9',
						status: 'final',
						code: { text: 'Panel' },
						contained: [observation('a', '2823-3', 4.1), observation('b', '2951-2', 140)],
						result: [{ reference: '#a' }, { reference: '#b' }],
					},
				},
			],
		})
		expect(record.observations.map((o) => [o.loinc, o.value, o.key])).toEqual([
			['2823-3', 4.1, 'https://fhir.example.org/DiagnosticReport/9#a'],
			['2951-2', 140, 'https://fhir.example.org/DiagnosticReport/9#b'],
		])
	})

	it("reads an export's DocumentReference and Appointment: kind, title, date, provider; who, where, when, status", () => {
		const record = readFhirJson({
			resourceType: 'Bundle',
			type: 'collection',
			entry: [
				{
					fullUrl: 'urn:uuid:4f1c1c9e-0000-4000-8000-000000000001',
					resource: {
						resourceType: 'DocumentReference',
						id: '4f1c1c9e-0000-4000-8000-000000000001',
						status: 'current',
						type: { coding: [{ system: 'http://loinc.org', code: '11502-2' }], text: 'lab_report' },
						date: '2024-01-02T10:00:00Z',
						description: 'Lipid panel',
						author: [{ display: 'Bluewater Diagnostics' }],
						context: { period: { start: '2023-12-28' } },
						content: [{ attachment: { contentType: 'application/pdf', title: 'lipids.pdf', size: 1234 } }],
					},
				},
				{
					resource: {
						resourceType: 'Appointment',
						id: 'appt-1-long-enough-id',
						status: 'booked',
						description: 'Follow-up',
						serviceType: [{ text: 'Cardiology' }],
						start: '2031-01-05T14:00:00-05:00',
						end: '2031-01-05T14:30:00-05:00',
						participant: [
							{ actor: { reference: 'Patient/p1' } },
							{ actor: { reference: 'Practitioner/7', display: 'Dr. Ames' } },
							{ actor: { reference: 'Location/3', display: 'Heart Center' } },
						],
					},
				},
			],
		})
		expect(record.documentReferences).toEqual([
			{
				key: 'urn:uuid:4f1c1c9e-0000-4000-8000-000000000001',
				title: 'Lipid panel',
				kind: 'lab_report',
				date: '2023-12-28',
				provider: 'Bluewater Diagnostics',
				fileName: 'lipids.pdf',
				contentType: 'application/pdf',
				sizeBytes: 1234,
			},
		])
		expect(record.appointments).toEqual([
			{
				key: 'Appointment/appt-1-long-enough-id',
				title: 'Follow-up',
				provider: 'Dr. Ames',
				specialty: 'Cardiology',
				location: 'Heart Center',
				status: 'confirmed',
				startsAt: '2031-01-05T19:00:00.000Z',
				durationMinutes: 30,
				notes: null,
				cancelReason: null,
			},
		])
	})
})
