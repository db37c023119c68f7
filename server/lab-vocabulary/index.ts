/**
 * The lab vocabulary: what extraction, health, documents and the FHIR export agree on. Each
 * analyte (analytes.json: code, names in the supported languages, LOINC, UCUM unit, plausible
 * span), units (UCUM), reference ranges as printed, and the one grading rule with its
 * critical values and clinical categories (shared/, browser-safe). Below extraction and
 * health: it imports neither.
 */
export {
	ANALYTES,
	ANALYTE_CODES,
	findAnalyteByCode,
	loincFor,
	lookupAnalyteName,
	normaliseAnalyteName,
	type Analyte,
	type AnalyteCategory,
	type CriticalThreshold,
} from './analytes.ts'
export { foldInternationalUnit, inAnalyteUnit, toAnalyteUnit } from './analyte-units.ts'
export { convertValue, isMolarUnit, isSameUnit, toUcum } from './ucum.ts'
export { parseReferenceRange, type ReferenceRange } from './reference-range.ts'
export { gradeParameter, guidelineGradeOf, statusFromFlag, type GuidelineGrade } from './parameter-status.ts'
export type { ParameterStatus } from './shared/parameter-status.ts'
