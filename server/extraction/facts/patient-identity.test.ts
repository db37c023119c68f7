import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractDocument } from '../extract-document.ts'
import { findPrintedPatient, readBirthDate } from './patient-identity.ts'

describe('findPrintedPatient', () => {
	it('reads a labelled name up to the next column or label', () => {
		expect(findPrintedPatient('Patient: John Doe\nCollected: 2025-01-02').name).toBe('John Doe')
		expect(findPrintedPatient(' Patient Name:         Rajesh Kumar                       Report Date:        15-Dec-2025').name).toBe('Rajesh Kumar')
		expect(findPrintedPatient('Patient: SAMPLE PATIENT Date of Birth: 05/06/1979')).toEqual({ name: 'SAMPLE PATIENT', birthDate: '1979-05-06|1979-06-05' })
		expect(findPrintedPatient('PATIENT:    QUINTRELL, YESENIA C     DOB:        04/24/1979    SEX:   F')).toEqual({
			name: 'QUINTRELL, YESENIA C',
			birthDate: '1979-04-24',
		})
		expect(findPrintedPatient('Nombre: PACIENTE PRUEBA       Nº petición: 00000001\nFecha nacimiento: 01/01/1980 Sexo: M')).toEqual({
			name: 'PACIENTE PRUEBA',
			birthDate: '1980-01-01',
		})
		expect(findPrintedPatient('Adı Soyadı: AYŞE YILMAZ   Yaş: 40').name).toBe('AYŞE YILMAZ')
		expect(findPrintedPatient('   Paciente:            Pedro Henrique Oliveira        Data da Coleta: 18/06/2026').name).toBe('Pedro Henrique Oliveira')
	})

	it('takes no id, date, header or other person for a name', () => {
		expect(findPrintedPatient('Patient ID:        PT-002        Collected: 2025-02-11').name).toBeNull()
		expect(findPrintedPatient('Patient: PT-002').name).toBeNull()
		expect(findPrintedPatient('Ordering Physician Name: Dr. Sam Hill').name).toBeNull()
		expect(findPrintedPatient('Test Name    Result    Unit').name).toBeNull()
		expect(findPrintedPatient('Glucose 95 mg/dL 70-99').name).toBeNull()
	})
})

describe('readBirthDate', () => {
	it('reads the printed forms, both ways round when day and month are ambiguous', () => {
		expect(readBirthDate('1985-05-20')).toBe('1985-05-20')
		expect(readBirthDate('04/24/1979')).toBe('1979-04-24')
		expect(readBirthDate('03/04/1980')).toBe('1980-03-04|1980-04-03')
		expect(readBirthDate('28-Aug-1956')).toBe('1956-08-28')
		expect(readBirthDate('September 11, 1984')).toBe('1984-09-11')
		expect(readBirthDate('1956-08-28 (68 y)')).toBe('1956-08-28')
		expect(readBirthDate('not a date')).toBeNull()
	})
})

/** The shared fixtures with a text layer: who each names, as printed (checked by hand against the pages). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures')
const PRINTED: Array<[string, string | null, string | null]> = [
	['real-reports/text/es-sacyl-style-hemograma-bioquimica-2p.pdf', 'PACIENTE PRUEBA', '1980-01-01'],
	['real-reports/text/in-cardiocare-colored-tables-2p.pdf', 'Rajesh Kumar', null],
	['real-reports/text/in-healthfirst-4p-status-column.pdf', 'Rahul Sharma', null],
	['real-reports/text/in-metropolis-branded-synthetic-table.pdf', 'Test Patient', null],
	['real-reports/text/us-inline-status-words-no-ranges.pdf', 'Sarah Johnson', null],
	['real-reports/text/us-quest-sample-report-watermark-4p.pdf', null, '1984-09-11'],
	['public-samples/text/inline-john-doe-cbc-chem-lipid.pdf', 'John Doe', null],
	['public-samples/text/us-latex-cbc-cmp-status-column.pdf', 'John Doe', '1985-05-20'],
	['public-samples/text/br-biovida-laudo-demo.pdf', 'Pedro Henrique Oliveira', null],
	['public-samples/text/us-fictional-cbc-cmp-lipid-2p.pdf', null, null],
	['documents/lab/bluewater_final_report.pdf', 'QUINTRELL, YESENIA C', '1979-04-24'],
	['documents/lab/ashgrove-cumulative-report.pdf', 'Szymanski, Ignatius A', '1956-08-28'],
	['documents/lab/LabResults_Meridian_2025-03-14.pdf', null, '1968-03-17'],
	['documents/other/visit_note_2025-04-02.pdf', 'Odalys J. Kowalczyk', '1968-03-17'],
]

describe('the printed patient of the real fixtures', () => {
	it.each(PRINTED)(
		'%s',
		async (file, name, birthDate) => {
			const result = await extractDocument({ bytes: await readFile(path.join(FIXTURES, file)), fileName: path.basename(file) })
			expect(findPrintedPatient(result.text ?? '')).toEqual({ name, birthDate })
		},
		30_000,
	)
})
