import { seededRandom, type Random } from '../lab-corpus/content.ts'

/**
 * C-CDA documents and FHIR R4 files unlike the shared fixtures, made at run
 * time with their ground truth, for the structured import's accuracy on
 * sources it has not seen (scripts/structured-accuracy.ts). Each family is a
 * way real generators write results: C-CDA R2.1 organizers, R1.1 templates
 * without extensions, HITSP C32 CCDs, results as bare entry observations,
 * prefixed namespaces (cda:, another prefix for xsi), values in PQ
 * translations, non-UCUM units behind a nullFlavor, ranges as narrative
 * text, IVL_PQ and nullFlavor values; FHIR collection, searchset and
 * transaction bundles, single resources, DiagnosticReports with contained
 * Observations, valueQuantity whose code differs from its unit,
 * effectivePeriod and effectiveInstant, valueString and dataAbsentReason.
 * Truth follows the shared manifest's conventions (values and units as in
 * the file; a value that is not a PQ / valueQuantity number is not a numeric
 * result but must be kept as text).
 */

export type ExpectedResult = {
	category: 'result' | 'vital'
	loinc: string
	value: number
	unit: string | null
	min: number | null
	max: number | null
	interpretation: 'H' | 'L' | 'N' | null
	/** ISO 8601: a day ('2023-04-12') or an instant with its offset */
	effective: string
}

export type CorpusFile = {
	family: string
	format: 'ccda' | 'fhir'
	name: string
	bytes: Buffer
	results: ExpectedResult[]
	/** entries that carry no number (IVL_PQ, nullFlavor, valueString, dataAbsentReason): kept as text, never a parameter */
	textEntries: number
}

type Analyte = {
	loinc: string
	name: string
	unit: string
	low: number | null
	high: number | null
	values: [number, number]
	decimals: number
	category: 'result' | 'vital'
	altUnit?: string
}

const LABS: Analyte[] = [
	{
		loinc: '2345-7',
		name: 'Glucose [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: 70,
		high: 99,
		values: [60, 180],
		decimals: 0,
		category: 'result',
		altUnit: 'mg/dl',
	},
	{
		loinc: '6690-2',
		name: 'Leukocytes [#/volume] in Blood by Automated count',
		unit: '10*3/uL',
		low: 4,
		high: 10.5,
		values: [2.5, 14],
		decimals: 1,
		category: 'result',
		altUnit: 'K/uL',
	},
	{
		loinc: '789-8',
		name: 'Erythrocytes [#/volume] in Blood by Automated count',
		unit: '10*6/uL',
		low: 4.2,
		high: 5.4,
		values: [3.6, 6],
		decimals: 2,
		category: 'result',
		altUnit: 'M/uL',
	},
	{ loinc: '718-7', name: 'Hemoglobin [Mass/volume] in Blood', unit: 'g/dL', low: 12, high: 16, values: [9, 18], decimals: 1, category: 'result' },
	{
		loinc: '4544-3',
		name: 'Hematocrit [Volume Fraction] of Blood by Automated count',
		unit: '%',
		low: 36,
		high: 46,
		values: [30, 52],
		decimals: 1,
		category: 'result',
	},
	{
		loinc: '777-3',
		name: 'Platelets [#/volume] in Blood by Automated count',
		unit: '10*3/uL',
		low: 150,
		high: 400,
		values: [90, 480],
		decimals: 0,
		category: 'result',
		altUnit: 'THOU/uL',
	},
	{
		loinc: '2823-3',
		name: 'Potassium [Moles/volume] in Serum or Plasma',
		unit: 'mmol/L',
		low: 3.5,
		high: 5.1,
		values: [3, 6],
		decimals: 1,
		category: 'result',
		altUnit: 'mEq/L',
	},
	{
		loinc: '2951-2',
		name: 'Sodium [Moles/volume] in Serum or Plasma',
		unit: 'mmol/L',
		low: 136,
		high: 145,
		values: [128, 150],
		decimals: 0,
		category: 'result',
	},
	{
		loinc: '2160-0',
		name: 'Creatinine [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: 0.6,
		high: 1.3,
		values: [0.4, 2.4],
		decimals: 2,
		category: 'result',
	},
	{
		loinc: '3094-0',
		name: 'Urea nitrogen [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: 7,
		high: 20,
		values: [5, 40],
		decimals: 0,
		category: 'result',
	},
	{
		loinc: '2093-3',
		name: 'Cholesterol [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: null,
		high: 200,
		values: [130, 290],
		decimals: 0,
		category: 'result',
	},
	{
		loinc: '2085-9',
		name: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: 40,
		high: null,
		values: [25, 90],
		decimals: 0,
		category: 'result',
	},
	{ loinc: '4548-4', name: 'Hemoglobin A1c/Hemoglobin.total in Blood', unit: '%', low: 4, high: 5.6, values: [4.6, 10.5], decimals: 1, category: 'result' },
	{
		loinc: '1742-6',
		name: 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
		unit: 'U/L',
		low: 7,
		high: 56,
		values: [5, 120],
		decimals: 0,
		category: 'result',
		altUnit: 'IU/L',
	},
	{
		loinc: '33914-3',
		name: 'Glomerular filtration rate/1.73 sq M.predicted',
		unit: 'mL/min/{1.73_m2}',
		low: 60,
		high: null,
		values: [35, 120],
		decimals: 0,
		category: 'result',
	},
	{
		loinc: '3016-3',
		name: 'Thyrotropin [Units/volume] in Serum or Plasma',
		unit: 'm[IU]/L',
		low: 0.4,
		high: 4,
		values: [0.1, 9],
		decimals: 2,
		category: 'result',
		altUnit: 'mIU/L',
	},
	{
		loinc: '6301-6',
		name: 'INR in Platelet poor plasma by Coagulation assay',
		unit: '{INR}',
		low: 0.8,
		high: 1.2,
		values: [0.9, 3.5],
		decimals: 1,
		category: 'result',
	},
	{
		loinc: '2571-8',
		name: 'Triglyceride [Mass/volume] in Serum or Plasma',
		unit: 'mg/dL',
		low: null,
		high: 150,
		values: [60, 400],
		decimals: 0,
		category: 'result',
	},
]

const VITALS: Analyte[] = [
	{ loinc: '8480-6', name: 'Systolic blood pressure', unit: 'mm[Hg]', low: null, high: null, values: [100, 165], decimals: 0, category: 'vital' },
	{ loinc: '8462-4', name: 'Diastolic blood pressure', unit: 'mm[Hg]', low: null, high: null, values: [60, 100], decimals: 0, category: 'vital' },
	{ loinc: '8867-4', name: 'Heart rate', unit: '/min', low: null, high: null, values: [52, 110], decimals: 0, category: 'vital' },
	{ loinc: '9279-1', name: 'Respiratory rate', unit: '/min', low: null, high: null, values: [12, 22], decimals: 0, category: 'vital' },
	{ loinc: '8310-5', name: 'Body temperature', unit: 'Cel', low: null, high: null, values: [36.1, 38.4], decimals: 1, category: 'vital', altUnit: '[degF]' },
	{ loinc: '29463-7', name: 'Body weight', unit: 'kg', low: null, high: null, values: [48, 120], decimals: 1, category: 'vital', altUnit: '[lb_av]' },
	{ loinc: '8302-2', name: 'Body height', unit: 'cm', low: null, high: null, values: [150, 195], decimals: 0, category: 'vital', altUnit: '[in_i]' },
	{ loinc: '39156-5', name: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2', low: null, high: null, values: [18, 38], decimals: 1, category: 'vital' },
	{
		loinc: '59408-5',
		name: 'Oxygen saturation in Arterial blood by Pulse oximetry',
		unit: '%',
		low: null,
		high: null,
		values: [91, 100],
		decimals: 0,
		category: 'vital',
	},
]

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A value at the analyte's precision, with its printed digits ('4.50' stays '4.50'). */
function valueOf(random: Random, analyte: Analyte): { value: number; text: string } {
	const raw = analyte.values[0] + random.next() * (analyte.values[1] - analyte.values[0])
	const text = raw.toFixed(analyte.decimals)
	return { value: Number(text), text }
}

function interpretationOf(value: number, analyte: Analyte): 'H' | 'L' | 'N' {
	if (analyte.high !== null && value > analyte.high) return 'H'
	if (analyte.low !== null && value < analyte.low) return 'L'
	return 'N'
}

/** A moment at minute or second precision in one of a few zones, as HL7 TS and as ISO 8601; sometimes a day only. */
function momentOf(random: Random, dayOnly = false): { ts: string; iso: string } {
	const year = random.int(2015, 2025)
	const month = String(random.int(1, 12)).padStart(2, '0')
	const day = String(random.int(1, 28)).padStart(2, '0')
	if (dayOnly) return { ts: `${year}${month}${day}`, iso: `${year}-${month}-${day}` }
	const hour = String(random.int(6, 18)).padStart(2, '0')
	const minute = String(random.int(0, 59)).padStart(2, '0')
	const zone = random.pick(['-0500', '-0400', '-0800', '+0100', '+0000'])
	const withSeconds = random.chance(0.5)
	const second = withSeconds ? String(random.int(0, 59)).padStart(2, '0') : ''
	return {
		ts: `${year}${month}${day}${hour}${minute}${second}${zone}`,
		iso: `${year}-${month}-${day}T${hour}:${minute}${withSeconds ? `:${second}` : ''}${zone.slice(0, 3)}:${zone.slice(3)}`,
	}
}

function pickDistinct(random: Random, items: Analyte[], count: number): Analyte[] {
	const pool = [...items]
	const chosen: Analyte[] = []
	while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(random.next() * pool.length), 1)[0]!)
	return chosen
}

// ---------------------------------------------------------------- C-CDA

type CcdaStyle = {
	family: string
	/** section and entry templateIds, with or without R2.1 extensions */
	resultsSection: string
	vitalsSection: string
	resultObservation: string
	vitalObservation: string
	organizerTemplate: string
	extension: string | null
	/** results as organizers (true) or as observations straight in the entry */
	useOrganizer: boolean
	prefix: string
	xsiPrefix: string
}

const CCDA_STYLES: CcdaStyle[] = [
	{
		family: 'ccda-r21-organizer',
		resultsSection: '2.16.840.1.113883.10.20.22.2.3.1',
		vitalsSection: '2.16.840.1.113883.10.20.22.2.4.1',
		resultObservation: '2.16.840.1.113883.10.20.22.4.2',
		vitalObservation: '2.16.840.1.113883.10.20.22.4.27',
		organizerTemplate: '2.16.840.1.113883.10.20.22.4.1',
		extension: '2015-08-01',
		useOrganizer: true,
		prefix: '',
		xsiPrefix: 'xsi',
	},
	{
		family: 'ccda-r11',
		resultsSection: '2.16.840.1.113883.10.20.22.2.3.1',
		vitalsSection: '2.16.840.1.113883.10.20.22.2.4.1',
		resultObservation: '2.16.840.1.113883.10.20.22.4.2',
		vitalObservation: '2.16.840.1.113883.10.20.22.4.27',
		organizerTemplate: '2.16.840.1.113883.10.20.22.4.1',
		extension: null,
		useOrganizer: true,
		prefix: '',
		xsiPrefix: 'xsi',
	},
	{
		family: 'hitsp-c32',
		resultsSection: '2.16.840.1.113883.10.20.1.14',
		vitalsSection: '2.16.840.1.113883.10.20.1.16',
		resultObservation: '2.16.840.1.113883.10.20.1.31',
		vitalObservation: '2.16.840.1.113883.10.20.1.31',
		organizerTemplate: '2.16.840.1.113883.10.20.1.32',
		extension: null,
		useOrganizer: true,
		prefix: '',
		xsiPrefix: 'xsi',
	},
	{
		family: 'ccda-entry-observations',
		resultsSection: '2.16.840.1.113883.10.20.22.2.3.1',
		vitalsSection: '2.16.840.1.113883.10.20.22.2.4.1',
		resultObservation: '2.16.840.1.113883.10.20.22.4.2',
		vitalObservation: '2.16.840.1.113883.10.20.22.4.27',
		organizerTemplate: '',
		extension: '2015-08-01',
		useOrganizer: false,
		prefix: '',
		xsiPrefix: 'xsi',
	},
	{
		family: 'ccda-prefixed',
		resultsSection: '2.16.840.1.113883.10.20.22.2.3.1',
		vitalsSection: '2.16.840.1.113883.10.20.22.2.4.1',
		resultObservation: '2.16.840.1.113883.10.20.22.4.2',
		vitalObservation: '2.16.840.1.113883.10.20.22.4.27',
		organizerTemplate: '2.16.840.1.113883.10.20.22.4.1',
		extension: '2014-06-09',
		useOrganizer: true,
		prefix: 'cda:',
		xsiPrefix: 'schema',
	},
]

/** One C-CDA with a mix of the ways values, ranges, codes and times are written. */
function ccdaFile(random: Random, style: CcdaStyle, index: number): CorpusFile {
	const p = style.prefix
	const t = `${style.xsiPrefix}:type`
	const template = (root: string) => (root ? `<${p}templateId root="${root}"${style.extension ? ` extension="${style.extension}"` : ''}/>` : '')
	const results: ExpectedResult[] = []
	let textEntries = 0
	let narrativeId = 0
	const narrativeRows: string[] = []

	const observationXml = (analyte: Analyte, observationTemplate: string, panelTime: { ts: string; iso: string }): string => {
		const { value, text } = valueOf(random, analyte)
		const ownTime = random.chance(0.7) ? momentOf(random, random.chance(0.15)) : null
		const time = ownTime ?? panelTime
		const id = random.chance(0.8)
			? `<${p}id root="${random.pick(['1.2.840.114350.1.13.', '2.16.840.1.113883.3.'])}${random.int(100, 999)}.${index}" extension="${random.int(100000, 999999)}"/>`
			: ''
		// the code: LOINC with a display name, or a local code with LOINC in a translation, or LOINC with the name in originalText
		const codeStyle = random.pick(['loinc', 'loinc', 'local-translation', 'original-text'] as const)
		let code: string
		if (codeStyle === 'local-translation') {
			code = `<${p}code code="L${random.int(1000, 9999)}" codeSystem="2.16.840.1.113883.19.5.${random.int(1, 9)}" displayName="${escapeXml(analyte.name)}"><${p}translation code="${analyte.loinc}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC"/></${p}code>`
		} else if (codeStyle === 'original-text') {
			narrativeId++
			narrativeRows.push(
				`<${p}tr><${p}td ID="name${narrativeId}">${escapeXml(analyte.name)}</${p}td><${p}td>${text} ${escapeXml(analyte.unit)}</${p}td></${p}tr>`,
			)
			code = `<${p}code code="${analyte.loinc}" codeSystem="2.16.840.1.113883.6.1"><${p}originalText><${p}reference value="#name${narrativeId}"/></${p}originalText></${p}code>`
		} else code = `<${p}code code="${analyte.loinc}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="${escapeXml(analyte.name)}"/>`

		// the value: plain PQ, PQ with a translation in another unit, or a non-UCUM unit behind nullFlavor="OTH"
		const valueStyle = analyte.altUnit ? random.pick(['pq', 'pq', 'pq-translation', 'non-ucum'] as const) : random.pick(['pq', 'pq-translation'] as const)
		let valueXml: string
		let unit: string = analyte.unit
		if (valueStyle === 'non-ucum' && analyte.altUnit) {
			unit = analyte.altUnit
			valueXml = `<${p}value ${t}="PQ" nullFlavor="OTH"><${p}translation value="${text}" nullFlavor="OTH"><${p}originalText>${escapeXml(analyte.altUnit)}</${p}originalText></${p}translation></${p}value>`
		} else if (valueStyle === 'pq-translation') {
			valueXml = `<${p}value ${t}="PQ" value="${text}" unit="${escapeXml(analyte.unit)}"><${p}translation value="${(value * 1.5).toFixed(2)}" code="x" codeSystem="2.16.840.1.113883.6.8"/></${p}value>`
		} else valueXml = `<${p}value ${t}="PQ" value="${text}" unit="${escapeXml(analyte.unit)}"/>`

		// the range: IVL_PQ (sometimes two observationRanges, the normal one second), text, text by reference, or none
		let min: number | null = null
		let max: number | null = null
		let rangeXml = ''
		const hasRange = analyte.low !== null || analyte.high !== null
		const rangeStyle = hasRange ? random.pick(['ivl', 'ivl', 'two', 'text', 'text-ref', 'none'] as const) : 'none'
		const bounds = (low: number | null, high: number | null, rangeUnit: string) =>
			`<${p}value ${t}="IVL_PQ">${low !== null ? `<${p}low value="${low}" unit="${escapeXml(rangeUnit)}"/>` : ''}${high !== null ? `<${p}high value="${high}" unit="${escapeXml(rangeUnit)}"/>` : ''}</${p}value>`
		const rangeText =
			analyte.low !== null && analyte.high !== null ? `${analyte.low}-${analyte.high}` : analyte.high !== null ? `<${analyte.high}` : `>${analyte.low}`
		if (rangeStyle === 'ivl' && valueStyle !== 'non-ucum') {
			rangeXml = `<${p}referenceRange><${p}observationRange>${bounds(analyte.low, analyte.high, unit)}</${p}observationRange></${p}referenceRange>`
			;[min, max] = [analyte.low, analyte.high]
		} else if (rangeStyle === 'two' && valueStyle !== 'non-ucum') {
			rangeXml = `<${p}referenceRange><${p}observationRange>${bounds(analyte.low === null ? null : analyte.low * 0.5, analyte.high === null ? null : analyte.high * 2, unit)}<${p}interpretationCode code="LX" codeSystem="2.16.840.1.113883.5.83"/></${p}observationRange></${p}referenceRange><${p}referenceRange><${p}observationRange>${bounds(analyte.low, analyte.high, unit)}<${p}interpretationCode code="N" codeSystem="2.16.840.1.113883.5.83"/></${p}observationRange></${p}referenceRange>`
			;[min, max] = [analyte.low, analyte.high]
		} else if (rangeStyle === 'text' || rangeStyle === 'text-ref' || (hasRange && valueStyle === 'non-ucum')) {
			if (rangeStyle === 'text-ref') {
				narrativeId++
				narrativeRows.push(`<${p}tr><${p}td>Range</${p}td><${p}td ID="range${narrativeId}">${escapeXml(rangeText)} ${escapeXml(unit)}</${p}td></${p}tr>`)
				rangeXml = `<${p}referenceRange><${p}observationRange><${p}text><${p}reference value="#range${narrativeId}"/></${p}text></${p}observationRange></${p}referenceRange>`
			} else
				rangeXml = `<${p}referenceRange><${p}observationRange><${p}text>${escapeXml(rangeText)} ${escapeXml(unit)}</${p}text></${p}observationRange></${p}referenceRange>`
			;[min, max] = [analyte.low, analyte.high]
		}
		const interpretation = hasRange && random.chance(0.8) ? interpretationOf(value, analyte) : null
		const interpretationCode = interpretation ? random.pick({ H: ['H', 'HH', 'HU'], L: ['L', 'LL', 'LU'], N: ['N'] }[interpretation]) : null
		const effective =
			random.chance(0.15) && ownTime
				? `<${p}effectiveTime><${p}low value="${ownTime.ts}"/></${p}effectiveTime>`
				: ownTime
					? `<${p}effectiveTime value="${ownTime.ts}"/>`
					: style.useOrganizer && random.chance(0.3)
						? `<${p}effectiveTime nullFlavor="UNK"/>`
						: ''
		results.push({ category: analyte.category, loinc: analyte.loinc, value, unit, min, max, interpretation, effective: time.iso })
		return `<${p}observation classCode="OBS" moodCode="EVN">${template(observationTemplate)}${id}${code}<${p}statusCode code="completed"/>${effective}${valueXml}${interpretationCode ? `<${p}interpretationCode code="${interpretationCode}" codeSystem="2.16.840.1.113883.5.83"/>` : ''}${rangeXml}</${p}observation>`
	}

	/** An entry that carries no number: a less-than as IVL_PQ, a nullFlavor, a coded value. */
	const textOnlyObservation = (observationTemplate: string): string => {
		textEntries++
		const kind = random.pick(['ivl', 'null', 'coded', 'st'] as const)
		const value =
			kind === 'ivl'
				? `<${p}value ${t}="IVL_PQ"><${p}low value="0" unit="pg/mL"/><${p}high value="5" unit="pg/mL"/></${p}value>`
				: kind === 'null'
					? `<${p}value ${t}="PQ" nullFlavor="NI"/>`
					: kind === 'coded'
						? `<${p}value ${t}="CD" code="260385009" codeSystem="2.16.840.1.113883.6.96" displayName="Negative"/>`
						: `<${p}value ${t}="ST">See comment</${p}value>`
		return `<${p}observation classCode="OBS" moodCode="EVN">${template(observationTemplate)}<${p}code code="${random.pick(['42637-9', '5778-6', '2514-8'])}" codeSystem="2.16.840.1.113883.6.1" displayName="Qualitative result"/><${p}statusCode code="completed"/><${p}effectiveTime value="${momentOf(random).ts}"/>${value}</${p}observation>`
	}

	const entries = (analytes: Analyte[], observationTemplate: string, withTextEntry: boolean): string => {
		const panelTime = momentOf(random)
		const observations = analytes.map((analyte) => observationXml(analyte, observationTemplate, panelTime))
		if (withTextEntry) observations.push(textOnlyObservation(observationTemplate))
		if (style.useOrganizer) {
			return `<${p}entry typeCode="DRIV"><${p}organizer classCode="BATTERY" moodCode="EVN">${template(style.organizerTemplate)}<${p}id root="${random.int(1000, 9999)}.${index}"/><${p}code code="${random.pick(['24323-8', '57021-8', '24331-1'])}" codeSystem="2.16.840.1.113883.6.1"/><${p}statusCode code="completed"/>${random.chance(0.3) ? `<${p}effectiveTime><${p}low value="${panelTime.ts}"/><${p}high value="${panelTime.ts}"/></${p}effectiveTime>` : `<${p}effectiveTime value="${panelTime.ts}"/>`}${observations.map((item) => `<${p}component>${item}</${p}component>`).join('')}</${p}organizer></${p}entry>`
		}
		// no organizer: every observation needs its own time, so the panel's is written on those that had none
		return observations
			.map(
				(item) =>
					`<${p}entry typeCode="DRIV">${item.includes(`<${p}effectiveTime`) ? item : item.replace(`<${p}statusCode code="completed"/>`, `<${p}statusCode code="completed"/><${p}effectiveTime value="${panelTime.ts}"/>`)}</${p}entry>`,
			)
			.join('')
	}

	const panels = random.int(1, 3)
	const resultEntries: string[] = []
	for (let panel = 0; panel < panels; panel++)
		resultEntries.push(entries(pickDistinct(random, LABS, random.int(3, 7)), style.resultObservation, random.chance(0.5)))
	const vitalEntries = entries(pickDistinct(random, VITALS, random.int(3, 6)), style.vitalObservation, false)
	const documentTime = momentOf(random)
	const resultsSection = `<${p}component><${p}section>${template(style.resultsSection)}<${p}code code="30954-2" codeSystem="2.16.840.1.113883.6.1"/><${p}title>Results</${p}title><${p}text><${p}table><${p}tbody>${narrativeRows.join('')}</${p}tbody></${p}table></${p}text>${resultEntries.join('')}</${p}section></${p}component>`
	const vitalsSection = `<${p}component><${p}section>${template(style.vitalsSection)}<${p}code code="8716-3" codeSystem="2.16.840.1.113883.6.1"/><${p}title>Vital Signs</${p}title><${p}text><${p}paragraph>Vitals</${p}paragraph></${p}text>${vitalEntries}</${p}section></${p}component>`
	const sections = random.chance(0.5) ? resultsSection + vitalsSection : vitalsSection + resultsSection
	const namespaces = `xmlns${p ? `:${p.slice(0, -1)}` : ''}="urn:hl7-org:v3" xmlns:${style.xsiPrefix}="http://www.w3.org/2001/XMLSchema-instance"`
	const xml = `<?xml version="1.0" encoding="UTF-8"?>
<${p}ClinicalDocument ${namespaces}>
<${p}typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
${style.family === 'hitsp-c32' ? `<${p}templateId root="2.16.840.1.113883.10.20.1"/><${p}templateId root="2.16.840.1.113883.3.88.11.32.1"/>` : template('2.16.840.1.113883.10.20.22.1.2')}
<${p}id root="2.16.840.1.113883.19.${index}"/>
<${p}code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summarization of Episode Note"/>
<${p}title>Summary of care</${p}title>
<${p}effectiveTime value="${documentTime.ts}"/>
<${p}recordTarget><${p}patientRole><${p}id root="1.2.3" extension="${index}"/><${p}patient><${p}name><${p}given>Jordan</${p}given><${p}family>Sample</${p}family></${p}name><${p}birthTime value="19700305"/></${p}patient></${p}patientRole></${p}recordTarget>
<${p}custodian><${p}assignedCustodian><${p}representedCustodianOrganization><${p}name>Riverbend Health</${p}name></${p}representedCustodianOrganization></${p}assignedCustodian></${p}custodian>
<${p}component><${p}structuredBody>${sections}</${p}structuredBody></${p}component>
</${p}ClinicalDocument>
`
	return { family: style.family, format: 'ccda', name: `${style.family}-${index}.xml`, bytes: Buffer.from(xml), results, textEntries }
}

// ---------------------------------------------------------------- FHIR

type FhirStyle = 'collection' | 'searchset' | 'transaction' | 'single-resource' | 'diagnostic-report-contained'

const LAB_CATEGORY = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }] }
const VITAL_CATEGORY = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs', display: 'Vital Signs' }] }
const UNITS_OF_MEASURE = 'http://unitsofmeasure.org'

function fhirFile(random: Random, style: FhirStyle, index: number): CorpusFile {
	const results: ExpectedResult[] = []
	let textEntries = 0
	let serial = 0
	const observation = (analyte: Analyte, panelTime: string | null): Record<string, unknown> => {
		const { value } = valueOf(random, analyte)
		const moment = momentOf(random, random.chance(0.1))
		const effective = panelTime ?? moment.iso
		const timeStyle = panelTime ? 'dateTime' : random.pick(['dateTime', 'dateTime', 'period', 'instant'] as const)
		const instant = timeStyle === 'instant' && effective.includes('T') ? new Date(Date.parse(effective)).toISOString() : null
		// unit and code: both UCUM; a printed unit that differs from the UCUM code; the code alone
		const unitStyle = random.pick(['both', 'both', 'printed', 'code-only'] as const)
		const printed = analyte.altUnit ?? analyte.unit.replace(/[{}[\]]/g, '')
		const quantity =
			unitStyle === 'both'
				? { value, unit: analyte.unit, system: UNITS_OF_MEASURE, code: analyte.unit }
				: unitStyle === 'printed'
					? { value, unit: printed, system: UNITS_OF_MEASURE, code: analyte.unit }
					: { value, system: UNITS_OF_MEASURE, code: analyte.unit }
		const unit = unitStyle === 'printed' ? printed : analyte.unit
		const hasRange = analyte.low !== null || analyte.high !== null
		const rangeStyle = hasRange ? random.pick(['quantity', 'quantity', 'text-and-quantity', 'none'] as const) : 'none'
		const interpretation = hasRange && random.chance(0.7) ? interpretationOf(value, analyte) : null
		const resource: Record<string, unknown> = {
			resourceType: 'Observation',
			id: random.chance(0.5) ? String(++serial + index * 100) : `obs-${index}-${++serial}-${random.int(100000, 999999)}`,
			...(random.chance(0.4) ? { identifier: [{ system: `urn:oid:1.2.840.114350.${index}`, value: `R${random.int(1000000, 9999999)}` }] } : {}),
			meta: { lastUpdated: '2025-01-01T00:00:00Z' },
			status: random.pick(['final', 'final', 'amended', 'corrected']),
			// older generators write the DSTU2 category system
			category: [
				random.chance(0.2)
					? { coding: [{ system: 'http://hl7.org/fhir/observation-category', code: analyte.category === 'vital' ? 'vital-signs' : 'laboratory' }] }
					: analyte.category === 'vital'
						? VITAL_CATEGORY
						: LAB_CATEGORY,
			],
			code: {
				coding: [
					...(random.chance(0.3) ? [{ system: 'urn:oid:1.2.3.4', code: `LOCAL${random.int(1, 99)}` }] : []),
					{ system: 'http://loinc.org', code: analyte.loinc, display: analyte.name },
				],
				...(random.chance(0.5) ? { text: analyte.name.split(' [')[0] } : {}),
			},
			subject: { reference: 'Patient/p1' },
			...(timeStyle === 'period'
				? { effectivePeriod: { start: effective, end: effective } }
				: instant
					? { effectiveInstant: instant }
					: { effectiveDateTime: effective }),
			valueQuantity: quantity,
			...(interpretation
				? {
						interpretation: [
							{
								coding: [
									{
										system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
										code: random.pick({ H: ['H', 'HH'], L: ['L', 'LL'], N: ['N'] }[interpretation]),
									},
								],
							},
						],
					}
				: {}),
			...(rangeStyle === 'quantity' || rangeStyle === 'text-and-quantity'
				? {
						referenceRange: [
							{
								...(analyte.low !== null ? { low: { value: analyte.low, unit, system: UNITS_OF_MEASURE, code: analyte.unit } } : {}),
								...(analyte.high !== null ? { high: { value: analyte.high, unit, system: UNITS_OF_MEASURE, code: analyte.unit } } : {}),
								...(rangeStyle === 'text-and-quantity' ? { text: `${analyte.low ?? ''}-${analyte.high ?? ''} ${unit}` } : {}),
							},
						],
					}
				: {}),
		}
		results.push({
			category: analyte.category,
			loinc: analyte.loinc,
			value,
			unit,
			min: rangeStyle === 'none' ? null : analyte.low,
			max: rangeStyle === 'none' ? null : analyte.high,
			interpretation,
			effective: instant ?? effective,
		})
		return resource
	}
	const bloodPressure = (): Record<string, unknown> => {
		const moment = momentOf(random).iso
		const systolic = random.int(100, 165)
		const diastolic = random.int(60, 100)
		// the components print 'mmHg' as their unit (the UCUM code is mm[Hg]): the unit as in the file is 'mmHg'
		results.push({ category: 'vital', loinc: '8480-6', value: systolic, unit: 'mmHg', min: null, max: null, interpretation: null, effective: moment })
		results.push({ category: 'vital', loinc: '8462-4', value: diastolic, unit: 'mmHg', min: null, max: null, interpretation: null, effective: moment })
		return {
			resourceType: 'Observation',
			id: `bp-${index}-${++serial}-${random.int(100000, 999999)}`,
			status: 'final',
			category: [VITAL_CATEGORY],
			code: { coding: [{ system: 'http://loinc.org', code: '85354-9', display: 'Blood pressure panel' }] },
			effectiveDateTime: moment,
			component: [
				{
					code: { coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' }] },
					valueQuantity: { value: systolic, unit: 'mmHg', system: UNITS_OF_MEASURE, code: 'mm[Hg]' },
				},
				{
					code: { coding: [{ system: 'http://loinc.org', code: '8462-4', display: 'Diastolic blood pressure' }] },
					valueQuantity: { value: diastolic, unit: 'mmHg', system: UNITS_OF_MEASURE, code: 'mm[Hg]' },
				},
			],
		}
	}
	const textOnly = (): Record<string, unknown> => {
		textEntries++
		const kind = random.pick(['string-number', 'absent', 'coded', 'comparator'] as const)
		const base = {
			resourceType: 'Observation',
			id: `t-${index}-${++serial}-${random.int(1000, 9999)}`,
			status: 'final',
			category: [LAB_CATEGORY],
			code: { coding: [{ system: 'http://loinc.org', code: random.pick(['5778-6', '2514-8', '42637-9']), display: 'Qualitative' }] },
			effectiveDateTime: momentOf(random).iso,
		}
		if (kind === 'string-number') return { ...base, valueString: `${random.int(1, 9)}.${random.int(0, 9)}` }
		if (kind === 'absent')
			return { ...base, dataAbsentReason: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'not-performed' }] } }
		if (kind === 'coded') return { ...base, valueCodeableConcept: { text: 'Negative' } }
		return { ...base, valueQuantity: { value: 5, comparator: '<', unit: 'pg/mL', system: UNITS_OF_MEASURE, code: 'pg/mL' } }
	}

	if (style === 'single-resource') {
		const analyte = random.pick(LABS)
		const resource = observation(analyte, null)
		return {
			family: 'fhir-single-resource',
			format: 'fhir',
			name: `fhir-single-${index}.json`,
			bytes: Buffer.from(JSON.stringify(resource)),
			results,
			textEntries,
		}
	}

	const resources: Record<string, unknown>[] = [{ resourceType: 'Patient', id: 'p1', name: [{ given: ['Jordan'], family: 'Sample' }], birthDate: '1970-03-05' }]
	const panels = random.int(1, 3)
	for (let panel = 0; panel < panels; panel++) {
		const panelTime = momentOf(random).iso
		const labs = pickDistinct(random, LABS, random.int(3, 7)).map((analyte) => observation(analyte, random.chance(0.6) ? panelTime : null))
		if (random.chance(0.5)) labs.push(textOnly())
		if (style === 'diagnostic-report-contained') {
			labs.forEach((item, position) => (item.id = `r${position}`))
			resources.push({
				resourceType: 'DiagnosticReport',
				id: `dr-${index}-${panel}`,
				status: 'final',
				category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
				code: { text: 'Panel' },
				effectiveDateTime: panelTime,
				contained: labs,
				result: labs.map((item) => ({ reference: `#${item.id as string}` })),
			})
		} else {
			resources.push(...labs)
			if (random.chance(0.5))
				resources.push({
					resourceType: 'DiagnosticReport',
					id: `dr-${index}-${panel}`,
					status: 'final',
					code: { text: 'Panel' },
					result: labs.map((item) => ({ reference: `Observation/${item.id as string}` })),
				})
		}
	}
	resources.push(
		...pickDistinct(
			random,
			VITALS.filter((analyte) => !['8480-6', '8462-4'].includes(analyte.loinc)),
			random.int(2, 5),
		).map((analyte) => observation(analyte, null)),
	)
	if (random.chance(0.7)) resources.push(bloodPressure())
	if (random.chance(0.3)) {
		// entered in error: not a result at all
		resources.push({ ...observation(random.pick(LABS), null), status: 'entered-in-error' })
		results.pop()
	}
	const base = random.pick(['https://fhir.example-portal.org/R4', 'https://ehr.example.net/api/FHIR/R4'])
	const entry = resources.map((resource) => {
		const id = resource.id as string
		const fullUrl =
			style === 'transaction'
				? `urn:uuid:00000000-0000-4000-8000-${String(index).padStart(4, '0')}${String(resources.indexOf(resource)).padStart(8, '0')}`
				: `${base}/${resource.resourceType as string}/${id}`
		return {
			...(style === 'searchset' && random.chance(0.3) ? {} : { fullUrl }),
			resource,
			...(style === 'searchset' ? { search: { mode: 'match' } } : {}),
			...(style === 'transaction' ? { request: { method: 'POST', url: resource.resourceType } } : {}),
		}
	})
	const bundle = {
		resourceType: 'Bundle',
		id: `b-${index}`,
		type: style === 'diagnostic-report-contained' ? 'collection' : style,
		...(random.chance(0.5) ? { timestamp: '2025-02-01T10:00:00Z' } : {}),
		...(style === 'searchset' ? { total: entry.length } : {}),
		entry,
	}
	return {
		family: `fhir-${style}`,
		format: 'fhir',
		name: `fhir-${style}-${index}.json`,
		bytes: Buffer.from(JSON.stringify(bundle, null, random.chance(0.5) ? 2 : 0)),
		results,
		textEntries,
	}
}

/** `perFamily` files of every family, the same for the same seed. */
export function generateStructuredCorpus(options: { perFamily?: number; seed?: number } = {}): CorpusFile[] {
	const random = seededRandom(options.seed ?? 20)
	const perFamily = options.perFamily ?? 6
	const files: CorpusFile[] = []
	let index = 0
	for (const style of CCDA_STYLES) for (let copy = 0; copy < perFamily; copy++) files.push(ccdaFile(random, style, ++index))
	for (const style of ['collection', 'searchset', 'transaction', 'single-resource', 'diagnostic-report-contained'] as const)
		for (let copy = 0; copy < perFamily; copy++) files.push(fhirFile(random, style, ++index))
	return files
}
