/**
 * A small C-CDA R2.1 Continuity of Care Document built at test time: results
 * (one organizer), vital signs, medications, and any narrative the test gives
 * (written into the Results section's <text> as is, so a test can make it
 * hostile). Ids are the test's, so a test can repeat an entry in a second
 * document.
 */

export type CcdResult = { id?: string; loinc: string; name: string; value: string; unit: string; low?: string; high?: string; time: string }
export type CcdMedication = { id?: string; rxnorm: string; name: string; dose?: string; doseUnit?: string; start: string; status?: 'active' | 'completed' }

export type CcdOptions = {
	documentId: string
	/** HL7 TS, e.g. '20250301' */
	effectiveTime: string
	custodian: string
	patient?: { given: string; family: string; birthTime: string }
	results?: CcdResult[]
	vitals?: CcdResult[]
	medications?: CcdMedication[]
	/** the Results section's narrative, raw XML inside <text> */
	resultsNarrative?: string
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function observation(result: CcdResult, templateId: string): string {
	const id = result.id ? `<id root="${escapeXml(result.id)}"/>` : ''
	const range =
		result.low || result.high
			? `<referenceRange><observationRange><value xsi:type="IVL_PQ">${result.low ? `<low value="${result.low}" unit="${escapeXml(result.unit)}"/>` : ''}${result.high ? `<high value="${result.high}" unit="${escapeXml(result.unit)}"/>` : ''}</value><interpretationCode code="N" codeSystem="2.16.840.1.113883.5.83"/></observationRange></referenceRange>`
			: ''
	return `<component><observation classCode="OBS" moodCode="EVN"><templateId root="${templateId}" extension="2015-08-01"/>${id}<code code="${result.loinc}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="${escapeXml(result.name)}"/><statusCode code="completed"/><effectiveTime value="${result.time}"/><value xsi:type="PQ" value="${result.value}" unit="${escapeXml(result.unit)}"/>${range}</observation></component>`
}

function organizer(results: CcdResult[], code: string, templateId: string, observationTemplate: string): string {
	return `<entry typeCode="DRIV"><organizer classCode="CLUSTER" moodCode="EVN"><templateId root="${templateId}" extension="2015-08-01"/><code code="${code}" codeSystem="2.16.840.1.113883.6.1"/><statusCode code="completed"/><effectiveTime value="${results[0]!.time}"/>${results.map((result) => observation(result, observationTemplate)).join('')}</organizer></entry>`
}

function medication(item: CcdMedication): string {
	const id = item.id ? `<id root="${escapeXml(item.id)}"/>` : ''
	const dose = item.dose ? `<doseQuantity value="${item.dose}"${item.doseUnit ? ` unit="${escapeXml(item.doseUnit)}"` : ''}/>` : ''
	return `<entry typeCode="DRIV"><substanceAdministration classCode="SBADM" moodCode="EVN"><templateId root="2.16.840.1.113883.10.20.22.4.16" extension="2014-06-09"/>${id}<statusCode code="${item.status ?? 'active'}"/><effectiveTime xsi:type="IVL_TS"><low value="${item.start}"/></effectiveTime>${dose}<consumable><manufacturedProduct classCode="MANU"><templateId root="2.16.840.1.113883.10.20.22.4.23" extension="2014-06-09"/><manufacturedMaterial><code code="${item.rxnorm}" codeSystem="2.16.840.1.113883.6.88" displayName="${escapeXml(item.name)}"/></manufacturedMaterial></manufacturedProduct></consumable></substanceAdministration></entry>`
}

function section(templateId: string, code: string, title: string, text: string, entries: string): string {
	return `<component><section><templateId root="${templateId}" extension="2015-08-01"/><code code="${code}" codeSystem="2.16.840.1.113883.6.1"/><title>${escapeXml(title)}</title><text>${text}</text>${entries}</section></component>`
}

export function buildCcd(options: CcdOptions): string {
	const patient = options.patient ?? { given: 'Avery', family: 'Test', birthTime: '19800101' }
	const results = options.results ?? []
	const vitals = options.vitals ?? []
	const medications = options.medications ?? []
	const sections = [
		section(
			'2.16.840.1.113883.10.20.22.2.3.1',
			'30954-2',
			'Results',
			options.resultsNarrative ??
				`<table><thead><tr><th>Test</th><th>Value</th></tr></thead><tbody>${results.map((result) => `<tr><td>${escapeXml(result.name)}</td><td>${result.value} ${escapeXml(result.unit)}</td></tr>`).join('')}</tbody></table>`,
			results.length ? organizer(results, '24323-8', '2.16.840.1.113883.10.20.22.4.1', '2.16.840.1.113883.10.20.22.4.2') : '',
		),
		vitals.length
			? section(
					'2.16.840.1.113883.10.20.22.2.4.1',
					'8716-3',
					'Vital Signs',
					'<paragraph>Vital signs</paragraph>',
					organizer(vitals, '46680005', '2.16.840.1.113883.10.20.22.4.26', '2.16.840.1.113883.10.20.22.4.27'),
				)
			: '',
		medications.length
			? section(
					'2.16.840.1.113883.10.20.22.2.1.1',
					'10160-0',
					'Medications',
					`<list>${medications.map((item) => `<item>${escapeXml(item.name)}</item>`).join('')}</list>`,
					medications.map(medication).join(''),
				)
			: '',
	]
	return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">
<realmCode code="US"/>
<typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
<templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
<templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/>
<id root="${escapeXml(options.documentId)}"/>
<code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summarization of Episode Note"/>
<title>Continuity of Care Document</title>
<effectiveTime value="${options.effectiveTime}"/>
<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
<recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="12345"/><patient><name><given>${escapeXml(patient.given)}</given><family>${escapeXml(patient.family)}</family></name><birthTime value="${patient.birthTime}"/></patient></patientRole></recordTarget>
<custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/><name>${escapeXml(options.custodian)}</name></representedCustodianOrganization></assignedCustodian></custodian>
<component><structuredBody>${sections.join('')}</structuredBody></component>
</ClinicalDocument>
`
}
