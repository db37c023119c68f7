import { beforeAll, describe, expect, it } from 'vitest'
import { extractDocument } from '#server/extraction/index.ts'
import { isSameProvider } from '../support/extraction-checks.ts'
import { generateLetterheadSamples } from '../support/letterhead-samples.ts'

/**
 * Reports whose issuer only a letterhead drawn as a picture names (a text PDF's logo, a scan's
 * display type), and letterheads that name nobody, read as production reads them (tesseract, then
 * PaddleOCR on the letterhead's band). `npm run accuracy -- --only=letterheads` prints every sample.
 */

/** The samples read here, and whether the issuer is named right now (a floor: 'right' must stay right). */
const READ: Record<string, 'right'> = {
	'pt-lockup-three-sizes/text_pdf': 'right',
	'es-clinic-two-sizes/text_pdf': 'right',
	'en-stacked-capitals/text_pdf': 'right',
	'fr-serif-lockup/text_pdf': 'right',
	'de-band/text_pdf': 'right',
	'pt-hospital-lockup/text_pdf': 'right',
	'en-stacked-capitals/scan': 'right',
	'en-three-lines-mixed/scan': 'right',
	'en-one-line-emblem/photo': 'right',
}
/** Letterheads that name nobody: no name may be shown for them, from any medium. */
const NOBODY = ['en-tagline-only', 'en-generic-words', 'pt-report-title', 'es-emblem-slogan']

const results = new Map<string, { got: string | null; want: string | null }>()

beforeAll(async () => {
	const samples = await generateLetterheadSamples(undefined, [...Object.keys(READ), ...NOBODY.flatMap((design) => [`${design}/text_pdf`, `${design}/scan`])])
	// one document at a time: OCR already uses the cores
	for (const sample of samples) {
		const result = await extractDocument({ bytes: sample.bytes, fileName: `${sample.id.replace('/', '-')}.bin` })
		results.set(sample.id, { got: result.provider, want: sample.provider })
	}
}, 300_000)

describe('letterheads drawn as pictures', () => {
	it.each(Object.keys(READ))('%s: names the issuer its letterhead shows', (id) => {
		const read = results.get(id)
		expect(read).toBeDefined()
		expect({ id, got: read?.got, right: isSameProvider(read?.got ?? null, read?.want ?? null) }).toEqual({ id, got: read?.got, right: true })
	})

	it('names nobody from a tagline, generic words or a report title, in a text PDF or a scan', () => {
		const named = [...results.entries()].filter(([id, read]) => NOBODY.includes(id.split('/')[0]) && read.got !== null)
		expect(named).toEqual([])
		expect([...results.keys()].filter((id) => NOBODY.includes(id.split('/')[0]))).toHaveLength(NOBODY.length * 2)
	})
})
