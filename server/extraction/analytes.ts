/**
 * The canonical catalogue of health parameters the extractor knows: codes
 * (lower snake case, the health-analytics domain keys on them), display
 * names, the names reports print for them, the unit spellings seen for each,
 * critical thresholds and a physiologically plausible span (used to repair
 * OCR misreadings such as a dropped decimal point).
 */

export type AnalyteCategory =
	| 'chemistry'
	| 'hematology'
	| 'differential'
	| 'lipids'
	| 'diabetes'
	| 'endocrine'
	| 'liver'
	| 'vitals'
	| 'other'

export type CriticalThreshold = {
	low: number | null
	high: number | null
	/** units the thresholds are expressed in; other units skip the critical check */
	units: readonly string[]
}

export type Analyte = {
	code: string
	name: string
	category: AnalyteCategory
	/** names as printed on reports; compared after normaliseAnalyteName */
	aliases: readonly string[]
	/** unit spellings seen on reports; the first is the default */
	units: readonly string[]
	critical?: CriticalThreshold
	/** values outside this span are taken for misreadings */
	plausible?: readonly [number, number]
}

/** Spellings of 10^3 per microlitre (cell counts). */
export const THOUSANDS_PER_UL = ['K/uL', 'x10^3/uL', '10^3/uL', 'x10E3/uL', '10*3/uL', 'x10*3/uL', 'x10(3)/uL', '10^9/L', 'x10^9/L', 'thou/uL', 'K/mcL', 'K/µL'] as const
/** Spellings of 10^6 per microlitre (red cell counts). */
export const MILLIONS_PER_UL = ['M/uL', 'x10^6/uL', '10^6/uL', 'x10E6/uL', '10*6/uL', 'x10*6/uL', 'x10(6)/uL', '10^12/L', 'x10^12/L', 'mill/uL', 'M/mcL', 'M/µL'] as const

export const ANALYTES: readonly Analyte[] = [
	// chemistry
	{ code: 'glucose', name: 'Glucose', category: 'diabetes', aliases: ['glucose', 'glucose fasting', 'fasting glucose', 'glucose serum', 'glucose plasma', 'blood glucose', 'blood sugar', 'fasting blood sugar', 'glucose random'], units: ['mg/dL', 'mmol/L'], critical: { low: 50, high: 400, units: ['mg/dL'] }, plausible: [10, 2000] },
	{ code: 'hba1c', name: 'Hemoglobin A1c', category: 'diabetes', aliases: ['hemoglobin a1c', 'hemoglobin alc', 'hemoglobin aic', 'hemoglobin a1e', 'hba1c', 'hb a1c', 'hgb a1c', 'a1c', 'glycated hemoglobin', 'glycohemoglobin', 'glycosylated hemoglobin'], units: ['%', 'mmol/mol'], plausible: [2, 25] },
	{ code: 'bun', name: 'BUN', category: 'chemistry', aliases: ['bun', 'urea nitrogen', 'urea nitrogen bun', 'blood urea nitrogen', 'urea nitrogen blood'], units: ['mg/dL', 'mmol/L'], plausible: [1, 300] },
	{ code: 'creatinine', name: 'Creatinine', category: 'chemistry', aliases: ['creatinine', 'creatinine serum', 'creat'], units: ['mg/dL', 'umol/L', 'µmol/L'], plausible: [0.1, 30] },
	{ code: 'egfr', name: 'eGFR', category: 'chemistry', aliases: ['egfr', 'estimated gfr', 'gfr estimated', 'egfr ckd epi 2021', 'egfr non afr american', 'egfr if nonafricn am'], units: ['mL/min/1.73m2', 'mL/min/1.73', 'mL/min/1.73 m2', 'mL/min'], plausible: [1, 200] },
	{ code: 'bun_creatinine_ratio', name: 'BUN/Creatinine Ratio', category: 'chemistry', aliases: ['bun creatinine ratio', 'bun creat ratio'], units: [], plausible: [1, 100] },
	{ code: 'sodium', name: 'Sodium', category: 'chemistry', aliases: ['sodium', 'sodium serum'], units: ['mmol/L', 'mEq/L'], critical: { low: 120, high: 160, units: ['mmol/L', 'mEq/L'] }, plausible: [90, 200] },
	{ code: 'potassium', name: 'Potassium', category: 'chemistry', aliases: ['potassium', 'potassium serum'], units: ['mmol/L', 'mEq/L'], critical: { low: 2.8, high: 6.2, units: ['mmol/L', 'mEq/L'] }, plausible: [1, 10] },
	{ code: 'chloride', name: 'Chloride', category: 'chemistry', aliases: ['chloride', 'chloride serum'], units: ['mmol/L', 'mEq/L'], plausible: [60, 150] },
	{ code: 'co2', name: 'Carbon Dioxide', category: 'chemistry', aliases: ['co2', 'c02', 'carbon dioxide', 'carbon dioxide total', 'total co2', 'bicarbonate', 'hco3'], units: ['mmol/L', 'mEq/L'], plausible: [5, 60] },
	{ code: 'anion_gap', name: 'Anion Gap', category: 'chemistry', aliases: ['anion gap'], units: ['mmol/L', 'mEq/L'], plausible: [0, 50] },
	{ code: 'calcium', name: 'Calcium', category: 'chemistry', aliases: ['calcium', 'calcium serum', 'calcium total'], units: ['mg/dL', 'mmol/L'], critical: { low: 6.5, high: 13, units: ['mg/dL'] }, plausible: [2, 20] },
	{ code: 'magnesium', name: 'Magnesium', category: 'chemistry', aliases: ['magnesium'], units: ['mg/dL', 'mmol/L'], plausible: [0.2, 10] },
	{ code: 'phosphorus', name: 'Phosphorus', category: 'chemistry', aliases: ['phosphorus', 'phosphate'], units: ['mg/dL', 'mmol/L'], plausible: [0.2, 20] },
	{ code: 'uric_acid', name: 'Uric Acid', category: 'chemistry', aliases: ['uric acid'], units: ['mg/dL'], plausible: [0.5, 25] },
	{ code: 'total_protein', name: 'Total Protein', category: 'chemistry', aliases: ['total protein', 'protein total'], units: ['g/dL', 'g/L'], plausible: [1, 15] },
	{ code: 'albumin', name: 'Albumin', category: 'chemistry', aliases: ['albumin', 'albumin serum'], units: ['g/dL', 'g/L'], plausible: [0.5, 8] },
	{ code: 'globulin', name: 'Globulin', category: 'chemistry', aliases: ['globulin', 'globulin total'], units: ['g/dL', 'g/L'], plausible: [0.5, 8] },
	{ code: 'ag_ratio', name: 'A/G Ratio', category: 'chemistry', aliases: ['a g ratio', 'albumin globulin ratio'], units: [], plausible: [0.1, 5] },
	// liver
	{ code: 'bilirubin_total', name: 'Total Bilirubin', category: 'liver', aliases: ['total bilirubin', 'bilirubin total', 'bilirubin'], units: ['mg/dL', 'umol/L'], plausible: [0, 40] },
	{ code: 'bilirubin_direct', name: 'Direct Bilirubin', category: 'liver', aliases: ['direct bilirubin', 'bilirubin direct'], units: ['mg/dL', 'umol/L'], plausible: [0, 30] },
	{ code: 'alkaline_phosphatase', name: 'Alkaline Phosphatase', category: 'liver', aliases: ['alkaline phosphatase', 'alk phos', 'alk phosphatase', 'alp'], units: ['U/L', 'IU/L'], plausible: [5, 3000] },
	{ code: 'ast', name: 'AST', category: 'liver', aliases: ['ast', 'ast sgot', 'sgot', 'aspartate aminotransferase'], units: ['U/L', 'IU/L'], plausible: [1, 10000] },
	{ code: 'alt', name: 'ALT', category: 'liver', aliases: ['alt', 'alt sgpt', 'sgpt', 'alanine aminotransferase'], units: ['U/L', 'IU/L'], plausible: [1, 10000] },
	{ code: 'ggt', name: 'GGT', category: 'liver', aliases: ['ggt', 'gamma gt', 'gamma glutamyl transferase'], units: ['U/L', 'IU/L'], plausible: [1, 5000] },
	// lipids
	{ code: 'total_cholesterol', name: 'Total Cholesterol', category: 'lipids', aliases: ['total cholesterol', 'cholesterol total', 'cholesterol', 'cholesterol serum'], units: ['mg/dL', 'mmol/L'], plausible: [30, 1000] },
	{ code: 'ldl', name: 'LDL Cholesterol', category: 'lipids', aliases: ['ldl cholesterol', 'ldl cholesterol calc', 'ldl cholesterol calculated', 'ldl chol calc', 'ldl chol calc friedewald', 'ldl calc', 'ldl calculated', 'ldl c', 'ldl', 'ldl direct'], units: ['mg/dL', 'mmol/L'], plausible: [5, 600] },
	{ code: 'hdl', name: 'HDL Cholesterol', category: 'lipids', aliases: ['hdl cholesterol', 'hdl chol', 'hdl c', 'hdl'], units: ['mg/dL', 'mmol/L'], plausible: [5, 200] },
	{ code: 'vldl', name: 'VLDL Cholesterol', category: 'lipids', aliases: ['vldl cholesterol', 'vldl cholesterol cal', 'vldl cholesterol calc', 'vldl chol cal', 'vldl'], units: ['mg/dL', 'mmol/L'], plausible: [1, 300] },
	{ code: 'non_hdl_cholesterol', name: 'Non-HDL Cholesterol', category: 'lipids', aliases: ['non hdl cholesterol', 'non hdl chol', 'non hdl'], units: ['mg/dL', 'mmol/L'], plausible: [10, 800] },
	{ code: 'triglycerides', name: 'Triglycerides', category: 'lipids', aliases: ['triglycerides', 'triglyceride', 'trig'], units: ['mg/dL', 'mmol/L'], plausible: [10, 5000] },
	{ code: 'chol_hdl_ratio', name: 'Total Cholesterol/HDL Ratio', category: 'lipids', aliases: ['total cholesterol hdl ratio', 'cholesterol hdl ratio', 'chol hdl ratio', 'tc hdl ratio'], units: [], plausible: [0.5, 20] },
	// hematology
	{ code: 'wbc', name: 'WBC', category: 'hematology', aliases: ['wbc', 'white cell count', 'white blood cell count', 'white blood cells', 'wbc count', 'leukocytes', 'leukocyte count'], units: THOUSANDS_PER_UL, critical: { low: 2, high: 30, units: THOUSANDS_PER_UL }, plausible: [0.1, 500] },
	{ code: 'rbc', name: 'RBC', category: 'hematology', aliases: ['rbc', 'red cell count', 'red blood cell count', 'red blood cells', 'rbc count', 'erythrocytes'], units: MILLIONS_PER_UL, plausible: [0.5, 10] },
	{ code: 'hemoglobin', name: 'Hemoglobin', category: 'hematology', aliases: ['hemoglobin', 'hgb', 'hemoglobin blood'], units: ['g/dL', 'g/L'], critical: { low: 7, high: 20, units: ['g/dL'] }, plausible: [2, 25] },
	{ code: 'hematocrit', name: 'Hematocrit', category: 'hematology', aliases: ['hematocrit', 'hct'], units: ['%', 'L/L'], plausible: [5, 75] },
	{ code: 'mcv', name: 'MCV', category: 'hematology', aliases: ['mcv', 'mean cell volume', 'mean corpuscular volume'], units: ['fL'], plausible: [40, 150] },
	{ code: 'mch', name: 'MCH', category: 'hematology', aliases: ['mch', 'mean cell hemoglobin', 'mean corpuscular hemoglobin'], units: ['pg'], plausible: [10, 50] },
	{ code: 'mchc', name: 'MCHC', category: 'hematology', aliases: ['mchc', 'mean cell hemoglobin concentration', 'mean corpuscular hemoglobin concentration'], units: ['g/dL', 'g/L', '%'], plausible: [20, 45] },
	{ code: 'rdw', name: 'RDW', category: 'hematology', aliases: ['rdw', 'rdw cv', 'red cell distribution width'], units: ['%'], plausible: [5, 40] },
	{ code: 'platelets', name: 'Platelets', category: 'hematology', aliases: ['platelets', 'platelet count', 'platelet', 'plt', 'plt count'], units: THOUSANDS_PER_UL, critical: { low: 50, high: 1000, units: THOUSANDS_PER_UL }, plausible: [1, 3000] },
	{ code: 'mpv', name: 'MPV', category: 'hematology', aliases: ['mpv', 'mean platelet volume'], units: ['fL'], plausible: [3, 20] },
	// white cell differential (percent)
	{ code: 'neutrophils_pct', name: 'Neutrophils', category: 'differential', aliases: ['neutrophils', 'neutrophil', 'neutrophils percent', 'neutrophils %', 'neut', 'segs'], units: ['%'], plausible: [0, 100] },
	{ code: 'lymphocytes_pct', name: 'Lymphocytes', category: 'differential', aliases: ['lymphocytes', 'lymphocyte', 'lymphs', 'lymph'], units: ['%'], plausible: [0, 100] },
	{ code: 'monocytes_pct', name: 'Monocytes', category: 'differential', aliases: ['monocytes', 'monocyte', 'mono', 'monos'], units: ['%'], plausible: [0, 100] },
	{ code: 'eosinophils_pct', name: 'Eosinophils', category: 'differential', aliases: ['eosinophils', 'eosinophil', 'eos'], units: ['%'], plausible: [0, 100] },
	{ code: 'basophils_pct', name: 'Basophils', category: 'differential', aliases: ['basophils', 'basophil', 'basos'], units: ['%'], plausible: [0, 100] },
	// endocrine and vitamins
	{ code: 'tsh', name: 'TSH', category: 'endocrine', aliases: ['tsh', 'thyroid stimulating hormone', 'tsh 3rd generation'], units: ['mIU/L', 'uIU/mL', 'µIU/mL'], plausible: [0.001, 200] },
	{ code: 'free_t4', name: 'Free T4', category: 'endocrine', aliases: ['free t4', 't4 free', 'ft4'], units: ['ng/dL', 'pmol/L'], plausible: [0.05, 100] },
	{ code: 'vitamin_d', name: 'Vitamin D, 25-OH', category: 'endocrine', aliases: ['vitamin d 25 oh', 'vitamin d 25 oh total', 'vitamin d', '25 oh vitamin d', '25 hydroxy vitamin d', 'vitamin d 25 hydroxy'], units: ['ng/mL', 'nmol/L'], plausible: [1, 300] },
	{ code: 'vitamin_b12', name: 'Vitamin B12', category: 'endocrine', aliases: ['vitamin b12', 'b12', 'cobalamin'], units: ['pg/mL', 'pmol/L'], plausible: [20, 5000] },
	{ code: 'ferritin', name: 'Ferritin', category: 'other', aliases: ['ferritin'], units: ['ng/mL', 'ug/L'], plausible: [1, 10000] },
	{ code: 'crp', name: 'C-Reactive Protein', category: 'other', aliases: ['c reactive protein', 'crp', 'hs crp', 'hscrp'], units: ['mg/L', 'mg/dL'], plausible: [0, 500] },
	{ code: 'psa', name: 'PSA', category: 'other', aliases: ['psa', 'prostate specific antigen', 'psa total'], units: ['ng/mL'], plausible: [0, 5000] },
	// vital signs and body measures
	{ code: 'systolic_bp', name: 'Systolic Blood Pressure', category: 'vitals', aliases: [], units: ['mmHg'], plausible: [50, 300] },
	{ code: 'diastolic_bp', name: 'Diastolic Blood Pressure', category: 'vitals', aliases: [], units: ['mmHg'], plausible: [20, 200] },
	{ code: 'heart_rate', name: 'Heart Rate', category: 'vitals', aliases: ['pulse', 'heart rate', 'hr', 'pulse rate'], units: ['bpm', '/min'], plausible: [20, 250] },
	{ code: 'respiratory_rate', name: 'Respiratory Rate', category: 'vitals', aliases: ['respiratory rate', 'resp rate', 'respirations', 'resp', 'rr'], units: ['/min', 'breaths/min'], plausible: [4, 80] },
	{ code: 'temperature', name: 'Temperature', category: 'vitals', aliases: ['temp', 'temperature'], units: ['F', 'C'], plausible: [30, 110] },
	{ code: 'spo2', name: 'SpO2', category: 'vitals', aliases: ['spo2', 'sp02', 'o2 sat', 'oxygen saturation', 'pulse ox'], units: ['%'], plausible: [40, 100] },
	{ code: 'weight', name: 'Weight', category: 'vitals', aliases: ['weight', 'wt', 'body weight'], units: ['lb', 'kg', 'lbs'], plausible: [1, 1000] },
	{ code: 'height', name: 'Height', category: 'vitals', aliases: ['height', 'ht'], units: ['in', 'cm'], plausible: [10, 250] },
	{ code: 'bmi', name: 'BMI', category: 'vitals', aliases: ['bmi', 'body mass index', 'body mass index bmi'], units: ['kg/m2', 'kg/m²'], plausible: [8, 100] },
]

/** Every canonical code, in catalogue order. */
export const ANALYTE_CODES: readonly string[] = ANALYTES.map((analyte) => analyte.code)

/** Names that also mean blood pressure (a reading 'SYS/DIA' gives two parameters). */
export const BLOOD_PRESSURE_ALIASES: readonly string[] = ['blood pressure', 'bp', 'b p', 'blood pressure seated']

const byCode = new Map(ANALYTES.map((analyte) => [analyte.code, analyte]))

export function findAnalyteByCode(code: string): Analyte | undefined {
	return byCode.get(code)
}

/**
 * Lower case, British spellings folded, punctuation turned into spaces:
 * 'Haemoglobin A1c' and 'HEMOGLOBIN A1C' both give 'hemoglobin a1c'.
 */
export function normaliseAnalyteName(name: string): string {
	return name
		.toLowerCase()
		.replace(/haem/g, 'hem')
		.replace(/oesin/g, 'eosin')
		.replace(/[^a-z0-9%]+/g, ' ')
		.trim()
}

const aliasIndex: Map<string, Analyte> = (() => {
	const index = new Map<string, Analyte>()
	for (const analyte of ANALYTES) {
		for (const alias of [analyte.code.replace(/_/g, ' '), ...analyte.aliases]) {
			const key = normaliseAnalyteName(alias)
			if (key && !index.has(key)) index.set(key, analyte)
		}
	}
	return index
})()

const bloodPressureAliases = new Set(BLOOD_PRESSURE_ALIASES.map(normaliseAnalyteName))

/** The longest alias, in words, the catalogue holds (bounds name matching). */
export const MAX_ALIAS_WORDS = Math.max(...[...aliasIndex.keys(), ...bloodPressureAliases].map((alias) => alias.split(' ').length))

export type AnalyteMatch = { kind: 'analyte'; analyte: Analyte } | { kind: 'blood_pressure' }

/** The analyte a printed name stands for, or null. */
export function lookupAnalyteName(name: string): AnalyteMatch | null {
	const key = normaliseAnalyteName(name)
	if (!key) return null
	if (bloodPressureAliases.has(key)) return { kind: 'blood_pressure' }
	const analyte = aliasIndex.get(key)
	return analyte ? { kind: 'analyte', analyte } : null
}

/** Is the unit one of the spellings in which the code's critical thresholds are given? */
export function isCriticalUnit(analyte: Analyte, unit: string | null): boolean {
	if (!analyte.critical) return false
	if (unit === null) return true
	const wanted = normaliseUnitKey(unit)
	return analyte.critical.units.some((candidate) => normaliseUnitKey(candidate) === wanted)
}

/** A comparison key for unit spellings: case and spaces ignored, µ as u. */
export function normaliseUnitKey(unit: string): string {
	return unit.toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '')
}

function editDistanceWithin(a: string, b: string, limit: number): boolean {
	if (Math.abs(a.length - b.length) > limit) return false
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
	for (let i = 1; i <= a.length; i++) {
		const current = [i]
		let rowMin = i
		for (let j = 1; j <= b.length; j++) {
			const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
			current.push(value)
			rowMin = Math.min(rowMin, value)
		}
		if (rowMin > limit) return false
		previous = current
	}
	return previous[b.length] <= limit
}

/**
 * For OCR text: the analyte whose alias is within one edit (two for names
 * of 12 letters or more) of the printed name; only names of 6 letters or
 * more, and only when exactly one analyte is that close.
 */
export function lookupAnalyteNameApproximately(name: string): AnalyteMatch | null {
	const key = normaliseAnalyteName(name)
	if (key.replace(/ /g, '').length < 6) return null
	const exact = lookupAnalyteName(key)
	if (exact) return exact
	const limit = key.length >= 12 ? 2 : 1
	const found = new Set<Analyte>()
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 6) continue
		if (editDistanceWithin(key, alias, limit)) found.add(analyte)
	}
	const bloodPressure = [...bloodPressureAliases].some((alias) => alias.length >= 6 && editDistanceWithin(key, alias, limit))
	if (bloodPressure && found.size === 0) return { kind: 'blood_pressure' }
	if (found.size !== 1) return null
	return { kind: 'analyte', analyte: [...found][0] }
}

/**
 * For OCR text, a looser match to be confirmed by the rest of the row: the
 * one analyte whose alias is within a quarter of the name's letters
 * ('Eahon Dioxide' for 'Carbon Dioxide'); names of 8 letters or more only.
 */
export function lookupAnalyteNameLoosely(name: string): { kind: 'analyte'; analyte: Analyte } | null {
	const key = normaliseAnalyteName(name)
	if (key.replace(/ /g, '').length < 8) return null
	const limit = Math.ceil(key.length / 4)
	let best: Analyte | null = null
	let bestDistance = Number.POSITIVE_INFINITY
	let isTie = false
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 8 || !editDistanceWithin(key, alias, limit)) continue
		let distance = 0
		while (!editDistanceWithin(key, alias, distance)) distance++
		if (distance < bestDistance) {
			best = analyte
			bestDistance = distance
			isTie = false
		} else if (distance === bestDistance && analyte !== best) {
			isTie = true
		}
	}
	return best && !isTie ? { kind: 'analyte', analyte: best } : null
}
