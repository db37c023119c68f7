import { remembered } from './remembered.ts'
import { THOUSANDS_PER_UL } from './shared/critical-values.ts'

/**
 * The vocabulary of health parameters: for each analyte its canonical code
 * (lower snake case, the health-analytics domain keys trends on it), LOINC
 * code, display name, the names reports print for it (English, and the
 * labels of German, French, Spanish, Italian, Portuguese and Turkish
 * reports), its UCUM unit and the unit spellings seen on reports, the molar
 * mass that lets UCUM convert between conventional and SI units, and a
 * physiologically plausible span (used to repair OCR misreadings such as a
 * dropped decimal point). Critical values: shared/critical-values.ts. A printed name that is not
 * here stays unmapped: it never gets an invented code.
 */

export type AnalyteCategory =
	| 'chemistry'
	| 'hematology'
	| 'differential'
	| 'lipids'
	| 'diabetes'
	| 'endocrine'
	| 'liver'
	| 'iron'
	| 'vitamins'
	| 'inflammation'
	| 'coagulation'
	| 'serology'
	| 'urinalysis'
	| 'vitals'
	| 'other'

export type { CriticalThreshold } from './shared/critical-values.ts'

export type ReportLanguage = 'de' | 'fr' | 'es' | 'it' | 'pt' | 'tr'

export type Analyte = {
	code: string
	name: string
	category: AnalyteCategory
	/** LOINC code of the usual (mass or count) measurement; null where no single code fits */
	loinc: string | null
	/** LOINC code when the unit is a substance (molar) concentration */
	loincMolar?: string
	/** LOINC codes for printed names holding a word ('fasting', 'jejum', 'bicarbonate'), by normalised word: [usual, molar] */
	loincByWord?: Readonly<Record<string, readonly [string, string?]>>
	/** the UCUM unit results are compared and converted in */
	ucum: string | null
	/** g/mol, for UCUM conversions between mass and substance concentrations (mg/dL <-> mmol/L) */
	molarMass?: number
	/** English names as printed on reports; compared after normaliseAnalyteName */
	aliases: readonly string[]
	/** names printed on reports in other languages */
	labels?: Readonly<Partial<Record<ReportLanguage, readonly string[]>>>
	/** unit spellings seen on reports; the first is the default */
	units: readonly string[]
	/** values outside this span are taken for misreadings */
	plausible?: readonly [number, number]
}

/** Spellings of 10^3 per microlitre (cell counts). */
export { THOUSANDS_PER_UL } from './shared/critical-values.ts'
/** Spellings of 10^6 per microlitre (red cell counts). */
export const MILLIONS_PER_UL = ['M/uL', 'x10^6/uL', '10^6/uL', 'x10E6/uL', '10*6/uL', 'x10*6/uL', 'x10(6)/uL', '10^12/L', 'x10^12/L', 'mill/uL', 'M/mcL', 'M/µL', 'Million/uL', 'mill/cumm', 'Mil/cu.mm', 'x10^6/µL', 'Mio/µl', '/pl', 'T/L', 'Milyon/µL', 'milhões/mm3', 'Million/cmm'] as const
/** Cell counts per cubic millimetre (= per microlitre), printed with thousands separators. */
export const PER_CUBIC_MM = ['/cumm', 'cells/cumm', 'cumm', 'cells/mcL', 'cells/uL', '/uL', '/mm3', 'cells/cmm'] as const

const MASS = ['mg/dL', 'mmol/L'] as const
/** Fasting glucose [Mass/volume] and [Moles/volume] in serum or plasma. */
const FASTING_GLUCOSE = ['1558-6', '14771-0'] as const

export const ANALYTES: readonly Analyte[] = [
	// chemistry
	{ code: 'glucose', name: 'Glucose', category: 'diabetes', loinc: '2345-7', loincMolar: '14749-6', loincByWord: { fasting: FASTING_GLUCOSE, fbs: FASTING_GLUCOSE, nuchtern: FASTING_GLUCOSE, 'a jeun': FASTING_GLUCOSE, ayunas: FASTING_GLUCOSE, digiuno: FASTING_GLUCOSE, jejum: FASTING_GLUCOSE, aclik: FASTING_GLUCOSE }, ucum: 'mg/dL', molarMass: 180.156, aliases: ['glucose', 'glucose fasting', 'fasting glucose', 'glucose serum', 'glucose plasma', 'blood glucose', 'blood sugar', 'fasting blood sugar', 'blood sugar fasting', 'glucose random', 'random blood sugar', 'fbs', 'glucose fasting serum', 'plasma glucose'], labels: { de: ['glukose', 'blutzucker', 'nuchternglukose', 'glucose nuchtern'], fr: ['glycemie', 'glycemie a jeun', 'glucose a jeun'], es: ['glucosa', 'glucemia', 'glucosa en ayunas'], it: ['glicemia', 'glucosio', 'glicemia a digiuno'], pt: ['glicose', 'glicemia', 'glicemia de jejum', 'glicose em jejum'], tr: ['glukoz', 'aclik kan sekeri', 'aclik glukoz'] }, units: ['mg/dL', 'mmol/L', 'g/L'], plausible: [0.3, 2000] },
	{ code: 'hba1c', name: 'Hemoglobin A1c', category: 'diabetes', loinc: '4548-4', loincMolar: '59261-8', ucum: '%', aliases: ['hemoglobin a1c', 'hemoglobin alc', 'hemoglobin aic', 'hemoglobin a1e', 'hba1c', 'hb a1c', 'hgb a1c', 'a1c', 'glycated hemoglobin', 'glycohemoglobin', 'glycosylated hemoglobin', 'glycosylated hemoglobin hba1c', 'hba1c ifcc', 'hba1c dcct', 'hba1c ngsp'], labels: { de: ['hamoglobin a1c', 'glykohamoglobin'], fr: ['hemoglobine glyquee', 'hemoglobine glyquee hba1c', 'hba1c'], es: ['hemoglobina glicosilada', 'hemoglobina glicada', 'hemoglobina glucosilada'], it: ['emoglobina glicata', 'emoglobina glicosilata'], pt: ['hemoglobina glicada', 'hemoglobina glicosilada'], tr: ['hba1c', 'glikozile hemoglobin'] }, units: ['%', 'mmol/mol'], plausible: [2, 200] },
	{ code: 'bun', name: 'BUN', category: 'chemistry', loinc: '3094-0', loincMolar: '14937-7', ucum: 'mg/dL', molarMass: 28.014, aliases: ['bun', 'urea nitrogen', 'urea nitrogen bun', 'blood urea nitrogen', 'urea nitrogen blood', 'urea nitrogen serum', 'blood urea nitrogen bun', 'serum urea nitrogen'], units: MASS, plausible: [1, 300] },
	{ code: 'urea', name: 'Urea', category: 'chemistry', loinc: '3091-6', loincMolar: '22664-7', ucum: 'mg/dL', molarMass: 60.06, aliases: ['urea', 'blood urea', 'serum urea', 'urea serum'], labels: { de: ['harnstoff'], fr: ['uree'], es: ['urea'], it: ['urea', 'azotemia'], pt: ['ureia'], tr: ['ure'] }, units: ['mg/dL', 'mmol/L'], plausible: [0.5, 600] },
	{ code: 'creatinine', name: 'Creatinine', category: 'chemistry', loinc: '2160-0', loincMolar: '14682-9', ucum: 'mg/dL', molarMass: 113.12, aliases: ['creatinine', 'creatinine serum', 'serum creatinine', 'creat'], labels: { de: ['kreatinin'], fr: ['creatinine'], es: ['creatinina'], it: ['creatinina'], pt: ['creatinina'], tr: ['kreatinin'] }, units: ['mg/dL', 'umol/L', 'µmol/L'], plausible: [0.1, 2000] },
	{ code: 'egfr', name: 'eGFR', category: 'chemistry', loinc: '33914-3', ucum: 'mL/min/{1.73_m2}', aliases: ['egfr', 'estimated gfr', 'gfr estimated', 'egfr ckd epi 2021', 'egfr non afr american', 'egfr if nonafricn am', 'egfr kidney function', 'estimated glomerular filtration rate'], labels: { de: ['egfr', 'gfr'], fr: ['dfg', 'debit de filtration glomerulaire'], es: ['filtrado glomerular'], it: ['filtrato glomerulare'], pt: ['taxa de filtracao glomerular'], tr: ['egfr'] }, units: ['mL/min/1.73m2', 'mL/min/1.73', 'mL/min/1.73 m2', 'mL/min', 'mL/min/1.73m²'], plausible: [1, 200] },
	{ code: 'bun_creatinine_ratio', name: 'BUN/Creatinine Ratio', category: 'chemistry', loinc: '3097-3', ucum: '{ratio}', aliases: ['bun creatinine ratio', 'bun creat ratio'], units: [], plausible: [1, 100] },
	{ code: 'sodium', name: 'Sodium', category: 'chemistry', loinc: '2951-2', ucum: 'mmol/L', aliases: ['sodium', 'sodium serum', 'serum sodium', 'na', 'sodium na'], labels: { de: ['natrium'], fr: ['sodium'], es: ['sodio'], it: ['sodio'], pt: ['sodio'], tr: ['sodyum'] }, units: ['mmol/L', 'mEq/L', 'mM'], plausible: [90, 200] },
	{ code: 'potassium', name: 'Potassium', category: 'chemistry', loinc: '2823-3', ucum: 'mmol/L', aliases: ['potassium', 'potassium serum', 'serum potassium', 'k', 'potassium k'], labels: { de: ['kalium'], fr: ['potassium'], es: ['potasio'], it: ['potassio'], pt: ['potassio'], tr: ['potasyum'] }, units: ['mmol/L', 'mEq/L', 'mM'], plausible: [1, 10] },
	{ code: 'chloride', name: 'Chloride', category: 'chemistry', loinc: '2075-0', ucum: 'mmol/L', aliases: ['chloride', 'chloride serum', 'serum chloride', 'cl', 'chloride cl'], labels: { de: ['chlorid'], fr: ['chlore', 'chlorures'], es: ['cloro', 'cloruro'], it: ['cloro'], pt: ['cloro', 'cloreto'], tr: ['klor'] }, units: ['mmol/L', 'mEq/L', 'mM'], plausible: [60, 150] },
	{ code: 'co2', name: 'Carbon Dioxide', category: 'chemistry', loinc: '2028-9', loincByWord: { bicarbonate: ['1963-8'], hco3: ['1963-8'], bikarbonat: ['1963-8'], bicarbonates: ['1963-8'], bicarbonato: ['1963-8'] }, ucum: 'mmol/L', aliases: ['co2', 'c02', 'carbon dioxide', 'carbon dioxide total', 'total co2', 'bicarbonate', 'hco3', 'bicarbonate serum'], labels: { de: ['bikarbonat'], fr: ['bicarbonates'], es: ['bicarbonato'], it: ['bicarbonato'], pt: ['bicarbonato'], tr: ['bikarbonat'] }, units: ['mmol/L', 'mEq/L', 'mM'], plausible: [5, 60] },
	{ code: 'anion_gap', name: 'Anion Gap', category: 'chemistry', loinc: '33037-3', ucum: 'mmol/L', aliases: ['anion gap'], units: ['mmol/L', 'mEq/L'], plausible: [0, 50] },
	{ code: 'calcium', name: 'Calcium', category: 'chemistry', loinc: '17861-6', loincMolar: '2000-8', ucum: 'mg/dL', molarMass: 40.078, aliases: ['calcium', 'calcium serum', 'calcium total', 'serum calcium', 'total calcium', 'ca'], labels: { de: ['calcium', 'kalzium'], fr: ['calcium', 'calcemie'], es: ['calcio'], it: ['calcio'], pt: ['calcio'], tr: ['kalsiyum'] }, units: ['mg/dL', 'mmol/L'], plausible: [0.5, 20] },
	{ code: 'magnesium', name: 'Magnesium', category: 'chemistry', loinc: '19123-9', loincMolar: '2601-3', ucum: 'mg/dL', molarMass: 24.305, aliases: ['magnesium', 'serum magnesium'], labels: { de: ['magnesium'], fr: ['magnesium'], es: ['magnesio'], it: ['magnesio'], pt: ['magnesio'], tr: ['magnezyum'] }, units: ['mg/dL', 'mmol/L'], plausible: [0.2, 10] },
	{ code: 'phosphorus', name: 'Phosphorus', category: 'chemistry', loinc: '2777-1', loincMolar: '14879-1', ucum: 'mg/dL', molarMass: 30.974, aliases: ['phosphorus', 'phosphate', 'inorganic phosphorus', 'serum phosphorus'], labels: { de: ['phosphat'], fr: ['phosphore', 'phosphates'], es: ['fosforo'], it: ['fosforo'], pt: ['fosforo'], tr: ['fosfor'] }, units: ['mg/dL', 'mmol/L'], plausible: [0.2, 20] },
	{ code: 'uric_acid', name: 'Uric Acid', category: 'chemistry', loinc: '3084-1', loincMolar: '14933-6', ucum: 'mg/dL', molarMass: 168.11, aliases: ['uric acid', 'serum uric acid', 'urate'], labels: { de: ['harnsaure'], fr: ['acide urique'], es: ['acido urico'], it: ['acido urico'], pt: ['acido urico'], tr: ['urik asit'] }, units: ['mg/dL', 'umol/L'], plausible: [0.5, 1500] },
	{ code: 'total_protein', name: 'Total Protein', category: 'chemistry', loinc: '2885-2', ucum: 'g/dL', aliases: ['total protein', 'protein total', 'serum protein', 'tp', 'total proteins', 'proteins total'], labels: { de: ['gesamteiweiss', 'gesamtprotein'], fr: ['proteines totales'], es: ['proteinas totales'], it: ['proteine totali'], pt: ['proteinas totais'], tr: ['total protein'] }, units: ['g/dL', 'g/L'], plausible: [1, 150] },
	{ code: 'albumin', name: 'Albumin', category: 'chemistry', loinc: '1751-7', ucum: 'g/dL', aliases: ['albumin', 'albumin serum', 'serum albumin', 'alb'], labels: { de: ['albumin'], fr: ['albumine'], es: ['albumina'], it: ['albumina'], pt: ['albumina'], tr: ['albumin'] }, units: ['g/dL', 'g/L'], plausible: [0.5, 80] },
	{ code: 'globulin', name: 'Globulin', category: 'chemistry', loinc: '10834-0', ucum: 'g/dL', aliases: ['globulin', 'globulin total', 'serum globulin'], labels: { de: ['globulin'], fr: ['globulines'], es: ['globulina'], it: ['globuline'], pt: ['globulina'], tr: ['globulin'] }, units: ['g/dL', 'g/L'], plausible: [0.5, 80] },
	{ code: 'ag_ratio', name: 'A/G Ratio', category: 'chemistry', loinc: '1759-0', ucum: '{ratio}', aliases: ['a g ratio', 'ag ratio', 'albumin globulin ratio', 'a g'], units: [], plausible: [0.1, 5] },
	// liver
	{ code: 'bilirubin_total', name: 'Total Bilirubin', category: 'liver', loinc: '1975-2', loincMolar: '14631-6', ucum: 'mg/dL', molarMass: 584.66, aliases: ['total bilirubin', 'bilirubin total', 'bilirubin', 'serum bilirubin total', 'bilirubin total serum', 't bilirubin'], labels: { de: ['bilirubin gesamt', 'gesamtbilirubin', 'bilirubin'], fr: ['bilirubine totale', 'bilirubine'], es: ['bilirrubina total'], it: ['bilirubina totale'], pt: ['bilirrubina total'], tr: ['total bilirubin'] }, units: ['mg/dL', 'umol/L'], plausible: [0, 800] },
	{ code: 'bilirubin_direct', name: 'Direct Bilirubin', category: 'liver', loinc: '1968-7', loincMolar: '14629-0', ucum: 'mg/dL', molarMass: 584.66, aliases: ['direct bilirubin', 'bilirubin direct', 'conjugated bilirubin', 'd bilirubin'], labels: { de: ['bilirubin direkt', 'direktes bilirubin'], fr: ['bilirubine conjuguee', 'bilirubine directe'], es: ['bilirrubina directa'], it: ['bilirubina diretta'], pt: ['bilirrubina direta'], tr: ['direkt bilirubin'] }, units: ['mg/dL', 'umol/L'], plausible: [0, 600] },
	{ code: 'alkaline_phosphatase', name: 'Alkaline Phosphatase', category: 'liver', loinc: '6768-6', ucum: 'U/L', aliases: ['alkaline phosphatase', 'alk phos', 'alk phosphatase', 'alp', 'serum alkaline phosphatase'], labels: { de: ['alkalische phosphatase', 'ap'], fr: ['phosphatases alcalines', 'pal'], es: ['fosfatasa alcalina'], it: ['fosfatasi alcalina'], pt: ['fosfatase alcalina'], tr: ['alkalen fosfataz', 'alp'] }, units: ['U/L', 'IU/L'], plausible: [5, 3000] },
	{ code: 'ast', name: 'AST', category: 'liver', loinc: '1920-8', ucum: 'U/L', aliases: ['ast', 'ast sgot', 'sgot', 'sgot ast', 'aspartate aminotransferase', 'aspartate aminotransferase ast', 'aspartate aminotransferase ast sgot', 'aspartate transaminase'], labels: { de: ['got', 'got ast', 'asat', 'ast got'], fr: ['asat', 'asat tgo', 'tgo', 'transaminases asat'], es: ['got', 'got ast', 'ast got'], it: ['ast got', 'got', 'ast'], pt: ['tgo', 'tgo ast', 'ast tgo'], tr: ['ast'] }, units: ['U/L', 'IU/L'], plausible: [1, 10000] },
	{ code: 'alt', name: 'ALT', category: 'liver', loinc: '1742-6', ucum: 'U/L', aliases: ['alt', 'alt sgpt', 'sgpt', 'sgpt alt', 'alanine aminotransferase', 'alanine aminotransferase alt', 'alanine aminotransferase alt sgpt', 'alanine transaminase'], labels: { de: ['gpt', 'gpt alt', 'alat', 'alt gpt'], fr: ['alat', 'alat tgp', 'tgp', 'transaminases alat'], es: ['gpt', 'gpt alt', 'alt gpt'], it: ['alt gpt', 'gpt', 'alt'], pt: ['tgp', 'tgp alt', 'alt tgp'], tr: ['alt'] }, units: ['U/L', 'IU/L'], plausible: [-10, 10000] },
	{ code: 'ggt', name: 'GGT', category: 'liver', loinc: '2324-2', ucum: 'U/L', aliases: ['ggt', 'gamma gt', 'gamma glutamyl transferase', 'gamma glutamyltransferase', 'ggtp', 'g g t p', 'gamma glutamyl transpeptidase', 'ggt gamma glutamyl transferase'], labels: { de: ['gamma gt', 'ggt'], fr: ['gamma gt', 'ggt'], es: ['ggt', 'gamma gt'], it: ['gamma gt'], pt: ['gama gt', 'ggt'], tr: ['ggt'] }, units: ['U/L', 'IU/L'], plausible: [1, 5000] },
	{ code: 'ldh', name: 'LDH', category: 'liver', loinc: '2532-0', ucum: 'U/L', aliases: ['ldh', 'lactate dehydrogenase'], labels: { de: ['ldh'], fr: ['ldh'], es: ['ldh'], it: ['ldh'], pt: ['ldh', 'desidrogenase latica'], tr: ['ldh'] }, units: ['U/L', 'IU/L'], plausible: [10, 10000] },
	{ code: 'ck', name: 'Creatine Kinase', category: 'chemistry', loinc: '2157-6', ucum: 'U/L', aliases: ['ck', 'cpk', 'creatine kinase', 'creatine kinase total'], labels: { de: ['ck', 'creatinkinase'], fr: ['cpk', 'creatine kinase'], es: ['ck', 'creatina quinasa'], it: ['cpk', 'creatinchinasi'], pt: ['cpk', 'creatinoquinase'], tr: ['ck'] }, units: ['U/L', 'IU/L'], plausible: [1, 100000] },
	{ code: 'amylase', name: 'Amylase', category: 'chemistry', loinc: '1798-8', ucum: 'U/L', aliases: ['amylase', 'serum amylase'], labels: { de: ['amylase'], fr: ['amylase'], es: ['amilasa'], it: ['amilasi'], pt: ['amilase'], tr: ['amilaz'] }, units: ['U/L', 'IU/L'], plausible: [1, 10000] },
	{ code: 'lipase', name: 'Lipase', category: 'chemistry', loinc: '3040-3', ucum: 'U/L', aliases: ['lipase', 'serum lipase'], labels: { de: ['lipase'], fr: ['lipase'], es: ['lipasa'], it: ['lipasi'], pt: ['lipase'], tr: ['lipaz'] }, units: ['U/L', 'IU/L'], plausible: [1, 10000] },
	// lipids
	{ code: 'total_cholesterol', name: 'Total Cholesterol', category: 'lipids', loinc: '2093-3', loincMolar: '14647-2', ucum: 'mg/dL', molarMass: 386.65, aliases: ['total cholesterol', 'cholesterol total', 'cholesterol', 'cholesterol serum', 'serum cholesterol', 'cholesterol total serum'], labels: { de: ['cholesterin', 'gesamtcholesterin', 'cholesterin gesamt'], fr: ['cholesterol total', 'cholesterol'], es: ['colesterol total', 'colesterol'], it: ['colesterolo totale', 'colesterolo'], pt: ['colesterol total', 'colesterol'], tr: ['total kolesterol', 'kolesterol'] }, units: ['mg/dL', 'mmol/L', 'g/L'], plausible: [0.5, 1000] },
	{ code: 'ldl', name: 'LDL Cholesterol', category: 'lipids', loinc: '13457-7', loincMolar: '22748-8', ucum: 'mg/dL', molarMass: 386.65, aliases: ['ldl cholesterol', 'ldl cholesterol calc', 'ldl cholesterol calculated', 'ldl chol calc', 'ldl chol calc friedewald', 'ldl calc', 'ldl calculated', 'ldl c', 'ldl', 'ldl direct', 'ldl cholesterol direct', 'ldl chol'], labels: { de: ['ldl cholesterin', 'ldl'], fr: ['cholesterol ldl', 'ldl cholesterol'], es: ['colesterol ldl', 'ldl colesterol'], it: ['colesterolo ldl', 'ldl colesterolo'], pt: ['colesterol ldl', 'ldl colesterol'], tr: ['ldl kolesterol'] }, units: ['mg/dL', 'mmol/L', 'g/L'], plausible: [0.1, 600] },
	{ code: 'hdl', name: 'HDL Cholesterol', category: 'lipids', loinc: '2085-9', loincMolar: '14646-4', ucum: 'mg/dL', molarMass: 386.65, aliases: ['hdl cholesterol', 'hdl chol', 'hdl c', 'hdl', 'hdl cholesterol direct'], labels: { de: ['hdl cholesterin', 'hdl'], fr: ['cholesterol hdl', 'hdl cholesterol'], es: ['colesterol hdl', 'hdl colesterol'], it: ['colesterolo hdl', 'hdl colesterolo'], pt: ['colesterol hdl', 'hdl colesterol'], tr: ['hdl kolesterol'] }, units: ['mg/dL', 'mmol/L', 'g/L'], plausible: [0.1, 200] },
	{ code: 'vldl', name: 'VLDL Cholesterol', category: 'lipids', loinc: '13458-5', ucum: 'mg/dL', molarMass: 386.65, aliases: ['vldl cholesterol', 'vldl cholesterol cal', 'vldl cholesterol calc', 'vldl chol cal', 'vldl'], labels: { de: ['vldl cholesterin'], fr: ['cholesterol vldl'], es: ['colesterol vldl'], it: ['colesterolo vldl'], pt: ['colesterol vldl'], tr: ['vldl kolesterol'] }, units: ['mg/dL', 'mmol/L'], plausible: [1, 300] },
	{ code: 'non_hdl_cholesterol', name: 'Non-HDL Cholesterol', category: 'lipids', loinc: '43396-1', ucum: 'mg/dL', molarMass: 386.65, aliases: ['non hdl cholesterol', 'non hdl chol', 'non hdl'], labels: { de: ['non hdl cholesterin'], fr: ['cholesterol non hdl'], es: ['colesterol no hdl'], it: ['colesterolo non hdl'], pt: ['colesterol nao hdl'], tr: ['non hdl kolesterol'] }, units: ['mg/dL', 'mmol/L'], plausible: [0.2, 800] },
	{ code: 'triglycerides', name: 'Triglycerides', category: 'lipids', loinc: '2571-8', loincMolar: '14927-8', ucum: 'mg/dL', molarMass: 885.7, aliases: ['triglycerides', 'triglyceride', 'trig', 'serum triglycerides', 'triglycerides serum'], labels: { de: ['triglyceride', 'triglyzeride'], fr: ['triglycerides'], es: ['trigliceridos'], it: ['trigliceridi'], pt: ['triglicerides', 'triglicerideos'], tr: ['trigliserit', 'trigliserid'] }, units: ['mg/dL', 'mmol/L', 'g/L'], plausible: [0.1, 5000] },
	{ code: 'chol_hdl_ratio', name: 'Total Cholesterol/HDL Ratio', category: 'lipids', loinc: '9830-1', ucum: '{ratio}', aliases: ['total cholesterol hdl ratio', 'cholesterol hdl ratio', 'chol hdl ratio', 'tc hdl ratio', 'total cholesterol hdl cholesterol ratio'], units: [], plausible: [0.5, 20] },
	// hematology
	{ code: 'wbc', name: 'WBC', category: 'hematology', loinc: '6690-2', ucum: '10*3/uL', aliases: ['wbc', 'white cell count', 'white blood cell count', 'white blood cells', 'wbc count', 'leukocytes', 'leukocyte count', 'total leukocyte count', 'total leucocyte count', 'tlc', 'total wbc count', 'total white blood cell count', 'white blood cell', 'leucocytes', 'leucocyte count'], labels: { de: ['leukozyten', 'leukocyten'], fr: ['leucocytes', 'globules blancs'], es: ['leucocitos', 'globulos blancos'], it: ['leucociti', 'globuli bianchi'], pt: ['leucocitos', 'globulos brancos'], tr: ['lokosit', 'akyuvarlar', 'beyaz kure'] }, units: [...THOUSANDS_PER_UL, ...PER_CUBIC_MM], plausible: [0.1, 500000] },
	{ code: 'rbc', name: 'RBC', category: 'hematology', loinc: '789-8', ucum: '10*6/uL', aliases: ['rbc', 'red cell count', 'red blood cell count', 'red blood cells', 'rbc count', 'erythrocytes', 'erythrocyte count', 'total rbc count', 'red blood cell'], labels: { de: ['erythrozyten', 'erythrocyten'], fr: ['hematies', 'erythrocytes', 'globules rouges'], es: ['hematies', 'eritrocitos', 'globulos rojos'], it: ['eritrociti', 'globuli rossi'], pt: ['eritrocitos', 'hemacias', 'globulos vermelhos'], tr: ['eritrosit', 'alyuvarlar'] }, units: MILLIONS_PER_UL, plausible: [0.5, 10] },
	{ code: 'hemoglobin', name: 'Hemoglobin', category: 'hematology', loinc: '718-7', ucum: 'g/dL', aliases: ['hemoglobin', 'hgb', 'hemoglobin blood', 'hb', 'hemoglobin hb', 'hemoglobin hgb'], labels: { de: ['hamoglobin', 'hb'], fr: ['hemoglobine'], es: ['hemoglobina'], it: ['emoglobina'], pt: ['hemoglobina'], tr: ['hemoglobin'] }, units: ['g/dL', 'g/L', 'gm/dl', 'g%', 'mmol/L'], plausible: [2, 250] },
	{ code: 'hematocrit', name: 'Hematocrit', category: 'hematology', loinc: '4544-3', ucum: '%', aliases: ['hematocrit', 'hct', 'packed cell volume', 'pcv', 'packed cell volume pcv', 'hematocrit pcv', 'hematocrit hct'], labels: { de: ['hamatokrit'], fr: ['hematocrite'], es: ['hematocrito'], it: ['ematocrito'], pt: ['hematocrito'], tr: ['hematokrit'] }, units: ['%', 'L/L'], plausible: [0.05, 75] },
	{ code: 'mcv', name: 'MCV', category: 'hematology', loinc: '787-2', ucum: 'fL', aliases: ['mcv', 'mean cell volume', 'mean corpuscular volume', 'mean corpuscular volume mcv'], labels: { fr: ['vgm', 'volume globulaire moyen'], es: ['vcm', 'volumen corpuscular medio'], it: ['volume corpuscolare medio'], pt: ['vcm', 'volume corpuscular medio'], tr: ['mcv'] }, units: ['fL'], plausible: [40, 150] },
	{ code: 'mch', name: 'MCH', category: 'hematology', loinc: '785-6', ucum: 'pg', aliases: ['mch', 'mean cell hemoglobin', 'mean corpuscular hemoglobin', 'mean corpuscular hgb', 'mean corpuscular hemoglobin mch'], labels: { fr: ['tcmh', 'teneur corpusculaire moyenne en hemoglobine'], es: ['hcm', 'hemoglobina corpuscular media'], it: ['contenuto emoglobinico medio'], pt: ['hcm', 'hemoglobina corpuscular media'], tr: ['mch'] }, units: ['pg'], plausible: [10, 50] },
	{ code: 'mchc', name: 'MCHC', category: 'hematology', loinc: '786-4', ucum: 'g/dL', aliases: ['mchc', 'mean cell hemoglobin concentration', 'mean corpuscular hemoglobin concentration', 'mean corpuscular hgb conc', 'mean cell hemoglobin con', 'mean cell hemoglobin conc', 'mean corpuscular hemoglobin conc', 'mean corpuscular hemoglobin concentration mchc'], labels: { fr: ['ccmh', 'concentration corpusculaire moyenne en hemoglobine'], es: ['chcm', 'concentracion de hemoglobina corpuscular media'], it: ['concentrazione emoglobinica media'], pt: ['chcm', 'concentracao de hemoglobina corpuscular media'], tr: ['mchc'] }, units: ['g/dL', 'g/L', '%', 'g%'], plausible: [20, 450] },
	{ code: 'rdw', name: 'RDW', category: 'hematology', loinc: '788-0', ucum: '%', aliases: ['rdw', 'rdw cv', 'red cell distribution width', 'red cell distribution width cv', 'rdw cv red cell distribution width'], labels: { fr: ['idr', 'indice de distribution des globules rouges'], es: ['ade', 'rdw'], it: ['rdw'], pt: ['rdw'], tr: ['rdw'] }, units: ['%'], plausible: [5, 40] },
	{ code: 'platelets', name: 'Platelets', category: 'hematology', loinc: '777-3', ucum: '10*3/uL', aliases: ['platelets', 'platelet count', 'platelet', 'plt', 'plt count', 'platelets count', 'thrombocytes'], labels: { de: ['thrombozyten', 'thrombocyten'], fr: ['plaquettes', 'numeration plaquettaire'], es: ['plaquetas'], it: ['piastrine'], pt: ['plaquetas'], tr: ['trombosit'] }, units: [...THOUSANDS_PER_UL, ...PER_CUBIC_MM, 'Lakhs/cmm', 'lakhs/cumm'], plausible: [1, 3000000] },
	{ code: 'mpv', name: 'MPV', category: 'hematology', loinc: '32623-1', ucum: 'fL', aliases: ['mpv', 'mean platelet volume'], labels: { fr: ['vpm', 'volume plaquettaire moyen'], es: ['vpm', 'volumen plaquetario medio'], it: ['volume piastrinico medio'], pt: ['vpm', 'volume plaquetario medio'], tr: ['mpv'] }, units: ['fL'], plausible: [3, 20] },
	// white cell differential (percent)
	{ code: 'neutrophils_pct', name: 'Neutrophils', category: 'differential', loinc: '770-8', ucum: '%', aliases: ['neutrophils', 'neutrophil', 'neutrophils percent', 'neutrophils %', 'neut', 'segs', 'neu', 'neutrophils relative', 'polymorphs', 'segmented neutrophils'], labels: { de: ['neutrophile', 'neutrophile granulozyten', 'segmentkernige'], fr: ['polynucleaires neutrophiles', 'neutrophiles'], es: ['neutrofilos', 'segmentados'], it: ['neutrofili'], pt: ['neutrofilos', 'segmentados'], tr: ['notrofil', 'neu notrofil'] }, units: ['%'], plausible: [0, 100] },
	{ code: 'lymphocytes_pct', name: 'Lymphocytes', category: 'differential', loinc: '736-9', ucum: '%', aliases: ['lymphocytes', 'lymphocyte', 'lymphs', 'lymph', 'lym', 'lymphocytes relative'], labels: { de: ['lymphozyten'], fr: ['lymphocytes'], es: ['linfocitos'], it: ['linfociti'], pt: ['linfocitos'], tr: ['lenfosit', 'lym lenfosit'] }, units: ['%'], plausible: [0, 100] },
	{ code: 'monocytes_pct', name: 'Monocytes', category: 'differential', loinc: '5905-5', ucum: '%', aliases: ['monocytes', 'monocyte', 'mono', 'monos', 'mon'], labels: { de: ['monozyten'], fr: ['monocytes'], es: ['monocitos'], it: ['monociti'], pt: ['monocitos'], tr: ['monosit', 'mon monosit'] }, units: ['%'], plausible: [0, 100] },
	{ code: 'eosinophils_pct', name: 'Eosinophils', category: 'differential', loinc: '713-8', ucum: '%', aliases: ['eosinophils', 'eosinophil', 'eos'], labels: { de: ['eosinophile', 'eosinophile granulozyten'], fr: ['polynucleaires eosinophiles', 'eosinophiles'], es: ['eosinofilos'], it: ['eosinofili'], pt: ['eosinofilos'], tr: ['eozinofil', 'eos eozinofil'] }, units: ['%'], plausible: [0, 100] },
	{ code: 'basophils_pct', name: 'Basophils', category: 'differential', loinc: '706-2', ucum: '%', aliases: ['basophils', 'basophil', 'basos', 'baso', 'bas'], labels: { de: ['basophile', 'basophile granulozyten'], fr: ['polynucleaires basophiles', 'basophiles'], es: ['basofilos'], it: ['basofili'], pt: ['basofilos'], tr: ['bazofil', 'baso bazofil'] }, units: ['%'], plausible: [0, 100] },
	// white cell differential (absolute counts)
	{ code: 'neutrophils_abs', name: 'Neutrophils (absolute)', category: 'differential', loinc: '751-8', ucum: '10*3/uL', aliases: ['absolute neutrophils', 'neutrophils absolute', 'absolute neutrophil count', 'anc', 'neutrophils abs', 'neutrophil absolute count', 'abs neutrophils', 'neutrophils #', 'neu #'], labels: { de: ['neutrophile absolut'], fr: ['neutrophiles valeur absolue'], es: ['neutrofilos absolutos'], it: ['neutrofili assoluti'], pt: ['neutrofilos absolutos'], tr: ['notrofil sayisi'] }, units: THOUSANDS_PER_UL, plausible: [0, 200] },
	{ code: 'lymphocytes_abs', name: 'Lymphocytes (absolute)', category: 'differential', loinc: '731-0', ucum: '10*3/uL', aliases: ['absolute lymphocytes', 'lymphocytes absolute', 'absolute lymphocyte count', 'alc', 'lymphocytes abs', 'abs lymphocytes', 'lymphocytes #', 'lym #'], labels: { de: ['lymphozyten absolut'], fr: ['lymphocytes valeur absolue'], es: ['linfocitos absolutos'], it: ['linfociti assoluti'], pt: ['linfocitos absolutos'] }, units: THOUSANDS_PER_UL, plausible: [0, 200] },
	{ code: 'monocytes_abs', name: 'Monocytes (absolute)', category: 'differential', loinc: '742-7', ucum: '10*3/uL', aliases: ['absolute monocytes', 'monocytes absolute', 'absolute monocyte count', 'monocytes abs', 'abs monocytes', 'monocytes #', 'mon #', 'mono #'], labels: { de: ['monozyten absolut'], es: ['monocitos absolutos'], it: ['monociti assoluti'], pt: ['monocitos absolutos'] }, units: THOUSANDS_PER_UL, plausible: [0, 50] },
	{ code: 'eosinophils_abs', name: 'Eosinophils (absolute)', category: 'differential', loinc: '711-2', ucum: '10*3/uL', aliases: ['absolute eosinophils', 'eosinophils absolute', 'absolute eosinophil count', 'aec', 'eosinophils abs', 'abs eosinophils', 'eosinophils #', 'eos #'], labels: { de: ['eosinophile absolut'], es: ['eosinofilos absolutos'], it: ['eosinofili assoluti'], pt: ['eosinofilos absolutos'] }, units: THOUSANDS_PER_UL, plausible: [0, 50] },
	{ code: 'basophils_abs', name: 'Basophils (absolute)', category: 'differential', loinc: '704-7', ucum: '10*3/uL', aliases: ['absolute basophils', 'basophils absolute', 'absolute basophil count', 'basophils abs', 'abs basophils', 'basophils #', 'bas #', 'baso #'], labels: { de: ['basophile absolut'], es: ['basofilos absolutos'], it: ['basofili assoluti'], pt: ['basofilos absolutos'] }, units: THOUSANDS_PER_UL, plausible: [0, 20] },
	{ code: 'esr', name: 'ESR', category: 'inflammation', loinc: '30341-2', ucum: 'mm/h', aliases: ['esr', 'erythrocyte sedimentation rate', 'sed rate', 'e s r', 'esr westergren'], labels: { de: ['bsg', 'blutsenkung', 'blutkorperchensenkungsgeschwindigkeit'], fr: ['vs', 'vitesse de sedimentation'], es: ['vsg', 'velocidad de sedimentacion'], it: ['ves', 'velocita di eritrosedimentazione'], pt: ['vhs', 'velocidade de hemossedimentacao'], tr: ['sedimantasyon'] }, units: ['mm/hr', 'mm/h', 'mm/1st hr'], plausible: [0, 200] },
	// coagulation
	{ code: 'pt', name: 'Prothrombin Time', category: 'coagulation', loinc: '5902-2', ucum: 's', aliases: ['prothrombin time', 'pt', 'protime'], labels: { de: ['prothrombinzeit'], fr: ['temps de quick', 'temps de prothrombine'], es: ['tiempo de protrombina'], it: ['tempo di protrombina'], pt: ['tempo de protrombina'], tr: ['protrombin zamani'] }, units: ['sec', 's', 'seconds'], plausible: [5, 200] },
	{ code: 'inr', name: 'INR', category: 'coagulation', loinc: '6301-6', ucum: '{INR}', aliases: ['inr', 'pt inr', 'international normalized ratio'], labels: { de: ['inr'], fr: ['inr'], es: ['inr'], it: ['inr'], pt: ['inr', 'rni'], tr: ['inr'] }, units: [], plausible: [0.5, 15] },
	{ code: 'aptt', name: 'aPTT', category: 'coagulation', loinc: '3173-2', ucum: 's', aliases: ['aptt', 'ptt', 'activated partial thromboplastin time', 'partial thromboplastin time'], labels: { de: ['ptt', 'aptt'], fr: ['tca', 'temps de cephaline activee'], es: ['ttpa'], it: ['aptt'], pt: ['ttpa'], tr: ['aptt'] }, units: ['sec', 's', 'seconds'], plausible: [10, 300] },
	{ code: 'fibrinogen', name: 'Fibrinogen', category: 'coagulation', loinc: '3255-7', ucum: 'mg/dL', aliases: ['fibrinogen'], labels: { de: ['fibrinogen'], fr: ['fibrinogene'], es: ['fibrinogeno'], it: ['fibrinogeno'], pt: ['fibrinogenio'], tr: ['fibrinojen'] }, units: ['mg/dL', 'g/L'], plausible: [0.2, 2000] },
	{ code: 'd_dimer', name: 'D-Dimer', category: 'coagulation', loinc: '48065-7', ucum: 'ng/mL', aliases: ['d dimer', 'd dimers'], labels: { de: ['d dimere'], fr: ['d dimeres'], es: ['dimero d'], it: ['d dimero'], pt: ['d dimero'], tr: ['d dimer'] }, units: ['ng/mL', 'ug/mL', 'mg/L'], plausible: [0, 100000] },
	// endocrine
	{ code: 'tsh', name: 'TSH', category: 'endocrine', loinc: '3016-3', ucum: 'm[IU]/L', aliases: ['tsh', 'thyroid stimulating hormone', 'tsh 3rd generation', 'tsh ultrasensitive', 'tsh ultra sensitive', 'thyrotropin', 'tsh thyroid stimulating hormone', 'tsh basal'], labels: { de: ['tsh', 'tsh basal'], fr: ['tsh', 'tsh ultrasensible'], es: ['tsh', 'tirotropina'], it: ['tsh', 'tireotropina'], pt: ['tsh', 'hormonio tireoestimulante'], tr: ['tsh'] }, units: ['mIU/L', 'uIU/mL', 'µIU/mL', 'mU/L', 'mUI/L', 'µUI/mL'], plausible: [0.001, 200] },
	{ code: 'free_t4', name: 'Free T4', category: 'endocrine', loinc: '3024-7', loincMolar: '14920-3', ucum: 'ng/dL', aliases: ['free t4', 't4 free', 'ft4', 'free thyroxine', 'thyroxine free'], labels: { de: ['ft4', 'freies t4'], fr: ['t4 libre', 'ft4'], es: ['t4 libre'], it: ['ft4', 't4 libera'], pt: ['t4 livre'], tr: ['serbest t4', 'st4'] }, units: ['ng/dL', 'pmol/L'], plausible: [0.05, 100] },
	{ code: 'free_t3', name: 'Free T3', category: 'endocrine', loinc: '3051-0', ucum: 'pg/mL', aliases: ['free t3', 't3 free', 'ft3', 'free triiodothyronine'], labels: { de: ['ft3', 'freies t3'], fr: ['t3 libre', 'ft3'], es: ['t3 libre'], it: ['ft3', 't3 libera'], pt: ['t3 livre'], tr: ['serbest t3', 'st3'] }, units: ['pg/mL', 'pmol/L'], plausible: [0.1, 50] },
	{ code: 't4_total', name: 'T4 (total)', category: 'endocrine', loinc: '3026-2', ucum: 'ug/dL', aliases: ['t4 total', 'total t4', 'thyroxine', 'thyroxine t4', 't4'], units: ['ug/dL', 'mcg/dL', 'nmol/L'], plausible: [0.5, 300] },
	{ code: 't3_total', name: 'T3 (total)', category: 'endocrine', loinc: '3053-6', ucum: 'ng/dL', aliases: ['t3 total', 'total t3', 'triiodothyronine', 'triiodothyronine t3', 't3'], units: ['ng/dL', 'nmol/L'], plausible: [0.1, 1000] },
	{ code: 'insulin', name: 'Insulin', category: 'diabetes', loinc: '20448-7', ucum: 'u[IU]/mL', aliases: ['insulin', 'fasting insulin', 'insulin fasting'], labels: { de: ['insulin'], fr: ['insuline'], es: ['insulina'], it: ['insulina'], pt: ['insulina'], tr: ['insulin'] }, units: ['uIU/mL', 'µIU/mL', 'mU/L', 'pmol/L'], plausible: [0.1, 1000] },
	{ code: 'psa', name: 'PSA', category: 'other', loinc: '2857-1', ucum: 'ng/mL', aliases: ['psa', 'prostate specific antigen', 'psa total', 'total psa'], labels: { de: ['psa', 'psa gesamt'], fr: ['psa', 'psa total'], es: ['psa', 'antigeno prostatico especifico'], it: ['psa', 'psa totale'], pt: ['psa', 'psa total'], tr: ['psa', 'total psa'] }, units: ['ng/mL'], plausible: [0, 5000] },
	// iron and vitamins
	{ code: 'iron', name: 'Iron', category: 'iron', loinc: '2498-4', loincMolar: '14798-3', ucum: 'ug/dL', molarMass: 55.845, aliases: ['iron', 'serum iron', 'iron serum', 'iron total'], labels: { de: ['eisen'], fr: ['fer', 'fer serique'], es: ['hierro', 'hierro serico'], it: ['ferro', 'sideremia'], pt: ['ferro', 'ferro serico'], tr: ['demir'] }, units: ['ug/dL', 'mcg/dL', 'µg/dL', 'umol/L'], plausible: [1, 1000] },
	{ code: 'tibc', name: 'TIBC', category: 'iron', loinc: '2500-7', ucum: 'ug/dL', aliases: ['tibc', 'total iron binding capacity', 'iron binding capacity total'], labels: { de: ['eisenbindungskapazitat'], fr: ['capacite totale de fixation du fer'], es: ['capacidad total de fijacion de hierro'], it: ['capacita ferrolegante totale'], pt: ['capacidade total de ligacao do ferro'], tr: ['tdbk', 'total demir baglama kapasitesi'] }, units: ['ug/dL', 'mcg/dL', 'µg/dL', 'umol/L'], plausible: [50, 1000] },
	{ code: 'transferrin_saturation', name: 'Transferrin Saturation', category: 'iron', loinc: '2502-3', ucum: '%', aliases: ['transferrin saturation', 'iron saturation', 'tsat', '% saturation'], labels: { de: ['transferrinsattigung'], fr: ['coefficient de saturation de la transferrine'], es: ['saturacion de transferrina'], it: ['saturazione della transferrina'], pt: ['saturacao da transferrina'], tr: ['transferrin saturasyonu'] }, units: ['%'], plausible: [1, 100] },
	{ code: 'transferrin', name: 'Transferrin', category: 'iron', loinc: '3034-6', ucum: 'mg/dL', aliases: ['transferrin'], labels: { de: ['transferrin'], fr: ['transferrine'], es: ['transferrina'], it: ['transferrina'], pt: ['transferrina'], tr: ['transferrin'] }, units: ['mg/dL', 'g/L'], plausible: [0.5, 1000] },
	{ code: 'ck_mb', name: 'CK-MB', category: 'chemistry', loinc: '13969-1', ucum: 'ng/mL', aliases: ['ck mb', 'ckmb', 'creatine kinase mb', 'ck mb mass', 'creatine kinase mb fraction'], labels: { de: ['ck mb'], fr: ['ck mb'], es: ['ck mb'], it: ['ck mb'], pt: ['ck mb'], tr: ['ck mb'] }, units: ['ng/mL', 'ug/L', 'µg/L', 'U/L', 'IU/L'], plausible: [0, 5000] },
	{ code: 'troponin_i', name: 'Troponin I', category: 'chemistry', loinc: '10839-9', ucum: 'ng/mL', aliases: ['troponin i', 'cardiac troponin i', 'ctni', 'tni', 'troponin i hs', 'hs troponin i', 'high sensitivity troponin i', 'cardiac troponin i high sensitivity', 'troponin i high sensitivity'], labels: { de: ['troponin i'], fr: ['troponine i'], es: ['troponina i'], it: ['troponina i'], pt: ['troponina i'], tr: ['troponin i'] }, units: ['ng/mL', 'ng/L', 'pg/mL', 'ug/L', 'µg/L'], plausible: [0, 100000] },
	{ code: 'nt_probnp', name: 'NT-proBNP', category: 'chemistry', loinc: '33762-6', ucum: 'pg/mL', aliases: ['nt probnp', 'ntprobnp', 'nt pro bnp', 'n terminal pro bnp', 'n terminal probnp'], labels: { de: ['nt probnp'], fr: ['nt probnp'], es: ['nt probnp'], it: ['nt probnp'], pt: ['nt probnp'], tr: ['nt probnp'] }, units: ['pg/mL', 'ng/L'], plausible: [0, 200000] },
	{ code: 'bnp', name: 'BNP', category: 'chemistry', loinc: '30934-4', ucum: 'pg/mL', aliases: ['bnp', 'b type natriuretic peptide', 'brain natriuretic peptide'], labels: { de: ['bnp'], fr: ['bnp'], es: ['bnp'], it: ['bnp'], pt: ['bnp'], tr: ['bnp'] }, units: ['pg/mL', 'ng/L'], plausible: [0, 50000] },
	{ code: 'myoglobin', name: 'Myoglobin', category: 'chemistry', loinc: '2639-3', ucum: 'ng/mL', aliases: ['myoglobin', 'serum myoglobin'], labels: { de: ['myoglobin'], fr: ['myoglobine'], es: ['mioglobina'], it: ['mioglobina'], pt: ['mioglobina'], tr: ['miyoglobin'] }, units: ['ng/mL', 'ug/L', 'µg/L'], plausible: [0, 100000] },
	{ code: 'ferritin', name: 'Ferritin', category: 'iron', loinc: '2276-4', ucum: 'ng/mL', aliases: ['ferritin', 'serum ferritin', 'ferritin serum', 'ferritin iron storage'], labels: { de: ['ferritin'], fr: ['ferritine'], es: ['ferritina'], it: ['ferritina'], pt: ['ferritina'], tr: ['ferritin'] }, units: ['ng/mL', 'ug/L', 'µg/L'], plausible: [1, 10000] },
	{ code: 'vitamin_d', name: 'Vitamin D, 25-OH', category: 'vitamins', loinc: '62292-8', ucum: 'ng/mL', aliases: ['vitamin d 25 oh', 'vitamin d 25 oh total', 'vitamin d', '25 oh vitamin d', '25 hydroxy vitamin d', 'vitamin d 25 hydroxy', '25 hydroxyvitamin d', 'vitamin d3', '25 oh vitamin d3', 'vitamin d total', 'vitamin d 25 hydroxy total'], labels: { de: ['25 oh vitamin d3', '25 oh vitamin d', 'vitamin d3 25 oh', 'vitamin d'], fr: ['vitamine d', 'vitamine d 25 oh', '25 oh vitamine d'], es: ['vitamina d', 'vitamina d 25 oh', '25 oh vitamina d'], it: ['vitamina d', 'vitamina d 25 oh', '25 oh vitamina d'], pt: ['vitamina d', 'vitamina d 25 oh', '25 oh vitamina d', '25 hidroxivitamina d'], tr: ['25 oh vitamin d', 'vitamin d'] }, units: ['ng/mL', 'nmol/L'], plausible: [1, 500] },
	{ code: 'vitamin_b12', name: 'Vitamin B12', category: 'vitamins', loinc: '2132-9', loincMolar: '14685-2', ucum: 'pg/mL', aliases: ['vitamin b12', 'b12', 'cobalamin', 'vitamin b12 cobalamin', 'cyanocobalamin'], labels: { de: ['vitamin b12'], fr: ['vitamine b12'], es: ['vitamina b12'], it: ['vitamina b12'], pt: ['vitamina b12'], tr: ['vitamin b12', 'b12 vitamini'] }, units: ['pg/mL', 'pmol/L'], plausible: [20, 5000] },
	{ code: 'folate', name: 'Folate', category: 'vitamins', loinc: '2284-8', ucum: 'ng/mL', aliases: ['folate', 'folic acid', 'serum folate'], labels: { de: ['folsaure'], fr: ['folates', 'acide folique'], es: ['acido folico', 'folato'], it: ['acido folico', 'folati'], pt: ['acido folico', 'folato'], tr: ['folik asit', 'folat'] }, units: ['ng/mL', 'nmol/L'], plausible: [0.5, 100] },
	// inflammation
	{ code: 'crp', name: 'C-Reactive Protein', category: 'inflammation', loinc: '1988-5', loincByWord: { hs: ['30522-7'], hscrp: ['30522-7'], 'high sensitivity': ['30522-7'] }, ucum: 'mg/L', aliases: ['c reactive protein', 'crp', 'hs crp', 'hscrp', 'c reactive protein crp', 'high sensitivity crp', 'crp quantitative'], labels: { de: ['crp', 'c reaktives protein'], fr: ['crp', 'proteine c reactive'], es: ['pcr', 'proteina c reactiva'], it: ['pcr', 'proteina c reattiva'], pt: ['pcr', 'proteina c reativa'], tr: ['crp', 'c reaktif protein'] }, units: ['mg/L', 'mg/dL'], plausible: [0, 500] },
	// serology with quantitative results
	{ code: 'hbsag', name: 'Hepatitis B surface antigen', category: 'serology', loinc: null, ucum: '[IU]/mL', aliases: ['hbsag', 'hepatitis b surface antigen', 'hbs ag', 'hbsag quantitative', 'australia antigen', 'hepatitis b surface antigen hbsag'], labels: { de: ['hbs antigen'], fr: ['antigene hbs'], es: ['antigeno de superficie hepatitis b'], it: ['hbsag'], pt: ['hbsag', 'antigeno hbs'], tr: ['hbsag'] }, units: ['IU/mL', 'S/CO', 'COI', 'index'], plausible: [0, 1000000] },
	{ code: 'anti_hbs', name: 'Hepatitis B surface antibody', category: 'serology', loinc: '16935-9', ucum: 'm[IU]/mL', aliases: ['anti hbs', 'hbsab', 'hepatitis b surface antibody', 'anti hbs antibody', 'hbs antibody'], labels: { de: ['anti hbs'], fr: ['anticorps anti hbs'], es: ['anti hbs'], it: ['anti hbs'], pt: ['anti hbs'], tr: ['anti hbs'] }, units: ['mIU/mL', 'IU/L'], plausible: [0, 100000] },
	// urinalysis
	{ code: 'urine_specific_gravity', name: 'Urine specific gravity', category: 'urinalysis', loinc: '5811-5', ucum: '1', aliases: ['specific gravity', 'urine specific gravity', 'specific gravity urine', 'sp gravity', 'specific gravity of urine', 'specific gravity of urine by test strip'], labels: { de: ['spezifisches gewicht'], fr: ['densite urinaire', 'densite'], es: ['densidad'], it: ['peso specifico'], pt: ['densidade'], tr: ['dansite'] }, units: [], plausible: [1, 1.1] },
	{ code: 'urine_ph', name: 'Urine pH', category: 'urinalysis', loinc: '5803-2', ucum: '[pH]', aliases: ['urine ph', 'ph urine', 'ph', 'ph of urine', 'ph of urine by test strip', 'reaction ph'], labels: { de: ['ph wert', 'ph'], fr: ['ph urinaire', 'ph'], es: ['ph'], it: ['ph'], pt: ['ph'], tr: ['ph'] }, units: [], plausible: [4, 10] },
	// vital signs and body measures
	{ code: 'systolic_bp', name: 'Systolic Blood Pressure', category: 'vitals', loinc: '8480-6', ucum: 'mm[Hg]', aliases: [], units: ['mmHg'], plausible: [50, 300] },
	{ code: 'diastolic_bp', name: 'Diastolic Blood Pressure', category: 'vitals', loinc: '8462-4', ucum: 'mm[Hg]', aliases: [], units: ['mmHg'], plausible: [20, 200] },
	{ code: 'heart_rate', name: 'Heart Rate', category: 'vitals', loinc: '8867-4', ucum: '/min', aliases: ['pulse', 'heart rate', 'hr', 'pulse rate'], labels: { de: ['puls', 'herzfrequenz'], fr: ['pouls', 'frequence cardiaque'], es: ['pulso', 'frecuencia cardiaca'], it: ['polso', 'frequenza cardiaca'], pt: ['pulso', 'frequencia cardiaca'], tr: ['nabiz'] }, units: ['bpm', '/min'], plausible: [20, 250] },
	{ code: 'respiratory_rate', name: 'Respiratory Rate', category: 'vitals', loinc: '9279-1', ucum: '/min', aliases: ['respiratory rate', 'resp rate', 'respirations', 'resp', 'rr'], units: ['/min', 'breaths/min'], plausible: [4, 80] },
	{ code: 'temperature', name: 'Temperature', category: 'vitals', loinc: '8310-5', ucum: '[degF]', aliases: ['temp', 'temperature', 'body temperature'], labels: { de: ['temperatur'], fr: ['temperature'], es: ['temperatura'], it: ['temperatura'], pt: ['temperatura'], tr: ['ates'] }, units: ['F', 'C'], plausible: [30, 110] },
	{ code: 'spo2', name: 'SpO2', category: 'vitals', loinc: '59408-5', ucum: '%', aliases: ['spo2', 'sp02', 'o2 sat', 'oxygen saturation', 'pulse ox'], units: ['%'], plausible: [40, 100] },
	{ code: 'weight', name: 'Weight', category: 'vitals', loinc: '29463-7', ucum: '[lb_av]', aliases: ['weight', 'wt', 'body weight'], labels: { de: ['gewicht', 'korpergewicht'], fr: ['poids'], es: ['peso'], it: ['peso'], pt: ['peso'], tr: ['kilo'] }, units: ['lb', 'kg', 'lbs'], plausible: [1, 1000] },
	{ code: 'height', name: 'Height', category: 'vitals', loinc: '8302-2', ucum: '[in_i]', aliases: ['height', 'ht', 'body height'], labels: { de: ['grosse', 'korpergrosse'], fr: ['taille'], es: ['talla', 'altura'], it: ['altezza'], pt: ['altura'], tr: ['boy'] }, units: ['in', 'cm'], plausible: [10, 250] },
	{ code: 'bmi', name: 'BMI', category: 'vitals', loinc: '39156-5', ucum: 'kg/m2', aliases: ['bmi', 'body mass index', 'body mass index bmi'], labels: { de: ['bmi'], fr: ['imc'], es: ['imc'], it: ['imc', 'bmi'], pt: ['imc'], tr: ['vki'] }, units: ['kg/m2', 'kg/m²'], plausible: [8, 100] },
	{ code: 'waist', name: 'Waist circumference', category: 'vitals', loinc: '8280-0', ucum: '[in_i]', aliases: ['waist', 'waist circumference'], units: ['in', 'cm'], plausible: [10, 100] },
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
 * Lower case, accents and British spellings folded, punctuation turned into
 * spaces, spelled-out initials joined: 'Haemoglobin A1c' and 'HEMOGLOBIN A1C'
 * both give 'hemoglobin a1c', 'S.G.O.T.' gives 'sgot', 'Hämoglobin' gives
 * 'hamoglobin'.
 */
export function normaliseAnalyteName(name: string): string {
	return name
		.replace(/ı/g, 'i')
		.replace(/İ/g, 'I')
		.replace(/ß/g, 'ss')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/haem/g, 'hem')
		.replace(/oesin/g, 'eosin')
		.replace(/[^a-z0-9%#]+/g, ' ')
		.trim()
		.replace(/\b[a-z](?: [a-z]\b)+/g, (letters) => letters.replace(/ /g, ''))
}

/** Every name of an analyte: code, English aliases, labels in other languages. */
export function namesOf(analyte: Analyte): string[] {
	return [analyte.code.replace(/_/g, ' '), ...analyte.aliases, ...Object.values(analyte.labels ?? {}).flat()]
}

const aliasIndex: Map<string, Analyte> = (() => {
	const index = new Map<string, Analyte>()
	for (const analyte of ANALYTES) {
		for (const alias of namesOf(analyte)) {
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
	if (analyte) return { kind: 'analyte', analyte }
	return lookupPairedName(name)
}

/**
 * An abbreviation joined to a name in another language ('HGB-Hemoglobin',
 * 'RBC-Alyuvarlar', 'NEU%-Nötrofil'): the pair stands for the analyte both
 * parts (or the one part known) name.
 */
function lookupPairedName(name: string): AnalyteMatch | null {
	const pair = /^\s*([A-Za-z][A-Za-z0-9%#.]{0,9})\s*[-–/]\s*([^\d\s].*)$/.exec(name)
	if (!pair) return null
	const first = aliasIndex.get(normaliseAnalyteName(pair[1]))
	const second = aliasIndex.get(normaliseAnalyteName(pair[2]))
	if (first && second && first !== second) return null
	const analyte = first ?? second
	return analyte ? { kind: 'analyte', analyte } : null
}

/**
 * The LOINC code for a result: a code particular to a word of the printed
 * name ('fasting glucose', 'glicemia de jejum'), else the molar code when the unit is a substance
 * concentration, else the analyte's code.
 */
export function loincFor(analyte: Analyte, printedName: string, isMolarUnit: boolean): string | null {
	const key = normaliseAnalyteName(printedName)
	const particular = Object.entries(analyte.loincByWord ?? {}).find(([word]) => ` ${key} `.includes(` ${word} `))?.[1]
	if (particular) return (isMolarUnit ? particular[1] : undefined) ?? particular[0]
	return (isMolarUnit ? analyte.loincMolar : undefined) ?? analyte.loinc
}

/** A comparison key for unit spellings: case and spaces ignored, µ as u. */
export function normaliseUnitKey(unit: string): string {
	return unit.toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '')
}

/** Two rows of the edit-distance table, reused (names are short; grown when one is not). */
let previousRow = new Int32Array(64)
let currentRow = new Int32Array(64)

/** The edit distance between a and b when it is at most `limit`, else limit + 1 (the table given up on early). */
function editDistanceAtMost(a: string, b: string, limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1
	if (b.length + 1 > previousRow.length) {
		previousRow = new Int32Array(b.length + 1)
		currentRow = new Int32Array(b.length + 1)
	}
	let previous = previousRow
	let current = currentRow
	for (let j = 0; j <= b.length; j++) previous[j] = j
	for (let i = 1; i <= a.length; i++) {
		current[0] = i
		let rowMin = i
		const letter = a.charCodeAt(i - 1)
		for (let j = 1; j <= b.length; j++) {
			const substitution = previous[j - 1] + (letter === b.charCodeAt(j - 1) ? 0 : 1)
			const value = Math.min(previous[j] + 1, current[j - 1] + 1, substitution)
			current[j] = value
			if (value < rowMin) rowMin = value
		}
		if (rowMin > limit) return limit + 1
		;[previous, current] = [current, previous]
	}
	return Math.min(previous[b.length], limit + 1)
}

/**
 * For OCR text: the analyte whose alias is within one edit (two for names
 * of 12 letters or more) of the printed name; only names of 6 letters or
 * more, and only when exactly one analyte is that close.
 */
export function lookupAnalyteNameApproximately(name: string): AnalyteMatch | null {
	const key = normaliseAnalyteName(name)
	if (key.replace(/ /g, '').length < 6) return null
	return lookupApproximately(key)
}

/** Remembered by name: a page's candidate names are looked up again and again (by the reading score, then by the extraction). */
const lookupApproximately = remembered((key: string): AnalyteMatch | null => {
	const exact = lookupAnalyteName(key)
	if (exact) return exact
	const limit = key.length >= 12 ? 2 : 1
	const found = new Set<Analyte>()
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 6) continue
		if (editDistanceAtMost(key, alias, limit) <= limit) found.add(analyte)
	}
	const bloodPressure = [...bloodPressureAliases].some((alias) => alias.length >= 6 && editDistanceAtMost(key, alias, limit) <= limit)
	if (bloodPressure && found.size === 0) return { kind: 'blood_pressure' }
	if (found.size !== 1) return null
	return { kind: 'analyte', analyte: [...found][0] }
})

/**
 * For OCR text, a looser match to be confirmed by the rest of the row: the
 * one analyte whose alias is within a quarter of the name's letters
 * ('Eahon Dioxide' for 'Carbon Dioxide'); names of 8 letters or more only.
 */
export function lookupAnalyteNameLoosely(name: string): { kind: 'analyte'; analyte: Analyte } | null {
	const key = normaliseAnalyteName(name)
	if (key.replace(/ /g, '').length < 8) return null
	return lookupLoosely(key)
}

const lookupLoosely = remembered((key: string): { kind: 'analyte'; analyte: Analyte } | null => {
	const limit = Math.ceil(key.length / 4)
	let best: Analyte | null = null
	let bestDistance = Number.POSITIVE_INFINITY
	let isTie = false
	for (const [alias, analyte] of aliasIndex) {
		if (alias.length < 8) continue
		const distance = editDistanceAtMost(key, alias, limit)
		if (distance > limit) continue
		if (distance < bestDistance) {
			best = analyte
			bestDistance = distance
			isTie = false
		} else if (distance === bestDistance && analyte !== best) {
			isTie = true
		}
	}
	return best && !isTie ? { kind: 'analyte', analyte: best } : null
})
