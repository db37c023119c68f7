import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import { validatePdfStructure } from './pdf-structure.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../..')
const fixtures = fixturesDir(repoRoot)

function minimalPdf(trailerExtra = ''): Buffer {
	const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n'
	const xrefAt = body.length
	const xref = `xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`
	return Buffer.from(body + xref, 'latin1')
}

describe('validatePdfStructure', () => {
	it('accepts a complete PDF', () => {
		expect(validatePdfStructure(minimalPdf())).toEqual({ ok: true })
	})

	it('calls a PDF without %%EOF, startxref or trailer corrupt', () => {
		const whole = minimalPdf()
		expect(validatePdfStructure(whole.subarray(0, whole.length - 30))).toMatchObject({ ok: false, reason: 'corrupt_pdf' })
		expect(validatePdfStructure(whole.subarray(0, 60))).toMatchObject({ ok: false, reason: 'corrupt_pdf' })
		expect(validatePdfStructure(Buffer.from('%PDF-1.4\nstartxref\n999999\n%%EOF'))).toMatchObject({ ok: false, reason: 'corrupt_pdf' })
	})

	it('calls a PDF with an /Encrypt entry encrypted, with a clear message', () => {
		const check = validatePdfStructure(minimalPdf('/Encrypt 9 0 R '))
		expect(check).toMatchObject({ ok: false, reason: 'encrypted_pdf' })
		expect(!check.ok && check.message).toBe('The PDF is password-protected and cannot be read.')
	})

	it('judges the fixtures as the manifest says', () => {
		const read = (name: string) => readFileSync(path.join(fixtures, name))
		expect(validatePdfStructure(read('bad/truncated-lab-report.pdf'))).toMatchObject({ reason: 'corrupt_pdf' })
		expect(validatePdfStructure(read('bad/protected-results.pdf'))).toMatchObject({ reason: 'encrypted_pdf' })
		expect(validatePdfStructure(read('lab/bluewater_final_report.pdf'))).toEqual({ ok: true })
		expect(validatePdfStructure(read('scan/scanned_lab_report_2p.pdf'))).toEqual({ ok: true })
	})
})
