/**
 * Runs the document extraction on files, one JSON object per line per file:
 *   npx tsx scripts/extract.ts <file> [<file>...]
 * The same extractDocument the worker uses; no database. The output holds
 * the extracted text and values: print it only for your own test files.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { closeDefaultOcrEngine, extractDocument } from '../server/extraction/index.ts'

async function main(files: string[]) {
	if (files.length === 0) {
		process.stderr.write('usage: npx tsx scripts/extract.ts <file> [<file>...]\n')
		return 2
	}
	let failures = 0
	for (const file of files) {
		try {
			const bytes = await readFile(file)
			const result = await extractDocument({ bytes, fileName: path.basename(file) })
			const line = {
				file,
				accepted: result.accepted,
				...(result.reason ? { reason: result.reason, message: result.message } : {}),
				kind: result.kind,
				date: result.date,
				provider: result.provider,
				title: result.title,
				summary: result.summary,
				tags: result.tags,
				text: result.text,
				parameters: result.parameters.map(({ code, loinc, name, value, unit, referenceRangeMin, referenceRangeMax, status, testDate }) => ({
					code,
					loinc,
					name,
					value,
					unit,
					referenceRangeMin,
					referenceRangeMax,
					status,
					testDate,
				})),
				medications: result.medications.map(({ name, dose, frequency }) => ({ name, dose, frequency })),
				// a C-CDA or FHIR file: what else an upload would import, and how many entries it keeps as text
				...(result.structured
					? {
							immunizations: result.structured.immunizations.map(({ name, cvx, date }) => ({ name, cvx, date })),
							problems: result.structured.problems.map(({ name, code, onset }) => ({ name, code, onset })),
							allergies: result.structured.allergies.map(({ name, reaction }) => ({ name, reaction })),
							counts: result.structured.counts,
						}
					: {}),
				timings: {
					extractMs: Math.round(result.timings.extractMs),
					ocrMs: Math.round(result.timings.ocrMs),
					totalMs: Math.round(result.timings.totalMs),
				},
			}
			process.stdout.write(`${JSON.stringify(line)}\n`)
		} catch (error) {
			failures++
			const reason = error instanceof Error ? error.message : String(error)
			process.stdout.write(`${JSON.stringify({ file, accepted: false, error: reason })}\n`)
		}
	}
	await closeDefaultOcrEngine()
	return failures > 0 ? 1 : 0
}

process.exitCode = await main(process.argv.slice(2))
