/**
 * What the generated corpus prints: for each analyte its canonical code (the
 * answer the extractor must give), names as reports in several styles and
 * languages print them, unit spellings and a reference range. Written from
 * how real reports print them, independently of the extractor's vocabulary.
 * Test support only.
 */

export type Style = 'us' | 'uk' | 'in' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'tr'

export type CorpusAnalyte = {
	code: string
	/** printed names per style ('us' is the fallback) */
	names: Partial<Record<Style, string[]>>
	/** printed unit spellings per style ('us' is the fallback) */
	units: Partial<Record<Style, string[]>>
	/** reference range per style ('us' is the fallback); a missing bound is printed as '<' / '>' */
	range: Partial<Record<Style, [number | null, number | null]>>
	decimals: number
	panel: 'cbc' | 'chem' | 'lipid' | 'liver' | 'thyroid' | 'other'
	/** a cell count also printed per cubic millimetre (value x 1000, thousands separators) */
	perCubicMm?: string[]
}

const PCT = ['%']

export const CORPUS_ANALYTES: CorpusAnalyte[] = [
	{
		code: 'hemoglobin',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['Hemoglobin', 'HGB', 'Hemoglobin (HGB)'], uk: ['Haemoglobin', 'Hb'], in: ['HAEMOGLOBIN', 'Haemoglobin (Hb)'], de: ['Hämoglobin'], fr: ['Hémoglobine'], es: ['Hemoglobina'], it: ['Emoglobina'], pt: ['Hemoglobina'], tr: ['HGB-Hemoglobin'] },
		units: { us: ['g/dL'], uk: ['g/L'], in: ['gm / dl', 'g/dl'], de: ['g/dl'], fr: ['g/dL'], tr: ['g/dL'] },
		range: { us: [13.5, 17.5], uk: [130, 175] },
	},
	{
		code: 'wbc',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['WBC', 'White Blood Cell Count', 'White Blood Cells'], uk: ['White cell count', 'WBC'], in: ['TOTAL LEUKOCYTE COUNT', 'Total WBC Count'], de: ['Leukozyten'], fr: ['Leucocytes'], es: ['Leucocitos'], it: ['Leucociti', 'Globuli bianchi'], pt: ['Leucócitos'], tr: ['WBC-Akyuvarlar'] },
		units: { us: ['K/uL', 'x10^3/uL', 'Thousand/uL'], uk: ['10^9/L', 'x10^9/L'], in: ['Thous/cu.mm', '10^3/uL'], de: ['Tsd/µl', '/nl'], fr: ['G/L'], es: ['x10^3/µL'], it: ['x10^3/µL'], pt: ['mil/mm3'], tr: ['Bin/µL'] },
		range: { us: [4.5, 11.0], in: [4.0, 11.0] },
		perCubicMm: ['/cumm', 'cells/cumm', 'cells/mcL'],
	},
	{
		code: 'rbc',
		panel: 'cbc',
		decimals: 2,
		names: { us: ['RBC', 'Red Blood Cell Count'], uk: ['Red cell count', 'RBC'], in: ['R.B.C. COUNT', 'RBC Count'], de: ['Erythrozyten'], fr: ['Hématies', 'Érythrocytes'], es: ['Hematíes', 'Eritrocitos'], it: ['Eritrociti', 'Globuli rossi'], pt: ['Eritrócitos', 'Hemácias'], tr: ['RBC-Alyuvarlar'] },
		units: { us: ['M/uL', 'x10^6/uL', 'Million/uL'], uk: ['10^12/L'], in: ['mill/cumm', 'Mil/cu.mm'], de: ['Mio/µl', '/pl'], fr: ['T/L'], es: ['x10^6/µL'], it: ['x10^6/µL'], pt: ['milhões/mm3'], tr: ['Milyon/µL'] },
		range: { us: [4.5, 5.9] },
	},
	{
		code: 'hematocrit',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['Hematocrit', 'HCT'], uk: ['Haematocrit', 'HCT'], in: ['Packed Cell Volume (PCV)', 'PCV'], de: ['Hämatokrit'], fr: ['Hématocrite'], es: ['Hematocrito'], it: ['Ematocrito'], pt: ['Hematócrito'], tr: ['HCT-Hematokrit'] },
		units: { us: PCT, uk: ['L/L', '%'], in: ['%', 'Percent'] },
		range: { us: [41, 53], uk: [0.4, 0.52] },
	},
	{
		code: 'mcv',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['MCV', 'Mean Corpuscular Volume'], in: ['MEAN CORPUSCULAR VOLUME', 'M.C.V.'], de: ['MCV'], fr: ['VGM'], es: ['VCM'], it: ['MCV'], pt: ['VCM'], tr: ['MCV'] },
		units: { us: ['fL'], in: ['fl', 'fL'] },
		range: { us: [80, 100] },
	},
	{
		code: 'mch',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['MCH', 'Mean Corpuscular Hemoglobin'], in: ['MEAN CELL HAEMOGLOBIN', 'M.C.H.'], de: ['MCH'], fr: ['TCMH'], es: ['HCM'], it: ['MCH'], pt: ['HCM'], tr: ['MCH'] },
		units: { us: ['pg'] },
		range: { us: [27, 33] },
	},
	{
		code: 'mchc',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['MCHC', 'Mean Corpuscular Hgb Conc'], in: ['MEAN CELL HAEMOGLOBIN CON', 'M.C.H.C.'], de: ['MCHC'], fr: ['CCMH'], es: ['CHCM'], it: ['MCHC'], pt: ['CHCM'], tr: ['MCHC'] },
		units: { us: ['g/dL'], in: ['gm / dl', 'g/dl'], uk: ['g/L'] },
		range: { us: [32, 36], uk: [320, 360] },
	},
	{
		code: 'platelets',
		panel: 'cbc',
		decimals: 0,
		names: { us: ['Platelets', 'Platelet Count', 'PLT'], in: ['PLATELET COUNT'], de: ['Thrombozyten'], fr: ['Plaquettes'], es: ['Plaquetas'], it: ['Piastrine'], pt: ['Plaquetas'], tr: ['PLT-Trombosit'] },
		units: { us: ['K/uL', 'x10^3/uL', 'Thousand/uL'], uk: ['10^9/L'], in: ['Thous/cu.mm', '10^3/uL'], de: ['Tsd/µl'], fr: ['G/L'], es: ['x10^3/µL'], it: ['x10^3/µL'], pt: ['mil/mm3'], tr: ['Bin/µL'] },
		range: { us: [150, 400] },
		perCubicMm: ['/cumm', 'cumm'],
	},
	{
		code: 'neutrophils_pct',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['Neutrophils', 'Neutrophils %'], in: ['NEUTROPHILS'], de: ['Neutrophile'], fr: ['Polynucléaires neutrophiles'], es: ['Neutrófilos'], it: ['Neutrofili'], pt: ['Neutrófilos'], tr: ['NEU%-Nötrofil'] },
		units: { us: PCT },
		range: { us: [40, 70] },
	},
	{
		code: 'lymphocytes_pct',
		panel: 'cbc',
		decimals: 1,
		names: { us: ['Lymphocytes', 'Lymphs'], in: ['LYMPHOCYTES'], de: ['Lymphozyten'], fr: ['Lymphocytes'], es: ['Linfocitos'], it: ['Linfociti'], pt: ['Linfócitos'], tr: ['LYM%-Lenfosit'] },
		units: { us: PCT },
		range: { us: [20, 45] },
	},
	{
		code: 'eosinophils_pct',
		panel: 'cbc',
		decimals: 0,
		names: { us: ['Eosinophils', 'Eos'], in: ['EOSINOPHILS'], de: ['Eosinophile'], fr: ['Polynucléaires éosinophiles'], es: ['Eosinófilos'], it: ['Eosinofili'], pt: ['Eosinófilos'], tr: ['EOS%-Eozinofil'] },
		units: { us: PCT },
		range: { us: [1, 6], in: [0, 6] },
	},
	{
		code: 'neutrophils_abs',
		panel: 'cbc',
		decimals: 2,
		names: { us: ['Absolute Neutrophils', 'Neutrophils, Absolute'], in: ['Absolute Neutrophil Count'], de: ['Neutrophile absolut'] },
		units: { us: ['K/uL', 'x10^3/uL'], uk: ['10^9/L'], in: ['10^3/uL'], de: ['Tsd/µl'] },
		range: { us: [1.8, 7.7] },
	},
	{
		code: 'glucose',
		panel: 'chem',
		decimals: 0,
		names: { us: ['Glucose', 'Glucose, Serum'], uk: ['Glucose'], in: ['Blood Sugar (Fasting)', 'GLUCOSE FASTING'], de: ['Glukose', 'Glucose'], fr: ['Glycémie à jeun', 'Glucose'], es: ['Glucosa'], it: ['Glicemia'], pt: ['Glicose', 'Glicemia de jejum'], tr: ['Glukoz'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl', 'mg/dl'], de: ['mg/dl'], fr: ['g/L'], es: ['mg/dL'], it: ['mg/dL'], pt: ['mg/dL'], tr: ['mg/dL'] },
		range: { us: [70, 99], uk: [3.9, 5.5], fr: [0.7, 1.1] },
	},
	{
		code: 'creatinine',
		panel: 'chem',
		decimals: 2,
		names: { us: ['Creatinine', 'Creatinine, Serum'], in: ['SERUM CREATININE', 'Creatinine'], de: ['Kreatinin'], fr: ['Créatinine'], es: ['Creatinina'], it: ['Creatinina'], pt: ['Creatinina'], tr: ['Kreatinin'] },
		units: { us: ['mg/dL'], uk: ['umol/L', 'µmol/L'], in: ['mg / dl', 'mg/dl'], de: ['mg/dl'], fr: ['µmol/L'], es: ['mg/dL'], it: ['mg/dL'], pt: ['mg/dL'], tr: ['mg/dL'] },
		range: { us: [0.7, 1.3], uk: [59, 104], fr: [59, 104] },
	},
	{
		code: 'bun',
		panel: 'chem',
		decimals: 0,
		names: { us: ['BUN', 'Urea Nitrogen (BUN)', 'Blood Urea Nitrogen'], in: ['BLOOD UREA NITROGEN'] },
		units: { us: ['mg/dL'], in: ['mg / dl'] },
		range: { us: [7, 20] },
	},
	{
		code: 'urea',
		panel: 'chem',
		decimals: 1,
		names: { us: ['Urea'], uk: ['Urea'], in: ['BLOOD UREA', 'Urea'], de: ['Harnstoff'], fr: ['Urée'], es: ['Urea'], it: ['Urea', 'Azotemia'], pt: ['Ureia'], tr: ['Üre'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['mmol/L'] },
		range: { us: [15, 40], uk: [2.5, 7.8], fr: [2.5, 7.5] },
	},
	{
		code: 'sodium',
		panel: 'chem',
		decimals: 0,
		names: { us: ['Sodium', 'Sodium, Serum'], in: ['SODIUM (Na+)'], de: ['Natrium'], fr: ['Sodium'], es: ['Sodio'], it: ['Sodio'], pt: ['Sódio'], tr: ['Sodyum'] },
		units: { us: ['mmol/L', 'mEq/L'], de: ['mmol/l'] },
		range: { us: [136, 145] },
	},
	{
		code: 'potassium',
		panel: 'chem',
		decimals: 1,
		names: { us: ['Potassium'], in: ['POTASSIUM (K+)'], de: ['Kalium'], fr: ['Potassium'], es: ['Potasio'], it: ['Potassio'], pt: ['Potássio'], tr: ['Potasyum'] },
		units: { us: ['mmol/L', 'mEq/L'], de: ['mmol/l'] },
		range: { us: [3.5, 5.1] },
	},
	{
		code: 'calcium',
		panel: 'chem',
		decimals: 1,
		names: { us: ['Calcium', 'Calcium, Total'], in: ['CALCIUM'], de: ['Calcium'], fr: ['Calcium'], es: ['Calcio'], it: ['Calcio'], pt: ['Cálcio'], tr: ['Kalsiyum'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mmol/l'], fr: ['mmol/L'] },
		range: { us: [8.6, 10.3], uk: [2.2, 2.6], de: [2.2, 2.6], fr: [2.2, 2.6] },
	},
	{
		code: 'total_cholesterol',
		panel: 'lipid',
		decimals: 0,
		names: { us: ['Cholesterol, Total', 'Total Cholesterol'], in: ['SERUM CHOLESTEROL', 'TOTAL CHOLESTEROL'], de: ['Cholesterin gesamt', 'Gesamtcholesterin'], fr: ['Cholestérol total'], es: ['Colesterol total'], it: ['Colesterolo totale'], pt: ['Colesterol total'], tr: ['Total Kolesterol'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['g/L'] },
		range: { us: [null, 200], uk: [null, 5], fr: [null, 2] },
	},
	{
		code: 'hdl',
		panel: 'lipid',
		decimals: 0,
		names: { us: ['HDL Cholesterol', 'HDL-C'], in: ['H.D.L. CHOLESTEROL', 'HDL CHOLESTEROL DIRECT'], de: ['HDL-Cholesterin'], fr: ['Cholestérol HDL'], es: ['Colesterol HDL'], it: ['Colesterolo HDL'], pt: ['Colesterol HDL'], tr: ['HDL Kolesterol'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['g/L'] },
		range: { us: [40, null], uk: [1, null], fr: [0.4, null] },
	},
	{
		code: 'ldl',
		panel: 'lipid',
		decimals: 0,
		names: { us: ['LDL Cholesterol Calc', 'LDL-C'], in: ['L.D.L. CHOLESTEROL'], de: ['LDL-Cholesterin'], fr: ['Cholestérol LDL'], es: ['Colesterol LDL'], it: ['Colesterolo LDL'], pt: ['Colesterol LDL'], tr: ['LDL Kolesterol'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['g/L'] },
		range: { us: [null, 100], uk: [null, 3], fr: [null, 1.6] },
	},
	{
		code: 'triglycerides',
		panel: 'lipid',
		decimals: 0,
		names: { us: ['Triglycerides'], in: ['SERUM TRIGLYCERIDES', 'TRIGLYCERIDES'], de: ['Triglyceride'], fr: ['Triglycérides'], es: ['Triglicéridos'], it: ['Trigliceridi'], pt: ['Triglicérides', 'Triglicerídeos'], tr: ['Trigliserit'] },
		units: { us: ['mg/dL'], uk: ['mmol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['g/L'] },
		range: { us: [null, 150], uk: [null, 1.7], fr: [null, 1.5] },
	},
	{
		code: 'ast',
		panel: 'liver',
		decimals: 0,
		names: { us: ['AST', 'AST (SGOT)'], in: ['S.G.O.T.', 'SGOT (AST)'], de: ['GOT (AST)', 'ASAT'], fr: ['ASAT (TGO)'], es: ['GOT (AST)'], it: ['AST (GOT)'], pt: ['TGO (AST)'], tr: ['AST'] },
		units: { us: ['U/L'], in: ['U / L', 'IU / L'], de: ['U/l'], fr: ['UI/L'] },
		range: { us: [10, 40], in: [null, 46] },
	},
	{
		code: 'alt',
		panel: 'liver',
		decimals: 0,
		names: { us: ['ALT', 'ALT (SGPT)'], in: ['S.G.P.T.', 'SGPT (ALT)'], de: ['GPT (ALT)', 'ALAT'], fr: ['ALAT (TGP)'], es: ['GPT (ALT)'], it: ['ALT (GPT)'], pt: ['TGP (ALT)'], tr: ['ALT'] },
		units: { us: ['U/L'], in: ['U / L', 'IU / L'], de: ['U/l'], fr: ['UI/L'] },
		range: { us: [7, 56], in: [null, 49] },
	},
	{
		code: 'ggt',
		panel: 'liver',
		decimals: 0,
		names: { us: ['GGT', 'Gamma-Glutamyl Transferase'], in: ['G.G.T.P', 'GAMMA GT'], de: ['Gamma-GT'], fr: ['Gamma GT'], es: ['GGT'], it: ['Gamma GT'], pt: ['Gama GT'], tr: ['GGT'] },
		units: { us: ['U/L'], in: ['U / L'], de: ['U/l'], fr: ['UI/L'] },
		range: { us: [8, 61] },
	},
	{
		code: 'bilirubin_total',
		panel: 'liver',
		decimals: 1,
		names: { us: ['Bilirubin, Total', 'Total Bilirubin'], in: ['BILIRUBIN TOTAL'], de: ['Bilirubin gesamt'], fr: ['Bilirubine totale'], es: ['Bilirrubina total'], it: ['Bilirubina totale'], pt: ['Bilirrubina total'], tr: ['Total Bilirubin'] },
		units: { us: ['mg/dL'], uk: ['umol/L'], in: ['mg / dl'], de: ['mg/dl'], fr: ['µmol/L'] },
		range: { us: [0.1, 1.2], uk: [3, 21], fr: [3, 21] },
	},
	{
		code: 'albumin',
		panel: 'liver',
		decimals: 1,
		names: { us: ['Albumin'], in: ['ALBUMIN'], de: ['Albumin'], fr: ['Albumine'], es: ['Albúmina'], it: ['Albumina'], pt: ['Albumina'], tr: ['Albümin'] },
		units: { us: ['g/dL'], uk: ['g/L'], in: ['gm / dl'], de: ['g/dl'], fr: ['g/L'] },
		range: { us: [3.5, 5.0], uk: [35, 50], fr: [35, 50] },
	},
	{
		code: 'ag_ratio',
		panel: 'liver',
		decimals: 2,
		names: { us: ['A/G Ratio'], in: ['A / G Ratio', 'A/G RATIO'] },
		units: { us: [''] },
		range: { us: [1.1, 2.5] },
	},
	{
		code: 'tsh',
		panel: 'thyroid',
		decimals: 2,
		names: { us: ['TSH', 'Thyroid Stimulating Hormone'], in: ['TSH (ULTRASENSITIVE)'], de: ['TSH basal'], fr: ['TSH'], es: ['TSH'], it: ['TSH'], pt: ['TSH'], tr: ['TSH'] },
		units: { us: ['uIU/mL', 'mIU/L'], uk: ['mU/L'], in: ['µIU/mL'], de: ['mU/l'], fr: ['mUI/L'] },
		range: { us: [0.4, 4.0] },
	},
	{
		code: 'hba1c',
		panel: 'other',
		decimals: 1,
		names: { us: ['Hemoglobin A1c', 'HbA1c'], uk: ['HbA1c'], in: ['GLYCOSYLATED HAEMOGLOBIN (HbA1c)'], de: ['HbA1c'], fr: ['Hémoglobine glyquée (HbA1c)'], es: ['Hemoglobina glicosilada'], it: ['Emoglobina glicata'], pt: ['Hemoglobina glicada'], tr: ['HbA1c'] },
		units: { us: ['%'], uk: ['mmol/mol'] },
		range: { us: [null, 5.7], uk: [20, 41] },
	},
	{
		code: 'vitamin_d',
		panel: 'other',
		decimals: 1,
		names: { us: ['25-Hydroxy Vitamin D', 'Vitamin D, 25-OH'], in: ['VITAMIN D (25-OH)'], de: ['25-OH-Vitamin D3'], fr: ['Vitamine D (25-OH)'], es: ['Vitamina D (25-OH)'], it: ['Vitamina D (25-OH)'], pt: ['Vitamina D (25-OH)'], tr: ['25-OH Vitamin D'] },
		units: { us: ['ng/mL'], uk: ['nmol/L'], in: ['ng/ml'], de: ['ng/ml'], fr: ['ng/mL'] },
		range: { us: [30, 100], uk: [50, 250] },
	},
	{
		code: 'crp',
		panel: 'other',
		decimals: 1,
		names: { us: ['C-Reactive Protein', 'CRP'], in: ['C-REACTIVE PROTEIN (CRP)'], de: ['CRP'], fr: ['Protéine C réactive'], es: ['Proteína C reactiva'], it: ['Proteina C reattiva'], pt: ['Proteína C reativa'], tr: ['CRP'] },
		units: { us: ['mg/L'], de: ['mg/l'] },
		range: { us: [null, 5] },
	},
	{
		code: 'ferritin',
		panel: 'other',
		decimals: 0,
		names: { us: ['Ferritin'], in: ['SERUM FERRITIN'], de: ['Ferritin'], fr: ['Ferritine'], es: ['Ferritina'], it: ['Ferritina'], pt: ['Ferritina'], tr: ['Ferritin'] },
		units: { us: ['ng/mL'], uk: ['ug/L'], de: ['ng/ml'], fr: ['µg/L'] },
		range: { us: [24, 336] },
	},
]

export function namesFor(analyte: CorpusAnalyte, style: Style): string[] {
	return analyte.names[style] ?? analyte.names.us!
}

export function unitsFor(analyte: CorpusAnalyte, style: Style): string[] {
	return analyte.units[style] ?? analyte.units.us!
}

/** The range for the style; a style without its own takes the UK range for SI units, else the US one. */
export function rangeFor(analyte: CorpusAnalyte, style: Style, unit: string): [number | null, number | null] {
	if (analyte.range[style]) return analyte.range[style]!
	if (analyte.range.uk && analyte.units.uk?.includes(unit)) return analyte.range.uk
	return analyte.range.us!
}
