import { describe, expect, it } from 'vitest'
import { findProvider, titleCaseName } from './provider.ts'

describe('findProvider', () => {
	it('prefers a labelled performing laboratory', () => {
		const text =
			'MERIDIAN     Patient Report\nReference Laboratories\n...\nPerforming laboratory: Meridian Reference Laboratories, 3390 Quillan Parkway, NC 27599.'
		expect(findProvider(text, 'lab_report')).toBe('Meridian Reference Laboratories')
	})

	it('reads the letterhead, without page markers or the address column', () => {
		expect(findProvider('ASHGROVE CLINICAL PATHOLOGY                 Page 1 of 2\n12 Kestle Row', 'lab_report')).toBe('Ashgrove Clinical Pathology')
		expect(findProvider('Cedar Hollow Family Health         71 Orchard Terrace, VT 05999\nOffice Visit Note', 'clinical_notes')).toBe(
			'Cedar Hollow Family Health',
		)
		expect(findProvider('St. Brendan Regional Medical Center\nDepartment of Laboratory Medicine', 'lab_report')).toBe('St. Brendan Regional Medical Center')
	})

	it("keeps a company form's period and drops other trailing punctuation", () => {
		expect(findProvider('Theranos, Inc.\n1601 S. California Ave', 'lab_report')).toBe('Theranos, Inc.')
		expect(findProvider('Harbor Point Laboratories.\nResults', 'lab_report')).toBe('Harbor Point Laboratories')
	})

	it('tolerates OCR marks', () => {
		expect(findProvider('BLUEWATER DIAGNOSTICS :\n418 Harbor Light Blvd', 'lab_report')).toBe('Bluewater Diagnostics')
	})

	it('stops a labelled name at the column gap, and names no provider when the page lists records of several facilities', () => {
		expect(findProvider('Facility:   Harbor Point Laboratories        Type:   ROUTINE', 'lab_report')).toBe('Harbor Point Laboratories')
		const cards =
			'Hemoglobin A1C          Lipid Panel\nFacility:  Diabetes Care Lab     Facility:  City Lab Services\nChest X-Ray\nFacility:  Riverside Imaging Center'
		expect(findProvider(cards, 'lab_report')).toBeNull()
	})

	it('returns null when no organisation is named', () => {
		expect(findProvider('Patient Report\nGlucose 100 mg/dL', 'lab_report')).toBeNull()
	})
})

describe('titleCaseName', () => {
	it('title-cases capitals and keeps mixed case', () => {
		expect(titleCaseName('BRIGHTWATER COUNTY PUBLIC HEALTH')).toBe('Brightwater County Public Health')
		expect(titleCaseName('ST. MARY OF THE LAKE HOSPITAL')).toBe('St. Mary of the Lake Hospital')
		expect(titleCaseName('McKinley Labs')).toBe('McKinley Labs')
	})
})

describe('findProvider: labels in other languages and report titles after the name', () => {
	it('reads the name after a Spanish or German origin label, and leaves a report title after a dash out', () => {
		expect(findProvider('Origen: Hospital de Pruebas\nServicio: Urgencias', 'lab_report')).toBe('Hospital de Pruebas')
		expect(findProvider('Einsender: Praxis Dr. Weber Labor\nBefund', 'lab_report')).toBe('Praxis Dr. Weber Labor')
		expect(findProvider('Sunrise Diagnostics - Annual Wellness Profile\nPatient: A', 'lab_report')).toBe('Sunrise Diagnostics')
		// a dash inside the name without a title word stays
		expect(findProvider('Lakeside Laboratory - Main Campus\nGlucose', 'lab_report')).toBe('Lakeside Laboratory - Main Campus')
	})
})
