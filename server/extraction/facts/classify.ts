import { toUcum } from '#server/lab-vocabulary/ucum.ts'
import type { DocumentKind } from '../types.ts'

/**
 * The kind of a document from its content: words that mark each kind score
 * points (section headings weigh most), in the supported languages; lab
 * result rows count for lab reports, in any language: the rows the
 * vocabulary knows (labValueCount) and every line printed as a result row
 * whatever its name's language or script (a name, a value, then a range or a
 * laboratory's unit: resultRowCount), and a results table's header ('Test
 * Result Units Reference', 'Tetkik Sonuç Birim Referans', '项目 结果 单位
 * 参考值'). The highest score wins; too little evidence gives 'other'.
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
		// a hospital stay's letter: its course, its diagnoses, the history taken at admission (English and the supported languages)
		{ pattern: /\bhospital course\b|\bdischarge (?:diagnos[ie]s|medications|instructions)\b|\bhistory and physical\b|\bpast medical history\b/i, points: 3 },
		{
			pattern:
				/(?<![\p{L}])(?:entlassungsbericht|entlassungsbrief|arztbrief|epikrise|anamnese|entlassungsdiagnosen?|compte[- ]rendu d'hospitalisation|lettre de sortie|motif d'hospitalisation|histoire de la maladie|informe de alta|epicrisis|motivo de (?:consulta|ingreso)|enfermedad actual|juicio cl[ií]nico|lettera di dimissione|diagnosi (?:di|alla) dimissione|motivo del ricovero|anamnesi|sum[áa]rio de alta|resumo de alta|anamnese|hist[óo]ria da doen[çc]a atual|queixa principal|epikriz|taburcu|hastal[ıi]k [öo]yk[üu]s[üu]|karta informacyjna|wypis ze szpitala|epikryza|zárójelentés|kórtörténet|giấy ra viện|tóm tắt bệnh án|出院小结|出院记录|病历)(?![\p{L}])/iu,
			points: 3,
		},
		{ pattern: /\b(?:date of (?:discharge|admission)|admission date|discharge date|admitted on|discharged on)\b/i, points: 1 },
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
		// a laboratory or its results named in the supported languages ('Laborbefund', 'Tetkik sonuçları', 'Kết quả xét nghiệm', e-Nabız's 'Tahlil')
		{
			pattern:
				/(?<![\p{L}])(?:laborbefund|laborwerte|befundbericht|laboratoire|analyses? (?:de biologie|m[ée]dicales?)|biologie m[ée]dicale|an[áa]lisis cl[íi]nicos|resultados de laboratorio|referto|esami (?:di laboratorio|ematochimici)|analisi cliniche|exames? laboratoriais|an[áa]lises cl[íi]nicas|laudo|laboratuvar|tetkik|tahlil(?:ler)?|wyniki bada[ńn]|sprawozdanie z bada[ńn]|laboratorium|laborat[óo]riumi|lelet|x[ée]t nghi[ệe]m|化验|检验|آزمایش(?:گاه)?)(?![\p{L}])/iu,
			points: 1,
		},
		// a prenatal screening report: its test and its risk figures (multiples of the median, '1:250', trisomy)
		{
			pattern:
				/\b(?:triple|quad(?:ruple)?|double|dual)[- ](?:test|screen(?:ing)?|marker)\b|\b(?:first|second)[- ]trimester screen(?:ing)?\b|(?<![\p{L}])(?:tri-?test|üçlü (?:test|tarama)|dörtlü test|ikili test|test triplo|teste triplo|triplo teste|triple-test|ersttrimesterscreening|dépistage prénatal|cribado prenatal|screening prenatale|rastreio pré-natal|badania prenatalne)(?![\p{L}])/iu,
			points: 3,
		},
		{ pattern: /\bMoM\b|\btrisom(?:y|ie|ia|i)\s*(?:21|18|13)\b|\brisk\s*(?:of\s*)?1\s*:\s*\d/i, points: 1.5 },
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

/**
 * The words of a results table's columns in the supported languages: the test's name, the
 * result, the unit, the reference interval. A line with three of the four is a results table's
 * header ('Test Name  Results  Units  Bio. Ref. Interval', 'Tetkik Adı  Sonuç  Birim  Referans
 * Aralığı', '项目  结果  单位  参考值').
 */
const HEADER_COLUMNS: RegExp[] = [
	/(?<![\p{L}])(?:tests?|test name|investigations?|parameters?|analytes?|examinations?|exam|analysis|untersuchung|analyse|analyt|examen|prueba|determinaci[óo]n|an[áa]lisis|esame|analisi|exame|tetkik|test ad[ıi]|badanie|parametr|vizsg[áa]lat|x[ée]t nghi[ệe]m|t[êe]n x[ée]t nghi[ệe]m|项目|检验项目|آزمایش)(?![\p{L}])/iu,
	/(?<![\p{L}])(?:results?|values?|ergebnis|wert|r[ée]sultats?|resultados?|valor|risultato|sonu[çc]|wynik|eredm[ée]ny|k[ếe]t qu[ảa]|结果|نتیجه)(?![\p{L}])/iu,
	/(?<![\p{L}])(?:units?|einheit|unit[ée]s?|unidad(?:es)?|unit[àa]|unidades?|birim|jednostka|m[ée]rt[ée]kegys[ée]g|egys[ée]g|[đd][ơo]n v[ịi]|单位|واحد)(?![\p{L}])/iu,
	/(?<![\p{L}])(?:ref(?:erence)?\.?(?: range| interval| values?)?|bio\. ref|normal (?:range|values)|referenzbereich|referenzwerte?|normbereich|normwerte?|valeurs? de r[ée]f[ée]rence|normes|valores de referencia|rango|intervalo de referencia|valori di riferimento|valori normali|valores de refer[êe]ncia|referans(?: aral[ıi][ğg][ıi]| de[ğg]eri?)?|zakres(?: referencyjny)?|norma|warto[śs]ci referencyjne|referencia(?: tartom[áa]ny)?|ch[ỉi] s[ốo] b[ìi]nh th[ưu][ờo]ng|tr[ịi] s[ốo] tham chi[ếe]u|tham chi[ếe]u|参考值|参考范围|参考区间|محدوده مرجع|مقادیر مرجع)(?![\p{L}])/iu,
]

/** Whether a line is a results table's header: three of the four columns' words on it. */
function isResultsHeader(line: string): boolean {
	return HEADER_COLUMNS.filter((column) => column.test(line)).length >= 3
}

/** A number as printed in a result ('5.2', '4,35', '<0.05', '≥ 60', '250000'); not a code with a leading zero ('0212'). */
const VALUE = String.raw`(?:[<>≤≥]=?\s*)?(?:0|[1-9]\d{0,6}|\d{1,3}(?:[.,\s]\d{3})+)(?:[.,]\d+)?`
/** A reference interval in any written form: '3.5 - 5.1', '4,00 a 5,50', '10 bis 20', '320~360', '(0.20-1.00)', '12 to 16', '< 5.0'. */
const RANGE = new RegExp(
	String.raw`(?:^|[\s(\[])(?:\d+(?:[.,]\d+)?\s*(?:[-–~÷]|\s(?:a|à|bis|до|to|hasta|até|al|ile|do|đến)\s)\s*\d+(?:[.,]\d+)?|[<>≤≥]=?\s*\d+(?:[.,]\d+)?)(?:[\s)\]]|$)`,
	'iu',
)
/** A line that starts with a name (two letters in any script), then a value as its own token. */
const NAME_THEN_VALUE = new RegExp(String.raw`^[^\d\n]*?\p{L}{2}[^\d\n]*?(?:^|[\s:])(${VALUE})(?=\s|$)(.*)$`, 'u')

/** A laboratory's unit (a concentration, a count per volume, a cell size, a share): not a vital sign's (mmHg, kg, °C, /min). */
function isLabUnit(token: string): boolean {
	if (/^MoM$/i.test(token)) return true
	const code = toUcum(token)
	return code !== null && /\/(?:\[?[a-z]*\]?)?(?:[munpfd]?L|uL|\[HPF\])\b|^(?:fL|pg|%|10\*\d+\/)/.test(code)
}

/**
 * The lines printed as result rows, whatever the language or script of their names: a name, a
 * value as its own token, then a reference interval or a laboratory's unit after the value
 * ('Hemácias  4,35 milhões/mm3  4,00 a 5,50', '白细胞计数 WBC 6.5 10^9/L 3.5-9.5', 'Hemoglobin 14,2 g/dL 12-16').
 */
export function resultRowCount(text: string): number {
	let count = 0
	for (const line of text.split('\n')) {
		if (line.length > 300) continue
		const row = NAME_THEN_VALUE.exec(line.trim())
		if (!row) continue
		const rest = row[2]
		if (RANGE.test(rest) || rest.split(/\s+/).slice(0, 3).some(isLabUnit)) count++
	}
	return count
}

export type Classification = { kind: DocumentKind; scores: Record<DocumentKind, number> }

const MINIMUM_SCORE = 2.5

export function classifyDocument(input: ClassificationInput): Classification {
	const scores: Record<DocumentKind, number> = { lab_report: 0, imaging: 0, clinical_notes: 0, immunization: 0, other: MINIMUM_SCORE }
	for (const [kind, signals] of Object.entries(SIGNALS) as Array<[Exclude<DocumentKind, 'other'>, Signal[]]>) {
		for (const { pattern, points } of signals) if (pattern.test(input.text)) scores[kind] += points
	}
	// the rows the vocabulary knows, or the lines printed as result rows in any language, whichever are more
	const rows = Math.max(input.labValueCount, resultRowCount(input.text))
	if (rows >= 3) scores.lab_report += 3 + Math.min(6, rows / 3)
	else scores.lab_report += rows * 0.5
	if (input.text.split('\n').some(isResultsHeader)) scores.lab_report += 3
	const order: DocumentKind[] = ['lab_report', 'clinical_notes', 'imaging', 'immunization', 'other']
	let best: DocumentKind = 'other'
	for (const kind of order) if (scores[kind] > scores[best]) best = kind
	return { kind: best, scores }
}
