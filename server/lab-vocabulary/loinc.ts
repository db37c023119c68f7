import { ANALYTES, findAnalyteByCode, type Analyte } from './analytes.ts'

/**
 * LOINC, as the vocabulary uses it. The one table of codes is analytes.json (each analyte's
 * `loinc`, `loincMolar` and `loincByWord`); this module adds what a FHIR coding shows beside a
 * code (its LOINC display name) and the codes vendors use for the same measurement.
 */
export const LOINC_SYSTEM = 'http://loinc.org'

/** LOINC's display names of the vocabulary's usual codes; a code missing here is shown with the analyte's name. */
const LOINC_DISPLAY: Readonly<Record<string, string>> = {
	'2345-7': 'Glucose [Mass/volume] in Serum or Plasma', // glucose
	'4548-4': 'Hemoglobin A1c/Hemoglobin.total in Blood', // hba1c
	'3094-0': 'Urea nitrogen [Mass/volume] in Serum or Plasma', // bun
	'2160-0': 'Creatinine [Mass/volume] in Serum or Plasma', // creatinine
	'33914-3': 'Glomerular filtration rate/1.73 sq M.predicted', // egfr
	'3097-3': 'Urea nitrogen/Creatinine [Mass Ratio] in Serum or Plasma', // bun_creatinine_ratio
	'2951-2': 'Sodium [Moles/volume] in Serum or Plasma', // sodium
	'2823-3': 'Potassium [Moles/volume] in Serum or Plasma', // potassium
	'2075-0': 'Chloride [Moles/volume] in Serum or Plasma', // chloride
	'2028-9': 'Carbon dioxide, total [Moles/volume] in Serum or Plasma', // co2
	'33037-3': 'Anion gap in Serum or Plasma', // anion_gap
	'17861-6': 'Calcium [Mass/volume] in Serum or Plasma', // calcium
	'19123-9': 'Magnesium [Mass/volume] in Serum or Plasma', // magnesium
	'2777-1': 'Phosphate [Mass/volume] in Serum or Plasma', // phosphorus
	'3084-1': 'Urate [Mass/volume] in Serum or Plasma', // uric_acid
	'2885-2': 'Protein [Mass/volume] in Serum or Plasma', // total_protein
	'1751-7': 'Albumin [Mass/volume] in Serum or Plasma', // albumin
	'10834-0': 'Globulin [Mass/volume] in Serum by calculation', // globulin
	'1759-0': 'Albumin/Globulin [Mass Ratio] in Serum or Plasma', // ag_ratio
	'1975-2': 'Bilirubin.total [Mass/volume] in Serum or Plasma', // bilirubin_total
	'1968-7': 'Bilirubin.direct [Mass/volume] in Serum or Plasma', // bilirubin_direct
	'6768-6': 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma', // alkaline_phosphatase
	'1920-8': 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma', // ast
	'1742-6': 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma', // alt
	'2324-2': 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma', // ggt
	'2093-3': 'Cholesterol [Mass/volume] in Serum or Plasma', // total_cholesterol
	'13457-7': 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation', // ldl
	'2085-9': 'Cholesterol in HDL [Mass/volume] in Serum or Plasma', // hdl
	'13458-5': 'Cholesterol in VLDL [Mass/volume] in Serum or Plasma by calculation', // vldl
	'43396-1': 'Cholesterol non HDL [Mass/volume] in Serum or Plasma', // non_hdl_cholesterol
	'2571-8': 'Triglyceride [Mass/volume] in Serum or Plasma', // triglycerides
	'9830-1': 'Cholesterol.total/Cholesterol in HDL [Mass Ratio] in Serum or Plasma', // chol_hdl_ratio
	'6690-2': 'Leukocytes [#/volume] in Blood by Automated count', // wbc
	'789-8': 'Erythrocytes [#/volume] in Blood by Automated count', // rbc
	'718-7': 'Hemoglobin [Mass/volume] in Blood', // hemoglobin
	'4544-3': 'Hematocrit [Volume Fraction] of Blood by Automated count', // hematocrit
	'787-2': 'MCV [Entitic volume] by Automated count', // mcv
	'785-6': 'MCH [Entitic mass] by Automated count', // mch
	'786-4': 'MCHC [Mass/volume] by Automated count', // mchc
	'788-0': 'Erythrocyte distribution width [Ratio] by Automated count', // rdw
	'777-3': 'Platelets [#/volume] in Blood by Automated count', // platelets
	'32623-1': 'Platelet mean volume [Entitic volume] in Blood by Automated count', // mpv
	'770-8': 'Neutrophils/100 leukocytes in Blood by Automated count', // neutrophils_pct
	'736-9': 'Lymphocytes/100 leukocytes in Blood by Automated count', // lymphocytes_pct
	'5905-5': 'Monocytes/100 leukocytes in Blood by Automated count', // monocytes_pct
	'713-8': 'Eosinophils/100 leukocytes in Blood by Automated count', // eosinophils_pct
	'706-2': 'Basophils/100 leukocytes in Blood by Automated count', // basophils_pct
	'3016-3': 'Thyrotropin [Units/volume] in Serum or Plasma', // tsh
	'3024-7': 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma', // free_t4
	'62292-8': '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma', // vitamin_d
	'2132-9': 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma', // vitamin_b12
	'2276-4': 'Ferritin [Mass/volume] in Serum or Plasma', // ferritin
	'1988-5': 'C reactive protein [Mass/volume] in Serum or Plasma', // crp
	'2857-1': 'Prostate specific Ag [Mass/volume] in Serum or Plasma', // psa
	'8480-6': 'Systolic blood pressure', // systolic_bp
	'8462-4': 'Diastolic blood pressure', // diastolic_bp
	'8867-4': 'Heart rate', // heart_rate
	'9279-1': 'Respiratory rate', // respiratory_rate
	'8310-5': 'Body temperature', // temperature
	'59408-5': 'Oxygen saturation in Arterial blood by Pulse oximetry', // spo2
	'29463-7': 'Body weight', // weight
	'8302-2': 'Body height', // height
	'39156-5': 'Body mass index (BMI) [Ratio]', // bmi
}

/**
 * LOINC codes vendors use for the same measurement as the vocabulary's code
 * (the method-less 'in Blood' codes beside the automated-count ones), so a
 * mean cell volume coded 30428-7 joins the 787-2 series instead of starting
 * one of its own.
 */
const SAME_MEASUREMENT_LOINC: Readonly<Record<string, string>> = {
	'30428-7': '787-2', // MCV [Entitic volume]
	'28539-5': '785-6', // MCH [Entitic mass]
	'28540-3': '786-4', // MCHC [Mass/volume]
	'30385-9': '788-0', // RDW [Ratio]
	'26515-7': '777-3', // Platelets [#/volume] in Blood
	'26464-8': '6690-2', // Leukocytes [#/volume] in Blood
	'26453-1': '789-8', // Erythrocytes [#/volume] in Blood
	'20570-8': '4544-3', // Hematocrit [Volume Fraction] of Blood
	'28542-9': '32623-1', // Platelet mean volume [Entitic volume]
	'1989-3': '62292-8', // 25-Hydroxyvitamin D3 [Mass/volume], reported as the vitamin D series
}

const analyteByLoinc = new Map<string, Analyte>()
for (const analyte of ANALYTES) {
	for (const code of [analyte.loinc, analyte.loincMolar, ...Object.values(analyte.loincByWord ?? {}).flat()]) {
		if (code && !analyteByLoinc.has(code)) analyteByLoinc.set(code, analyte)
	}
}

/** The analyte a LOINC code stands for (its own codes, or a vendor's code for the same measurement). */
export function analyteOfLoinc(loinc: string): Analyte | undefined {
	return analyteByLoinc.get(loinc) ?? analyteByLoinc.get(SAME_MEASUREMENT_LOINC[loinc] ?? '')
}

/**
 * The LOINC coding of a stored value: its analyte's usual code, else the code it was imported
 * with (a result outside the vocabulary); null for a value outside LOINC.
 */
export function loincCodingOf(parameter: { code: string; loinc?: string | null; name: string }): { code: string; display: string } | null {
	const code = findAnalyteByCode(parameter.code)?.loinc ?? parameter.loinc ?? null
	if (!code) return null
	return { code, display: LOINC_DISPLAY[code] ?? findAnalyteByCode(parameter.code)?.name ?? parameter.name }
}
