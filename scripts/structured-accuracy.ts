/**
 * Structured import on sources it has not seen:
 *   npm run accuracy:structured [-- --verbose] [--per-family=6] [--seed=20]
 *   (also: npm run accuracy -- --structured)
 * C-CDA documents and FHIR files generated at run time in ways unlike the
 * shared fixtures (tests/support/structured-corpus), read through the upload
 * path (readStructuredRecord): the share of numeric results (lab results and
 * vital signs) read exactly (LOINC, value, unit, reference range, H/L/N and
 * the observation's own time), per family and in all; entries without a
 * number must be kept as text and never become a number. Target >= 99 %;
 * exit code 1 below it.
 */
import { generateStructuredCorpus, type CorpusFile, type ExpectedResult } from '../tests/support/structured-corpus/index.ts'
import { readStructuredRecord } from '../server/extraction/structured/read-structured.ts'
import type { StructuredObservation } from '../server/extraction/shared/structured-types.ts'

const TARGET = 0.99
const args = process.argv.slice(2)
const isVerbose = args.includes('--verbose')
const option = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)

function sameMoment(read: string | null, expected: string): boolean {
	if (!read) return false
	if (!expected.includes('T')) return read === expected
	return Date.parse(read) === Date.parse(expected)
}

function differences(read: StructuredObservation, expected: ExpectedResult): string[] {
	const wrong: string[] = []
	if (read.category !== expected.category) wrong.push(`category ${read.category}`)
	if (read.value !== expected.value) wrong.push(`value ${read.value} != ${expected.value}`)
	if (read.unit !== expected.unit) wrong.push(`unit ${read.unit} != ${expected.unit}`)
	if (read.referenceRangeMin !== expected.min || read.referenceRangeMax !== expected.max)
		wrong.push(`range ${read.referenceRangeMin}-${read.referenceRangeMax} != ${expected.min}-${expected.max}`)
	if (read.interpretation !== expected.interpretation) wrong.push(`interpretation ${read.interpretation} != ${expected.interpretation}`)
	return wrong
}

type FileOutcome = { expected: number; exact: number; spurious: number; textKept: boolean; refused: string | null; failures: string[] }

function checkFile(file: CorpusFile): FileOutcome {
	let record
	try {
		record = readStructuredRecord(file.bytes, file.format)
	} catch (error) {
		return { expected: file.results.length, exact: 0, spurious: 0, textKept: false, refused: (error as Error).message, failures: [] }
	}
	const unused = new Set(record.observations)
	let exact = 0
	const failures: string[] = []
	for (const expected of file.results) {
		const candidates = [...unused].filter((read) => read.loinc === expected.loinc && sameMoment(read.effective, expected.effective))
		const match = candidates.find((read) => differences(read, expected).length === 0) ?? candidates[0]
		if (!match) {
			failures.push(`${expected.loinc} at ${expected.effective}: not read`)
			continue
		}
		unused.delete(match)
		const wrong = differences(match, expected)
		if (wrong.length === 0) exact++
		else failures.push(`${expected.loinc}: ${wrong.join(', ')}`)
	}
	return { expected: file.results.length, exact, spurious: unused.size, textKept: record.textEntries.length >= file.textEntries, refused: null, failures }
}

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((part / whole) * 100).toFixed(2)}%`)

export function runStructuredAccuracy(): boolean {
	const files = generateStructuredCorpus({ perFamily: option('per-family', 6), seed: option('seed', 20) })
	const families = new Map<string, { files: number; expected: number; exact: number; spurious: number; textLost: number; refused: number }>()
	const total = { expected: 0, exact: 0, spurious: 0, textLost: 0, refused: 0 }
	for (const file of files) {
		const outcome = checkFile(file)
		const family = families.get(file.family) ?? { files: 0, expected: 0, exact: 0, spurious: 0, textLost: 0, refused: 0 }
		family.files++
		family.expected += outcome.expected
		family.exact += outcome.exact
		family.spurious += outcome.spurious
		family.textLost += outcome.textKept ? 0 : 1
		family.refused += outcome.refused ? 1 : 0
		families.set(file.family, family)
		total.expected += outcome.expected
		total.exact += outcome.exact
		total.spurious += outcome.spurious
		total.textLost += outcome.textKept ? 0 : 1
		total.refused += outcome.refused ? 1 : 0
		if (isVerbose && (outcome.failures.length || outcome.refused || outcome.spurious || !outcome.textKept)) {
			console.log(
				`${file.name}: ${outcome.refused ? `refused: ${outcome.refused}` : `${outcome.exact}/${outcome.expected} exact, ${outcome.spurious} extra numbers, text kept: ${outcome.textKept}`}`,
			)
			for (const failure of outcome.failures.slice(0, 5)) console.log(`  ${failure}`)
		}
	}
	console.log('family                          files  results  exact     extra  text lost  refused')
	for (const [name, family] of families) {
		console.log(
			`${name.padEnd(32)}${String(family.files).padStart(5)}${String(family.expected).padStart(9)}  ${percent(family.exact, family.expected).padStart(8)}${String(family.spurious).padStart(7)}${String(family.textLost).padStart(11)}${String(family.refused).padStart(9)}`,
		)
	}
	const share = total.exact / total.expected
	console.log(
		`\nall: ${files.length} files, ${total.expected} numeric results, ${total.exact} exact (${percent(total.exact, total.expected)}; target >= ${TARGET * 100}%), ${total.spurious} numbers not in the files' numeric results, ${total.textLost} files losing a text-only entry, ${total.refused} refused`,
	)
	return share >= TARGET && total.spurious === 0 && total.textLost === 0 && total.refused === 0
}

if (import.meta.url === `file://${process.argv[1]}`) {
	if (!runStructuredAccuracy()) process.exitCode = 1
}
