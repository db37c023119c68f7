import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CRITICAL_VALUES } from './shared/critical-values.ts'
import {
	ANALYTE_CODES,
	ANALYTES,
	analyteInContext,
	findAnalyteByCode,
	lookupAbbreviatedName,
	lookupAnalyteName,
	lookupAnalyteNameApproximately,
	lookupAnalyteNameLoosely,
	namesOf,
	normaliseAnalyteName,
} from './analytes.ts'
import { expectedParameters, fixturesDir, loadManifest } from '#tests/support/fixture-manifest.ts'

const manifest = loadManifest(fixturesDir(path.resolve(import.meta.dirname, '../..')))

describe('analyte catalogue', () => {
	it('has unique lower snake case codes', () => {
		expect(new Set(ANALYTE_CODES).size).toBe(ANALYTE_CODES.length)
		for (const code of ANALYTE_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/)
	})

	it('holds every code the fixture manifest uses', () => {
		const codes = new Set(manifest.files.flatMap((file) => expectedParameters(file).map((parameter) => parameter.code)))
		for (const code of codes) expect(findAnalyteByCode(code), code).toBeDefined()
	})

	it('has the manifest critical thresholds', () => {
		for (const [code, threshold] of Object.entries(manifest.critical_thresholds)) {
			expect(findAnalyteByCode(code), code).toBeDefined()
			expect(CRITICAL_VALUES[code], code).toMatchObject({ low: threshold.low, high: threshold.high })
		}
	})

	it('gives every analyte a default unit or none, and a display name', () => {
		for (const analyte of ANALYTES) expect(analyte.name.length).toBeGreaterThan(1)
	})

	it('gives LOINC codes with a valid check digit', () => {
		const isValid = (loinc: string) => {
			const match = /^(\d{1,7})-(\d)$/.exec(loinc)
			if (!match) return false
			// LOINC's mod 10 check digit: every other digit from the right doubled, the digits summed
			const sum = [...match[1]].reverse().reduce((total, digit, index) => {
				const value = index % 2 === 0 ? Number(digit) * 2 : Number(digit)
				return total + Math.floor(value / 10) + (value % 10)
			}, 0)
			return (10 - (sum % 10)) % 10 === Number(match[2])
		}
		expect(isValid('2345-7')).toBe(true)
		expect(isValid('38476-3')).toBe(false)
		for (const analyte of ANALYTES) {
			for (const loinc of [analyte.loinc, analyte.loincMolar, ...Object.values(analyte.loincByWord ?? {}).flat()]) {
				if (loinc) expect(isValid(loinc), `${analyte.code} ${loinc}`).toBe(true)
			}
		}
	})

	it('gives every analyte a plausible span, and every absolute count its share (told apart by unit)', () => {
		for (const analyte of ANALYTES) {
			expect(analyte.plausible, analyte.code).toBeDefined()
			expect(analyte.plausible![0], analyte.code).toBeLessThan(analyte.plausible![1])
		}
		for (const code of ANALYTE_CODES.filter((item) => item.endsWith('_abs'))) expect(findAnalyteByCode(code.replace(/_abs$/, '_pct')), code).toBeDefined()
	})

	it('maps every name to its own analyte: no name stands for two', () => {
		for (const analyte of ANALYTES) {
			for (const name of namesOf(analyte))
				expect(lookupAnalyteName(name), `${name} (${analyte.code})`).toMatchObject({ kind: 'analyte', analyte: { code: analyte.code } })
		}
	})
})

describe('vocabulary of reports in other languages and of less common panels', () => {
	it.each([
		// hormones
		['Estradiol (E2)', 'estradiol'],
		['Östradiol', 'estradiol'],
		['Progesteron', 'progesterone'],
		['Prolaktyna', 'prolactin'],
		['LH', 'lh'],
		['FSH', 'fsh'],
		['Testosterone, Total', 'testosterone'],
		['Testosterona libre', 'testosterone_free'],
		['DHEA-SO4', 'dhea_s'],
		['SHBG', 'shbg'],
		['Kortyzol', 'cortisol'],
		['PTH intact', 'pth'],
		['Anti-Müllerian Hormone', 'amh'],
		['β-hCG', 'beta_hcg'],
		['Anti-TPO', 'anti_tpo'],
		['anty-TG', 'anti_tg'],
		['TRAK', 'trab'],
		// blood gases
		['pCO2', 'pco2'],
		['pO2', 'po2'],
		['sO2', 'so2'],
		['Saturación de O2', 'so2'],
		['HCO3 act', 'co2'],
		['Bicarbonato estándar', 'bicarbonate_standard'],
		['Exceso de bases', 'base_excess'],
		['BEecf', 'base_excess_ecf'],
		['Lactato', 'lactate'],
		['Ca2+', 'calcium_ionized'],
		['Calcio iónico', 'calcium_ionized'],
		['COHb', 'carboxyhemoglobin'],
		['MetHb', 'methemoglobin'],
		['pH arterial', 'blood_ph'],
		// blood count
		['RDW-SD', 'rdw_sd'],
		['RDW-CV', 'rdw'],
		['PDW', 'pdw'],
		['P-LCR', 'p_lcr'],
		['Plateletcrit', 'plateletcrit'],
		['IPF', 'ipf'],
		['MID', 'mid_pct'],
		['GRA #', 'granulocytes_abs'],
		['Reticulocytes', 'reticulocytes_pct'],
		['NRBC', 'nrbc_pct'],
		['Immature Granulocytes', 'ig_pct'],
		// immunology and others
		['IgE total', 'ige_total'],
		['IgG', 'igg'],
		['Complement C3', 'complement_c3'],
		['C4', 'complement_c4'],
		['Rheumafaktor', 'rheumatoid_factor'],
		['ASLO', 'aso'],
		['Homocysteine', 'homocysteine'],
		['Vitamin B6', 'vitamin_b6'],
		['Thiamine', 'vitamin_b1'],
		['Zinc', 'zinc'],
		['Procalcitonin', 'procalcitonin'],
		['Microalbumin, urine', 'microalbumin'],
		['Creatinine, urine', 'urine_creatinine'],
		['Albumin/Creatinine Ratio', 'albumin_creatinine_ratio'],
		['Cystatin C', 'cystatin_c'],
		['Ammonia', 'ammonia'],
		['Cholinesterase', 'cholinesterase'],
		['Lp(a)', 'lipoprotein_a'],
		['Apo A-I', 'apo_a1'],
		['Apolipoprotein B', 'apo_b'],
		['hs-CRP', 'crp'],
		['Free PSA', 'psa_free'],
		['CEA', 'cea'],
		['AFP', 'afp'],
		['CA-125', 'ca_125'],
		['CA 19-9', 'ca_19_9'],
		['C-Peptide', 'c_peptide'],
		['Indirect Bilirubin', 'bilirubin_indirect'],
		['Bilirrubina indirecta', 'bilirubin_indirect'],
		['LDL/HDL Ratio', 'ldl_hdl_ratio'],
		['ACTH', 'acth'],
		['IGF-1', 'igf_1'],
		['Growth Hormone', 'growth_hormone'],
		['Calcitonin', 'calcitonin'],
		['Beta-2 Microglobulin', 'beta2_microglobulin'],
		['Ceruloplasmin', 'ceruloplasmin'],
		['Haptoglobin', 'haptoglobin'],
		['HOMA-IR', 'homa_ir'],
		// names added to the basic analytes
		['Toplam Lökosit Sayımı', 'wbc'],
		['Ortalama Eritrosit Hacmi', 'mcv'],
		['Ortalama Eritrosit Hemoglobini', 'mch'],
		['Ortalama Eritrosit Hemoglobin Konsantrasyonu', 'mchc'],
		['Eritrosit Dağılım Genişliği', 'rdw'],
		['Trombosit', 'platelets'],
		['Granülosit', 'granulocytes_pct'],
		['Lenfosit Oranı', 'lymphocytes_pct'],
		['Volumen plaquetar medio', 'mpv'],
		['Fosfato', 'phosphorus'],
		['Alanina aminotransferasa', 'alt'],
		['Leukocyty', 'wbc'],
		['Erytrocyty', 'rbc'],
		['Płytki krwi', 'platelets'],
		['Glukoza', 'glucose'],
		['Białko C-reaktywne', 'crp'],
	])('%s is %s', (printed, code) => {
		expect(lookupAnalyteName(printed)).toMatchObject({ kind: 'analyte', analyte: { code } })
	})

	it('leaves out abbreviations that stand for two analytes, and keeps the old meaning of short names', () => {
		// plateletcrit on a blood count, procalcitonin elsewhere
		expect(lookupAnalyteName('PCT')).toBeNull()
		expect(lookupAnalyteName('Ca')).toMatchObject({ analyte: { code: 'calcium' } })
		expect(lookupAnalyteName('CRP')).toMatchObject({ analyte: { code: 'crp' } })
		expect(lookupAnalyteName('Oxygen saturation')).toMatchObject({ analyte: { code: 'spo2' } })
		expect(lookupAnalyteName('Lactate dehydrogenase')).toMatchObject({ analyte: { code: 'ldh' } })
		expect(lookupAnalyteName('DHEA')).toBeNull()
		expect(lookupAnalyteName('Base deficit')).toBeNull()
	})

	it("reads a bare 'pH' as the urine's, and as the blood's beside blood gas values", () => {
		const ph = lookupAnalyteName('pH')
		expect(ph).toMatchObject({ analyte: { code: 'urine_ph' } })
		const analyte = ph?.kind === 'analyte' ? ph.analyte : null
		expect(analyte).not.toBeNull()
		expect(analyteInContext(analyte!, new Set(['urine_specific_gravity', 'glucose'])).code).toBe('urine_ph')
		expect(analyteInContext(analyte!, new Set()).code).toBe('urine_ph')
		expect(analyteInContext(analyte!, new Set(['pco2', 'po2', 'lactate'])).code).toBe('blood_ph')
		expect(analyteInContext(findAnalyteByCode('glucose')!, new Set(['pco2'])).code).toBe('glucose')
	})
})

describe('name lookup', () => {
	it('folds case, punctuation and British spelling', () => {
		expect(normaliseAnalyteName('Haemoglobin A1c')).toBe('hemoglobin a1c')
		expect(lookupAnalyteName('HEMOGLOBIN A1C')).toMatchObject({ analyte: { code: 'hba1c' } })
		expect(lookupAnalyteName('Haematocrit')).toMatchObject({ analyte: { code: 'hematocrit' } })
		expect(lookupAnalyteName('Cholesterol, Total')).toMatchObject({ analyte: { code: 'total_cholesterol' } })
		expect(lookupAnalyteName('Urea Nitrogen (BUN)')).toMatchObject({ analyte: { code: 'bun' } })
		expect(lookupAnalyteName('Blood Pressure')).toEqual({ kind: 'blood_pressure' })
		expect(lookupAnalyteName('Favourite colour')).toBeNull()
	})

	it('forgives a letter or two in long OCR names, but not in short ones', () => {
		expect(lookupAnalyteNameApproximately('Cabo Dioxide')).toMatchObject({ analyte: { code: 'co2' } })
		expect(lookupAnalyteNameApproximately('Trigiycerides')).toMatchObject({ analyte: { code: 'triglycerides' } })
		expect(lookupAnalyteNameApproximately('ASX')).toBeNull()
		expect(lookupAnalyteNameApproximately('Lipid Panel')).toBeNull()
	})

	it('matches loosely within a quarter of the letters, the nearest alias only, the same answer every time', () => {
		for (let round = 0; round < 2; round++) {
			expect(lookupAnalyteNameLoosely('Eahon Dioxide')).toMatchObject({ analyte: { code: 'co2' } })
			// three edits in 'Hemoglobin' (10 letters, limit 3), nothing nearer
			expect(lookupAnalyteNameLoosely('Hemaglobim A')).toMatchObject({ analyte: { code: 'hemoglobin' } })
			expect(lookupAnalyteNameLoosely('Hemo')).toBeNull()
			expect(lookupAnalyteNameLoosely('Favourite colour')).toBeNull()
		}
		expect(Object.isFrozen(lookupAnalyteNameLoosely('Eahon Dioxide'))).toBe(true)
	})
})

describe('ratios, indices and derived values', () => {
	it('names the total cholesterol / HDL ratio as laboratories print it, in several languages', () => {
		for (const name of [
			'Chol/HDL-C Ratio',
			'TC/HDLC ratio',
			'Índice de riesgo cardiovascular',
			'Indice riesgo',
			'Rapport cholestérol total / HDL',
			'Cholesterin/HDL-Quotient',
			'Stosunek cholesterolu całkowitego do HDL',
		])
			expect(lookupAnalyteName(name), name).toMatchObject({ analyte: { code: 'chol_hdl_ratio', ucum: '{ratio}', units: [] } })
	})

	it('tells the free T4 index and the T3 uptake from free T4 and total T3', () => {
		expect(lookupAnalyteName('Free T4 Index (T7)')).toMatchObject({ analyte: { code: 'free_t4_index', loinc: null, units: [] } })
		expect(lookupAnalyteName('Free thyroxine index')).toMatchObject({ analyte: { code: 'free_t4_index' } })
		expect(lookupAnalyteName('T3 Uptake')).toMatchObject({ analyte: { code: 't3_uptake', ucum: '%' } })
		expect(lookupAnalyteName('Free T4')).toMatchObject({ analyte: { code: 'free_t4' } })
	})

	it('names the estimated average glucose, convertible between mg/dL and mmol/L', () => {
		for (const name of ['eAG', 'Estimated Average Glucose', 'Glucosa media estimada', 'Glycémie moyenne estimée'])
			expect(lookupAnalyteName(name), name).toMatchObject({ analyte: { code: 'eag', molarMass: 180.156, loinc: null } })
	})

	it('reads a mixed-case abbreviation in brackets after a name it does not know (two capitals first)', () => {
		expect(lookupAnalyteName('Exceso de bases en fluido extracelular (BEecf)')).toMatchObject({ analyte: { code: 'base_excess_ecf' } })
		expect(lookupAnalyteName('Überschuss im Extrazellulärraum (BEecf)')).toMatchObject({ analyte: { code: 'base_excess_ecf' } })
		expect(lookupAnalyteName('Bilirubin (Conjugated)')).toBeNull()
	})
})

describe('the catalogue data (vocabulary/analytes.json)', () => {
	const CATEGORIES = [
		'chemistry',
		'hematology',
		'differential',
		'lipids',
		'diabetes',
		'endocrine',
		'liver',
		'iron',
		'vitamins',
		'inflammation',
		'coagulation',
		'serology',
		'urinalysis',
		'vitals',
		'other',
	]
	it('has the shape of Analyte for every entry', () => {
		for (const analyte of ANALYTES) {
			expect(analyte.code, analyte.code).toMatch(/^[a-z][a-z0-9_]*$/)
			expect(typeof analyte.name).toBe('string')
			expect(CATEGORIES, analyte.code).toContain(analyte.category)
			expect(analyte.loinc === null || /^\d{1,7}-\d$/.test(analyte.loinc), analyte.code).toBe(true)
			expect(analyte.ucum === null || typeof analyte.ucum === 'string').toBe(true)
			expect(Array.isArray(analyte.aliases) && analyte.aliases.every((alias) => typeof alias === 'string')).toBe(true)
			expect(Array.isArray(analyte.units) && analyte.units.every((unit) => typeof unit === 'string')).toBe(true)
			if (analyte.plausible) expect(analyte.plausible.length === 2 && analyte.plausible[0] < analyte.plausible[1], analyte.code).toBe(true)
			for (const [language, names] of Object.entries(analyte.labels ?? {})) {
				expect(['de', 'fr', 'es', 'it', 'pt', 'tr', 'pl', 'zh'], analyte.code).toContain(language)
				expect(names.every((name) => typeof name === 'string')).toBe(true)
			}
		}
	})
})

describe('names in scripts other than Latin', () => {
	it('keeps letters of every script, folds full-width forms and drops the letter-spacing of Chinese', () => {
		expect(normaliseAnalyteName('比  重')).toBe('比重')
		expect(normaliseAnalyteName('白细胞（镜检）')).toBe('白细胞镜检')
		expect(normaliseAnalyteName('白细胞 (镜检)')).toBe('白细胞镜检')
		expect(normaliseAnalyteName('ＨＤＬ－Ｃ')).toBe('hdl c')
		expect(normaliseAnalyteName('Гемоглобин, HGB')).toBe('гемоглобин hgb')
		expect(normaliseAnalyteName('Αιμοσφαιρίνη')).toBe('αιμοσφαιρινη')
		expect(normaliseAnalyteName('γ-GT')).toBe('gamma gt')
		expect(normaliseAnalyteName('β2-Mikroglobulin')).toBe('beta 2 mikroglobulin')
	})

	it('keeps the Latin matches as they were', () => {
		expect(normaliseAnalyteName('Hämoglobin')).toBe('hamoglobin')
		expect(normaliseAnalyteName('S.G.O.T.')).toBe('sgot')
		expect(normaliseAnalyteName('Lökosit Sayımı')).toBe('lokosit sayimi')
		expect(normaliseAnalyteName('Płytki krwi ³')).toBe('plytki krwi 3')
		expect(lookupAnalyteName('γ-GT')).toMatchObject({ analyte: { code: 'ggt' } })
	})

	it.each([
		['血红蛋白', 'hemoglobin'],
		['平均红细胞血红蛋白浓度', 'mchc'],
		['平均红细胞血红蛋白含量', 'mch'],
		['红细胞分布宽度-SD', 'rdw_sd'],
		['中性粒细胞百分比', 'neutrophils_pct'],
		['淋巴细胞绝对值', 'lymphocytes_abs'],
		['血 小 板', 'platelets'],
		['丙氨酸氨基转移酶', 'alt'],
		['谷草转氨酶', 'ast'],
		['γ-谷氨酰转移酶', 'ggt'],
		['肌  酐', 'creatinine'],
		['尿素氮', 'bun'],
		['尿酸', 'uric_acid'],
		['甘油三酯', 'triglycerides'],
		['低密度脂蛋白胆固醇', 'ldl'],
		['糖化血红蛋白', 'hba1c'],
		['空腹血糖', 'glucose'],
		['pH值', 'urine_ph'],
		['尿比重', 'urine_specific_gravity'],
		['尿胆原', 'urobilinogen'],
		['亚硝酸盐', 'urine_nitrite'],
		['隐血', 'urine_blood'],
		['白细胞（镜检）', 'urine_wbc'],
		['镜检红细胞', 'urine_rbc'],
		['透明管型', 'urine_casts_hyaline'],
		['颗粒管型(镜检)', 'urine_casts_granular'],
	])('reads the Chinese name %s', (name, code) => {
		expect(lookupAnalyteName(name)).toMatchObject({ kind: 'analyte', analyte: { code } })
	})

	it('never matches a Chinese name by edit distance: one character changed is another analyte', () => {
		// '含重' for '含量': MCH or a misread; nearest by letters would be MCHC ('…浓度')
		expect(lookupAnalyteNameApproximately('平均红细胞血红蛋白含重')).toBeNull()
		expect(lookupAnalyteNameLoosely('平均红细胞血红蛋白含重')).toBeNull()
		expect(lookupAnalyteName('白细胞（酶法）')).toBeNull()
	})
})

describe('names printed abbreviated or cut short', () => {
	const codes = (name: string) => lookupAbbreviatedName(name).map((analyte) => analyte.code)

	it('finds the analytes whose name the printed words begin, in order and one for one', () => {
		expect(codes('Mean Corp. Vol.')).toEqual(['mcv'])
		expect(codes('Ortalama Eritrosit')).toEqual(['mcv', 'mch', 'mchc'])
		expect(codes('Ort. Eritrosit Hemoglobin Kon')).toEqual(['mchc'])
		expect(codes('Hemoglobina Corp. Media')).toEqual(['mch'])
		expect(codes('Mittl. korp. Hämoglobin')).toEqual(['mch', 'mchc'])
	})

	it('needs two words of two letters or more, and never reads Chinese by words', () => {
		expect(codes('Hemoglob.')).toEqual([])
		expect(codes('Free T')).toEqual([])
		expect(codes('Vol. Corp. Mean')).toEqual([])
		expect(codes('平均红细胞')).toEqual([])
	})
})
