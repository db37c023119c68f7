import { beforeAll, describe, expect, it } from 'vitest'
import { compileFhirR4Schema, validateFhirR4 } from '#tests/support/fhir-schema.ts'
import { buildExportBundle, type ExportRecords } from './export-bundle.ts'

const PATIENT_ID = '6f1c3a9e-1b2d-4c5e-8f90-112233445566'
const DOCUMENT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f00112233'

const records: ExportRecords = {
	patient: { id: PATIENT_ID, name: 'Avery Test', email: 'avery@example.test', phone: '+1 555 123 4567', dateOfBirth: '1980-04-02', sex: 'female' },
	documents: [
		{
			id: DOCUMENT_ID,
			title: 'Lipid panel',
			description: null,
			documentType: 'lab_report',
			documentDate: '2026-10-01',
			provider: 'Quest Diagnostics',
			fileName: 'lipids.pdf',
			mimeType: 'application/pdf',
			sizeBytes: 1234,
			sha256: 'a'.repeat(64),
			uploadedAt: new Date('2026-10-02T10:00:00Z'),
			archivePath: `documents/${DOCUMENT_ID}-lipids.pdf`,
		},
	],
	parameters: [
		{
			id: '11111111-2222-4333-8444-555555555555',
			documentId: DOCUMENT_ID,
			code: 'ldl',
			name: 'LDL Cholesterol',
			value: 162,
			valueText: '162',
			unit: 'mg/dL',
			referenceRangeMin: null,
			referenceRangeMax: 99,
			status: 'high',
			testDate: '2026-10-01',
		},
		{
			id: '11111111-2222-4333-8444-666666666666',
			documentId: null,
			code: 'mystery_marker',
			name: 'Mystery marker',
			value: 3,
			valueText: '3',
			unit: null,
			referenceRangeMin: null,
			referenceRangeMax: null,
			status: null,
			testDate: '2026-10-05',
		},
	],
	appointments: [
		{
			id: '22222222-3333-4444-8555-666666666666',
			title: 'Annual check-up',
			provider: 'Dr. Lee',
			specialty: 'Family medicine',
			location: 'Main St Clinic',
			status: 'confirmed',
			startsAt: new Date('2030-01-10T15:00:00Z'),
			durationMinutes: 30,
			notes: 'Bring results',
			cancelReason: null,
		},
		{
			id: '22222222-3333-4444-8555-777777777777',
			title: 'Dermatology',
			provider: 'Dr. Kim',
			specialty: 'Dermatology',
			location: null,
			status: 'cancelled',
			startsAt: new Date('2026-01-10T15:00:00Z'),
			durationMinutes: 45,
			notes: null,
			cancelReason: 'Travel',
		},
	],
	medications: [
		{
			id: '33333333-4444-4555-8666-777777777777',
			documentId: DOCUMENT_ID,
			name: 'Atorvastatin',
			dose: '20 mg',
			frequency: 'daily',
			status: 'active',
			text: 'Atorvastatin 20 mg daily',
			createdAt: new Date('2026-10-02T10:00:00Z'),
		},
	],
}

describe('buildExportBundle', () => {
	beforeAll(() => void compileFhirR4Schema(), 120_000)
	const bundle = buildExportBundle(records, { now: new Date('2026-11-25T09:00:00Z'), bundleId: 'c0ffee00-0000-4000-8000-000000000000' })

	it('validates against the FHIR R4 JSON schema', () => {
		const result = validateFhirR4(bundle)
		expect(result.errors).toEqual([])
		expect(result.isValid).toBe(true)
	})

	it('holds one resource per record, each under its urn:uuid', () => {
		const types = bundle.entry!.map((entry) => entry.resource!.resourceType)
		expect(types).toEqual(['Patient', 'DocumentReference', 'Observation', 'Observation', 'Appointment', 'Appointment', 'MedicationStatement'])
		for (const entry of bundle.entry!) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`)
	})

	it('codes known parameters with LOINC and keeps unknown ones as text', () => {
		const [ldl, mystery] = bundle
			.entry!.filter((entry) => entry.resource!.resourceType === 'Observation')
			.map((entry) => entry.resource as { code: { coding?: { system: string; code: string }[]; text: string } })
		expect(ldl!.code.coding).toEqual([expect.objectContaining({ system: 'http://loinc.org', code: '13457-7' })])
		expect(mystery!.code).toEqual({ text: 'Mystery marker' })
	})

	it('refuses what is not FHIR (the check can fail)', () => {
		expect(validateFhirR4({ ...bundle, type: 'not-a-bundle-type' }).isValid).toBe(false)
		expect(validateFhirR4({ resourceType: 'Observation', status: 'final' }).isValid).toBe(false)
	})
})
