import { describe, expect, it } from 'vitest'
import { detectFileType } from '../intake/file-type.ts'
import { IMPORT_NOTES } from '../intake/messages.ts'
import { toUcum } from '#server/lab-vocabulary/ucum.ts'
import { readCcda } from './ccda-import.ts'
import { importReportOf } from './import-report.ts'
import { readStructuredRecord, StructuredReadError, structuredToResult } from './read-structured.ts'
import { parseSafeXml } from './safe-xml.ts'

/**
 * What real EHR exports do that the standard examples do not: small
 * handwritten files, one per quirk (issue 30).
 */

const LOINC = 'codeSystem="2.16.840.1.113883.6.1"'
const SNOMED = 'codeSystem="2.16.840.1.113883.6.96"'
const fhir = (value: unknown) => Buffer.from(JSON.stringify(value))
const ccd = (sections: string) =>
	Buffer.from(`<?xml version="1.0"?><ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
	<code code="34133-9" ${LOINC}/><effectiveTime value="20240105"/>
	<component><structuredBody>${sections.replace(/<section(\s[^>]*)?>/g, '<component><section$1>').replace(/<\/section>/g, '</section></component>')}</structuredBody></component></ClinicalDocument>`)

const observation = (loinc: string, value: number, unit: string, when = '2024-01-05') => ({
	resourceType: 'Observation',
	status: 'final',
	category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
	code: { coding: [{ system: 'http://loinc.org', code: loinc }] },
	effectiveDateTime: when,
	valueQuantity: { value, unit },
})

describe('a FHIR bundle without resourceType at its root', () => {
	const seed = {
		type: 'transaction',
		entry: [
			{
				fullUrl: 'urn:uuid:8f3b1c52-7a8e-4d55-9c0f-1d2e3f4a5b6c',
				resource: { resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Lima' }] },
				request: { method: 'POST', url: 'Patient' },
			},
			{
				fullUrl: 'urn:uuid:0b7c2d9e-1111-4c3a-8e7d-222233334444',
				resource: observation('718-7', 13.1, 'g/dL'),
				request: { method: 'POST', url: 'Observation' },
			},
			{ resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Metformin 500 mg' } } },
			{ resource: { resourceType: 'Condition', code: { text: 'Type 2 diabetes' } } },
		],
	}

	it('is taken for FHIR by its content and read as a bundle, with a note in the record', () => {
		expect(detectFileType(fhir(seed)).kind).toBe('fhir')
		const record = readStructuredRecord(fhir(seed), 'fhir')
		expect(record.observations.map((item) => [item.loinc, item.value, item.unit])).toEqual([['718-7', 13.1, 'g/dL']])
		expect(record.medications.map((item) => item.name)).toEqual(['Metformin 500 mg'])
		expect(record.problems.map((item) => item.name)).toEqual(['Type 2 diabetes'])
		expect(record.patient.name).toBe('Ana Lima')
		expect(record.notes).toEqual([IMPORT_NOTES.bundleWithoutResourceType])
		const result = structuredToResult(record, 0)
		expect(result.summary).toContain(IMPORT_NOTES.bundleWithoutResourceType)
		expect(importReportOf(result.structured!).notes).toEqual([IMPORT_NOTES.bundleWithoutResourceType])
	})

	it('reads a JSON list of resources the same way', () => {
		const record = readStructuredRecord(fhir([observation('2345-7', 98, 'mg/dL'), observation('2345-7', 104, 'mg/dL', '2024-02-01')]), 'fhir')
		expect(record.observations.map((item) => item.value)).toEqual([98, 104])
		expect(record.notes).toEqual([IMPORT_NOTES.resourceList])
	})

	it('still refuses what is not FHIR at all, and hostile JSON as before', () => {
		expect(() => readStructuredRecord(fhir({ type: 'transaction', entry: [{ resource: { name: 'x' } }] }), 'fhir')).toThrow(StructuredReadError)
		expect(() => readStructuredRecord(fhir({ entry: 'none' }), 'fhir')).toThrow(/not a FHIR R4 resource/)
		expect(detectFileType(fhir({ type: 'transaction', entry: [] })).kind).toBe('rejected')
		const deep = `{"entry":[{"resource":{"resourceType":"Basic","extension":${'['.repeat(150)}${']'.repeat(150)}}}]}`
		expect(() => readStructuredRecord(Buffer.from(deep), 'fhir')).toThrow(expect.objectContaining({ reason: 'unsafe_file' }))
		const polluted = '{"entry":[{"resource":{"resourceType":"Observation","__proto__":{"isAdmin":true}}}]}'
		expect(() => readStructuredRecord(Buffer.from(polluted), 'fhir')).toThrow(expect.objectContaining({ reason: 'unsafe_file' }))
	})

	it('lists an entry with only its address as not imported, and resolves a relative reference to an absolute fullUrl', () => {
		const record = readStructuredRecord(
			fhir({
				resourceType: 'Bundle',
				type: 'searchset',
				entry: [
					{
						fullUrl: 'https://ehr.example/fhir/Medication/77',
						resource: {
							resourceType: 'Medication',
							code: { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '197361', display: 'Amlodipine 5 MG Oral Tablet' }] },
						},
					},
					{
						fullUrl: 'https://ehr.example/fhir/MedicationRequest/9',
						resource: { resourceType: 'MedicationRequest', status: 'active', medicationReference: { reference: 'Medication/77' } },
					},
					{ fullUrl: 'https://ehr.example/fhir/Observation/55' },
				],
			}),
			'fhir',
		)
		expect(record.medications.map((item) => [item.name, item.rxnorm])).toEqual([['Amlodipine 5 MG Oral Tablet', '197361']])
		expect(record.skipped).toEqual([{ kind: 'other', reason: 'no_resource', name: 'https://ehr.example/fhir/Observation/55' }])
	})
})

describe('C-CDA sections without their template id', () => {
	const problemEntry = (
		snomed: string,
		name: string,
	) => `<entry><act classCode="ACT" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.3"/><code code="CONC" codeSystem="2.16.840.1.113883.5.6"/><statusCode code="active"/>
		<entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN"><id root="9.9.9" extension="${snomed}"/><code code="55607006" ${SNOMED} displayName="Problem"/><statusCode code="completed"/><effectiveTime><low value="20190301"/></effectiveTime>
		<value xsi:type="CD" nullFlavor="UNK"><translation code="${snomed}" ${SNOMED} displayName="${name}"/></value></observation></entryRelationship></act></entry>`

	it('finds a problem list by its LOINC code alone and reads a null-flavoured value from its SNOMED translation', () => {
		const record = readStructuredRecord(
			ccd(
				`<section><code code="11450-4" ${LOINC}/><title>Problem List</title>${problemEntry('38341003', 'Hypertension')}${problemEntry('44054006', 'Diabetes mellitus type 2')}</section>`,
			),
			'ccda',
		)
		expect(record.problems.map((item) => [item.name, item.code, item.onset])).toEqual([
			['Hypertension', '38341003', '2019-03-01'],
			['Diabetes mellitus type 2', '44054006', '2019-03-01'],
		])
		expect(record.sections).toEqual([{ kind: 'problems', title: 'Problem List', entries: 2, foundBy: 'code', nullFlavor: null }])
	})

	it('reads a value from its originalText when it has neither code nor translation', () => {
		const entry = problemEntry('1', 'x').replace(
			/<value[\s\S]*?<\/value>/,
			'<value xsi:type="CD" nullFlavor="OTH"><originalText>Seasonal allergic rhinitis</originalText></value>',
		)
		const record = readStructuredRecord(ccd(`<section><code code="11450-4" ${LOINC}/>${entry}</section>`), 'ccda')
		expect(record.problems.map((item) => [item.name, item.code])).toEqual([['Seasonal allergic rhinitis', null]])
	})

	it('finds sections by title when they have no known template and no LOINC code, whatever the case', () => {
		const results = `<section><title>LAB RESULTS:</title><entry><observation classCode="OBS" moodCode="EVN"><code code="2160-0" ${LOINC} displayName="Creatinine"/><effectiveTime value="20240105"/><value xsi:type="PQ" value="0.9" unit="mg/dL"/></observation></entry></section>`
		const allergies = `<section><code code="ALG" codeSystem="1.2.840.99999.1"/><title>Allergies, Adverse Reactions and Alerts</title><entry><act><entryRelationship typeCode="SUBJ"><observation><code code="ASSERTION" codeSystem="2.16.840.1.113883.5.4"/><value xsi:type="CD" code="419511003" ${SNOMED} displayName="Drug allergy"/>
			<participant typeCode="CSM"><participantRole><playingEntity><code code="7980" codeSystem="2.16.840.1.113883.6.88" displayName="Penicillin G"/></playingEntity></participantRole></participant></observation></entryRelationship></act></entry></section>`
		const administered = `<section><code code="29549-3" ${LOINC}/><title>Medications</title><entry><substanceAdministration><consumable><manufacturedProduct><manufacturedMaterial><code displayName="Ceftriaxone"/></manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry></section>`
		const record = readStructuredRecord(ccd(results + allergies + administered), 'ccda')
		expect(record.observations.map((item) => [item.loinc, item.value])).toEqual([['2160-0', 0.9]])
		expect(record.allergies.map((item) => item.name)).toEqual(['Penicillin G'])
		// coded in LOINC as another section (medications administered): not the medication list, whatever its title
		expect(record.medications).toEqual([])
		expect(record.sections.map((item) => [item.kind, item.foundBy])).toEqual([
			['results', 'title'],
			['allergies', 'title'],
		])
	})

	it("reads a title's words: a remark in brackets and punctuation dropped, never a history section", () => {
		const meds = `<section><title>Current Meds:</title><entry><substanceAdministration><consumable><manufacturedProduct><manufacturedMaterial><code displayName="Atorvastatin 20 MG"/></manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry></section>`
		const vitals = `<section><title>Vital Signs (Last Filed)</title><entry><observation><code code="8867-4" ${LOINC} displayName="Heart rate"/><effectiveTime value="20240105"/><value xsi:type="PQ" value="72" unit="/min"/></observation></entry></section>`
		const local = `<section><code code="PROB"/><title>Problem List</title><entry><act><entryRelationship typeCode="SUBJ"><observation><value xsi:type="CD" code="195967001" ${SNOMED} displayName="Asthma"/></observation></entryRelationship></act></entry></section>`
		const family = `<section><title>Family History of Conditions</title><entry><observation><value xsi:type="CD" code="22298006" ${SNOMED} displayName="Myocardial infarction"/></observation></entry></section>`
		const record = readStructuredRecord(ccd(meds + vitals + local + family), 'ccda')
		// a vendor's own section code (no system, not a LOINC code) leaves the title to decide
		expect([record.medications.length, record.observations.map((item) => item.category), record.problems.map((item) => item.name)]).toEqual([
			1,
			['vital'],
			['Asthma'],
		])
	})

	it('prefers the template id to a wrong section code', () => {
		const xml = `<section><templateId root="2.16.840.1.113883.10.20.22.2.6.1"/><code code="10160-0" ${LOINC}/><title>Allergies</title><entry><act><entryRelationship typeCode="SUBJ"><observation><value xsi:type="CD" code="419511003" ${SNOMED}/><participant><participantRole><playingEntity><code displayName="Latex"/></playingEntity></participantRole></participant></observation></entryRelationship></act></entry></section>`
		const record = readCcda(parseSafeXml(xml, { fragment: true }))
		expect([record.allergies.length, record.medications.length]).toEqual([1, 0])
	})
})

describe("FHIR categories in a vendor's own codes", () => {
	it("takes 'LAB' in a local system, or the text 'Laboratory', for a result; a survey stays other", () => {
		const local = {
			...observation('2160-0', 1.1, 'MG/DL'),
			category: [{ coding: [{ system: 'urn:oid:1.2.840.114350.1.13', code: 'LAB' }], text: 'Laboratory' }],
		}
		const survey = { ...observation('44249-1', 7, '{score}'), category: [{ coding: [{ code: 'survey' }] }] }
		const record = readStructuredRecord(fhir({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: local }, { resource: survey }] }), 'fhir')
		expect(record.observations.map((item) => [item.loinc, item.category])).toEqual([['2160-0', 'result']])
		expect(record.textEntries.map((item) => item.reason)).toEqual(['other_category'])
	})
})

describe("'none' entries", () => {
	const material = (code: string) => `<consumable><manufacturedProduct><manufacturedMaterial>${code}</manufacturedMaterial></manufacturedProduct></consumable>`

	it('are statements in C-CDA, never counted as a medication, immunization, problem or allergy', () => {
		const medications = `<section><code code="10160-0" ${LOINC}/><title>Medications</title>
			<entry><substanceAdministration moodCode="EVN" negationInd="true">${material(`<code code="410942007" ${SNOMED} displayName="Drug or medicament"><originalText>No known medications</originalText></code>`)}</substanceAdministration></entry></section>`
		const immunizations = `<section><code code="11369-6" ${LOINC}/><title>Immunizations</title>
			<entry><substanceAdministration moodCode="EVN" negationInd="false">${material('<code nullFlavor="NI"><originalText>No immunizations on record</originalText></code>')}</substanceAdministration></entry>
			<entry><substanceAdministration moodCode="EVN" negationInd="true">${material('<code code="88" codeSystem="2.16.840.1.113883.12.292" displayName="Influenza virus vaccine"/>')}</substanceAdministration></entry></section>`
		const allergies = `<section><code code="48765-2" ${LOINC}/><title>Allergies</title><entry><act><entryRelationship typeCode="SUBJ"><observation negationInd="true"><value xsi:type="CD" code="419199007" ${SNOMED} displayName="Allergy to substance"/>
			<participant><participantRole><playingEntity><code nullFlavor="NA"/></playingEntity></participantRole></participant></observation></entryRelationship></act></entry></section>`
		const problems = `<section><code code="11450-4" ${LOINC}/><title>Problems</title><entry><act><entryRelationship typeCode="SUBJ"><observation><value xsi:type="CD" code="160245001" ${SNOMED} displayName="No current problems or disability"/></observation></entryRelationship></act></entry></section>`
		const record = readStructuredRecord(ccd(medications + immunizations + allergies + problems), 'ccda')
		expect([record.medications.length, record.immunizations.length, record.allergies.length, record.problems.length]).toEqual([0, 0, 0, 0])
		expect(record.statements).toEqual([
			{ kind: 'medications', text: 'No known medications' },
			{ kind: 'immunizations', text: 'No immunizations on record' },
			{ kind: 'immunizations', text: 'Not given: Influenza virus vaccine' },
			{ kind: 'allergies', text: 'No known allergies' },
			{ kind: 'problems', text: 'No current problems or disability' },
		])
		const result = structuredToResult(record, 0)
		expect(result.structured!.counts).toMatchObject({ medications: 0, immunizations: 0, problems: 0, allergies: 0, imported: 0 })
		expect(result.medications).toEqual([])
	})

	it("reads a negated allergy to the class 'Substance' as 'No known allergies', and one to a named agent as no allergy to it", () => {
		const negatedAllergy = (agent: string) =>
			`<entry><act><entryRelationship typeCode="SUBJ"><observation negationInd="true"><value xsi:type="CD" code="419199007" ${SNOMED}/><participant><participantRole><playingEntity>${agent}</playingEntity></participantRole></participant></observation></entryRelationship></act></entry>`
		const xml = `<section><code code="48765-2" ${LOINC}/><title>Allergies</title>${negatedAllergy(`<code code="105590001" ${SNOMED} displayName="Substance"/>`)}${negatedAllergy('<code code="7980" codeSystem="2.16.840.1.113883.6.88" displayName="Penicillin G"/>')}</section>`
		const record = readStructuredRecord(ccd(xml), 'ccda')
		expect(record.allergies).toEqual([])
		expect(record.statements.map((item) => item.text)).toEqual(['No known allergies', 'No allergy to Penicillin G'])
	})

	it('are statements in FHIR: not-taken, not-done and the no-known codes', () => {
		const record = readStructuredRecord(
			fhir({
				resourceType: 'Bundle',
				type: 'collection',
				entry: [
					{
						resource: {
							resourceType: 'MedicationStatement',
							status: 'active',
							medicationCodeableConcept: {
								coding: [
									{ system: 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips', code: 'no-known-medications', display: 'No known medications' },
								],
							},
						},
					},
					{ resource: { resourceType: 'MedicationStatement', status: 'not-taken', medicationCodeableConcept: { text: 'Ibuprofen' } } },
					{ resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Patient not taking any medications' } } },
					{
						resource: {
							resourceType: 'Immunization',
							status: 'completed',
							vaccineCode: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor', code: 'UNK' }], text: 'No immunizations' },
						},
					},
					{
						resource: {
							resourceType: 'AllergyIntolerance',
							code: { coding: [{ system: 'http://snomed.info/sct', code: '716186003', display: 'No known allergy' }] },
						},
					},
				],
			}),
			'fhir',
		)
		expect([record.medications.length, record.immunizations.length, record.allergies.length]).toEqual([0, 0, 0])
		expect(record.statements.map((item) => item.text)).toEqual([
			'No known medications',
			'Not taken: Ibuprofen',
			'Patient not taking any medications',
			'No immunizations',
			'No known allergy',
		])
	})
})

describe('units in another case', () => {
	it("reads 'FL' as fL for matching, keeps it as printed, and gives it the content key of the same result written 'fL'", () => {
		const read = (unit: string) =>
			structuredToResult(
				readStructuredRecord(
					fhir({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: { ...observation('787-2', 88, unit), id: unit } }] }),
					'fhir',
				),
				0,
			).parameters[0]
		const upper = read('FL')
		const lower = read('fL')
		expect([upper.code, upper.unit, upper.ucumUnit]).toEqual(['mcv', 'FL', 'fL'])
		expect((lower.entryKeys ?? []).filter((key) => upper.entryKeys?.includes(key))).toHaveLength(1)
	})

	it('matches the atoms whose case UCUM settles', () => {
		expect(['MM[HG]', 'CEL', '[DEGF]', 'MG/DL', 'K/UL', 'MMOL/L', '[IU]/L'].map(toUcum)).toEqual([
			'mm[Hg]',
			'Cel',
			'[degF]',
			'mg/dL',
			'10*3/uL',
			'mmol/L',
			'[IU]/L',
		])
	})

	it('joins a mean cell volume coded with the method-less LOINC (30428-7) to the MCV series', () => {
		const result = structuredToResult(readStructuredRecord(fhir(observation('30428-7', 90, 'FL')), 'fhir'), 0)
		expect(result.parameters.map((item) => [item.code, item.loinc, item.unit])).toEqual([['mcv', '30428-7', 'FL']])
	})
})

describe('what was not imported, by kind', () => {
	it('lists empty sections, statements, entries kept as text and skipped entries with their reasons', () => {
		const xml = ccd(`<section><code code="11450-4" ${LOINC}/><title>Problems</title></section>
			<section nullFlavor="NI"><code code="11369-6" ${LOINC}/><title>Immunizations</title></section>
			<section><code code="48765-2" ${LOINC}/><title>Allergies</title><entry><act><entryRelationship typeCode="SUBJ"><observation negationInd="true"><participant><participantRole><playingEntity><code nullFlavor="NA"/></playingEntity></participantRole></participant></observation></entryRelationship></act></entry></section>
			<section><code code="30954-2" ${LOINC}/><title>Results</title>
				<entry><observation><code code="883-9" ${LOINC} displayName="ABO group"/><effectiveTime value="20240105"/><value xsi:type="CD" displayName="A"/></observation></entry>
				<entry><observation><code code="2345-7" ${LOINC} displayName="Glucose"/><value xsi:type="PQ" nullFlavor="NI"/></observation></entry>
				<entry><observation><code code="X-1" codeSystem="1.2.3.4" displayName="House panel index"/><effectiveTime value="20240105"/><value xsi:type="PQ" value="4" unit="1"/></observation></entry>
			</section>
			<section><code code="47519-4" ${LOINC}/><title>Procedures</title><entry><procedure><code displayName="Colonoscopy"/></procedure></entry></section>`)
		const { structured } = structuredToResult(readStructuredRecord(xml, 'ccda'), 0)
		const report = importReportOf(structured!)
		expect(report.groups.map((group) => [group.label, group.lines.map((line) => [line.text, ...line.entries])])).toEqual([
			[
				'Results',
				[
					['1 entry kept as text: the value is not a number', 'ABO group: A'],
					['1 entry kept as text: the file gives no value', 'Glucose: NI'],
					['1 entry kept as text: neither a LOINC code nor a name this app knows', 'House panel index: 4 1'],
				],
			],
			['Immunizations', [["The section 'Immunizations' says there is no information."]]],
			['Problems', [["The section 'Problems' was read as empty: it has no entries."]]],
			['Allergies', [['The file states', 'No known allergies']]],
			['Other sections', [['1 entry kept as text: a section or entry type this app does not import', 'Procedures: Colonoscopy']]],
		])
	})

	it('says every entry was imported when nothing was left out, and still lists the text entries of a record read before reasons were kept', () => {
		const clean = structuredToResult(readStructuredRecord(fhir(observation('718-7', 13, 'g/dL')), 'fhir'), 0)
		expect(importReportOf(clean.structured!)).toMatchObject({ groups: [], intro: 'Every entry of the file was imported.' })
		const old = {
			...clean.structured!,
			textEntries: [{ section: 'Results', name: 'BNP', text: '< 5 pg/mL' }],
			skipped: undefined,
			statements: undefined,
			sections: undefined,
			notes: undefined,
		}
		expect(importReportOf(old).groups).toEqual([
			{ kind: 'results', label: 'Results', lines: [{ text: '1 entry kept as text (not structured)', entries: ['BNP: < 5 pg/mL'] }] },
		])
	})
})
