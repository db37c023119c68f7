import type { DocumentKind } from '../types.ts'

/**
 * The kind of a document from its content: words that mark each kind score
 * points (section headings weigh most), lab result rows count for lab
 * reports. The highest score wins; too little evidence gives 'other'.
 */

type Signal = { pattern: RegExp; points: number }

/**
 * A serology line with a numeric result: an antigen, antibody, immunoglobulin or titre named,
 * then on the same line a number with a unit or an index ('45.2 AU/mL', '1:320', '3.1 S/CO', '< 0.5 IU/mL').
 */
const SEROLOGY_RESULT =
	/\b(?:antigens?|antibod(?:y|ies)|anti-[a-z0-9]+|ig[gma]|titers?|titres?|serology|hbsag|anti-?hbs|quantitative)\b[^\n]*?(?<![\w.])(?:[<>]=?\s*)?\d+(?:[.,]\d+)?\s*(?:(?:[mµu]?(?:iu|u|au|bau|g|ng|pg)|index|s\/co|coi|ratio)(?:\/m?l)?\b|(?<=\d)\s*:\s*\d+)/i

const SIGNALS: Record<Exclude<DocumentKind, 'other'>, Signal[]> = {
	immunization: [
		{ pattern: /\bimmuni[sz]ations?\b/i, points: 3 },
		{ pattern: /\bvaccines?\b|\bvaccinations?\b|\bvaccinated\b/i, points: 2 },
		{ pattern: /\blot\s*(?:#|no\.?|number)/i, points: 1 },
		{ pattern: /\bdose\b/i, points: 0.5 },
		{ pattern: /\b(?:tdap|mmr|influenza|hepatitis [ab]|zoster|covid-19|pneumococcal|hpv)\b/i, points: 1 },
	],
	imaging: [
		{ pattern: /\bradiology\b|\bradiologist\b/i, points: 2 },
		{ pattern: /\bimpression\s*:/i, points: 2 },
		{ pattern: /\bfindings\s*:/i, points: 1.5 },
		{ pattern: /\btechnique\s*:/i, points: 1 },
		{ pattern: /\b(?:x-?ray|radiographs?|ct|mri|ultrasound|sonograph\w*|mammogra\w+|fluoroscop\w+|pet\/ct|dexa)\b/i, points: 1 },
		{ pattern: /\bexam(?:ination)?\s*(?:date)?\s*:/i, points: 1 },
		{ pattern: /\b(?:diagnostic )?imaging\b/i, points: 1 },
	],
	clinical_notes: [
		{ pattern: /\bchief complaint\b/i, points: 3 },
		{ pattern: /\bhistory of present illness\b|\bHPI\b/, points: 3 },
		{ pattern: /\bassessment\s*(?:and|&|\/)\s*plan\b/i, points: 3 },
		{ pattern: /\b(?:office visit|progress|clinic|visit|consultation|discharge)\s+(?:note|summary)\b/i, points: 2 },
		{ pattern: /\breview of systems\b|\bphysical exam(?:ination)?\b/i, points: 2 },
		{ pattern: /\bdate of service\b/i, points: 1 },
		{ pattern: /\bvital signs\b|^\s*vitals\b/im, points: 1 },
		{ pattern: /\b(?:current|active) medications\b/i, points: 1 },
	],
	lab_report: [
		{ pattern: /\breference (?:range|interval)s?\b|\bdesirable range\b|\bref range\b/i, points: 2 },
		{ pattern: /\bspecimen\b|\bcollected\b|\baccession\b/i, points: 1 },
		{ pattern: /\bresults?\b/i, points: 0.5 },
		{ pattern: /\bflags?\b/i, points: 0.5 },
		{ pattern: /\blaborator(?:y|ies)\b|\bpathology\b|\bdiagnostics\b/i, points: 1 },
		{ pattern: /\blab(?:oratory)? (?:results?|tests?|reports?|work)\b|\bblood ?work\b/i, points: 2 },
		{ pattern: /\b(?:complete blood count|cbc|lipid panel|metabolic panel|hemoglobin a1c|hba1c|urinalysis)\b/i, points: 1 },
		// Chinese reports: a laboratory report or test slip by its title, and its labels (reference values, sampling,
		// submission and report dates)
		{ pattern: /检验报告|化验报告|检验单|化验单|检验科|临床检验/, points: 2 },
		{ pattern: /参考值|参考范围|参考区间|采样时间|采集时间|送检日期|检验日期|报告日期|检验项目/, points: 1 },
		// serology with a measured result ('SARS-CoV-2 antigen, quantitative  12.4 pg/mL', 'Anti-HBs  85 mIU/mL'): a
		// test of the patient's blood, whatever vaccine or infection it names
		{ pattern: SEROLOGY_RESULT, points: 4 },
	],
}

export type ClassificationInput = {
	text: string
	/** result rows read from the text (lab values other than vital signs) */
	labValueCount: number
}

export type Classification = { kind: DocumentKind; scores: Record<DocumentKind, number> }

const MINIMUM_SCORE = 2.5

export function classifyDocument(input: ClassificationInput): Classification {
	const scores: Record<DocumentKind, number> = { lab_report: 0, imaging: 0, clinical_notes: 0, immunization: 0, other: MINIMUM_SCORE }
	for (const [kind, signals] of Object.entries(SIGNALS) as Array<[Exclude<DocumentKind, 'other'>, Signal[]]>) {
		for (const { pattern, points } of signals) if (pattern.test(input.text)) scores[kind] += points
	}
	if (input.labValueCount >= 3) scores.lab_report += 3 + Math.min(6, input.labValueCount / 3)
	else scores.lab_report += input.labValueCount * 0.5
	const order: DocumentKind[] = ['lab_report', 'clinical_notes', 'imaging', 'immunization', 'other']
	let best: DocumentKind = 'other'
	for (const kind of order) if (scores[kind] > scores[best]) best = kind
	return { kind: best, scores }
}
