import { describe, expect, it } from 'vitest'
import { findProvider, letterheadOfBoxes, nameWithoutLegalForm, providerOfReadings, titleCaseName } from './provider.ts'
import type { Box } from '../pages/word-boxes.ts'

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
		expect(titleCaseName('CENTRE HOSPITALIER DE LA VALLÉE')).toBe('Centre Hospitalier de la Vallée')
		expect(titleCaseName('ÉCOLE DU LABORATOIRE')).toBe('École du Laboratoire')
		expect(titleCaseName('UNIT E LABORATORY')).toBe('Unit E Laboratory')
		// a short word without a vowel is an acronym; a company form or a title is not
		expect(titleCaseName('LABOR WEBER MVZ')).toBe('Labor Weber MVZ')
		expect(titleCaseName('HEALTHFIRST LABS PVT LTD')).toBe('Healthfirst Labs Pvt Ltd')
	})

	it("sets a title's period OCR ran into the name apart", () => {
		expect(findProvider('LABOR DR.WEBER MVZ\nGlucose 90 mg/dL', 'lab_report')).toBe('Labor Dr. Weber MVZ')
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

describe('findProvider: organisation words in other languages, legal forms, and lines that are not a provider', () => {
	it('reads a letterhead with an organisation word in German, Polish, French or Portuguese', () => {
		expect(findProvider('KRANKENHAUS ST. ANSGAR LINDAU\nZentrallabor   Tel. 08382 1234', 'lab_report')).toBe('Krankenhaus St. Ansgar Lindau')
		expect(findProvider('Szpital Miejski im. Jana Pawła\nul. Lipowa 4, 80-100 Gdańsk', 'lab_report')).toBe('Szpital Miejski im. Jana Pawła')
		expect(findProvider('Laboratorium Analityczne Wisła\nWyniki badań', 'lab_report')).toBe('Laboratorium Analityczne Wisła')
		expect(findProvider('Hôpital Saint-Yves de Quimper\nBiochimie', 'lab_report')).toBe('Hôpital Saint-Yves de Quimper')
	})

	it('takes a letterhead line ending in a legal form for a name, and reads the Polish form back from OCR digits', () => {
		expect(findProvider('Ostseelabor GmbH\nAm Hafen 3, 24103 Kiel', 'lab_report')).toBe('Ostseelabor GmbH')
		expect(findProvider('~ logo ~\nAnalityka Sp. z 0.0\nul. Polna 7, 00-625 Warszawa', 'lab_report')).toBe('Analityka Sp. z o.o.')
		expect(findProvider('BIOMAR S.A.\nAv. Libertad 1200, Montevideo', 'lab_report')).toBe('Biomar S.A.')
		// a lower-case short form is a word, not a legal form
		expect(findProvider('Quintana ag\nResultados', 'lab_report')).toBeNull()
	})

	it('names no provider from a line of generic words only', () => {
		expect(findProvider('FULLY COMPUTERISED\nPATHOLOGICAL LABORATORY\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Medyczne Laboratorium Diagnostyczne\nMorfologia krwi', 'lab_report')).toBeNull()
		expect(findProvider('Laboratorio Clínico Central\nHemograma', 'lab_report')).toBe('Laboratorio Clínico Central')
	})

	it('names no provider from a department or section heading, in several languages', () => {
		expect(findProvider('Department of Clinical Pathology\nComplete Blood Count', 'lab_report')).toBeNull()
		expect(findProvider('SERVICIO DE ANÁLISIS CLÍNICOS\nHemograma', 'lab_report')).toBeNull()
		expect(findProvider('Abteilung für Laboratoriumsmedizin Hafenklinik\nBlutbild', 'lab_report')).toBeNull()
		expect(findProvider('Zakład Diagnostyki Szpital Wojewódzki\nMorfologia', 'lab_report')).toBeNull()
		// the heading is skipped, the name under it is read
		expect(findProvider('Division of Hematology\nRiverbend Community Hospital\nCBC', 'lab_report')).toBe('Riverbend Community Hospital')
	})

	it('names no provider from the value of another field, or of a field whose label was blacked out', () => {
		expect(findProvider('Referred by: Lakeview General Hospital\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Ref. Doctor   :   Dr. Rao\n:  Northgate Hospital IPD      Time: 10:42', 'lab_report')).toBeNull()
		expect(findProvider('Ward:   Marlow Cottage Hospital\nHb 13.1 g/dL', 'lab_report')).toBeNull()
	})
})

describe('providerOfReadings', () => {
	it('takes the word breaks another reading of the page printed, when the letters agree', () => {
		const kept = 'NorthgateGeneral Hospital\nLABORATORYREPORT'
		const other = 'Northgate General Hospital\nLABORATORY REPORT'
		expect(providerOfReadings([kept, `${kept}\n\n${other}`], 'lab_report')).toBe('Northgate General Hospital')
	})

	it('keeps the kept reading when the other reading has other letters, and guesses no break', () => {
		const kept = 'KestrelValley Clinic\nResults'
		expect(providerOfReadings([kept, `${kept}\n\nKestrel Va1ley Clinic\nResults`], 'lab_report')).toBe('KestrelValley Clinic')
		expect(providerOfReadings([kept], 'lab_report')).toBe('KestrelValley Clinic')
	})

	it('reads the provider from the other reading when the kept one has none', () => {
		expect(providerOfReadings(['Hb 12.0 g/dL', 'Hb 12.0 g/dL\n\nMERCY RIDGE HOSPITAL\nHb 12.0'], 'lab_report')).toBe('Mercy Ridge Hospital')
	})
})

describe('nameWithoutLegalForm', () => {
	it('drops a trailing legal form only', () => {
		expect(nameWithoutLegalForm('Ostseelabor GmbH')).toBe('Ostseelabor')
		expect(nameWithoutLegalForm('Theranos, Inc.')).toBe('Theranos')
		expect(nameWithoutLegalForm('Analityka Sp. z o.o.')).toBe('Analityka')
		expect(nameWithoutLegalForm('Marlow Cottage Hospital')).toBe('Marlow Cottage Hospital')
	})
})

describe('findProvider: a laboratory label', () => {
	it('reads the name after a laboratory label in several languages', () => {
		expect(findProvider('Patient: A. Test\nLaboratory:  Fernhill Reference Labs     Page 1', 'lab_report')).toBe('Fernhill Reference Labs')
		expect(findProvider('Laboratorio: Laboratorio Clínico Norte\nHemograma', 'lab_report')).toBe('Laboratorio Clínico Norte')
		expect(findProvider('Lab No: 4411\nLab: Hematology', 'lab_report')).toBeNull()
	})
})

describe('findProvider: taglines naming another organisation', () => {
	it('does not take a parent group, an affiliation or the printing software for the issuer', () => {
		expect(findProvider('A member of Harbourview Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Part of  Kestrel Valley Hospitals\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Report powered by  Labnexa Systems Ltd\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		// OCR's misread lead word: an article, a word and 'of' open a tagline, not a name
		expect(findProvider('A nernber  of  Harbourview Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('An lnitiative of Harbourview Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		// the article run into the word ('Amember of', a photo's reading)
		expect(findProvider('Amember of Harbourview Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		// all three run together, the word misread ('Anenberof'), or 'of' set apart in its own column
		expect(findProvider('Anenberof Harbourview Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Anenber  of  Rver si de Health\nGlucose 90 mg/dL', 'lab_report')).toBeNull()
		// a name that opens so is still a name
		expect(findProvider('Academy of Laboratory Medicine\nGlucose 90 mg/dL', 'lab_report')).toBe('Academy of Laboratory Medicine')
		// the issuer above its tagline is read
		expect(findProvider('Ashby Diagnostic Centre\na unit of Ashby Hospital Group', 'lab_report')).toBe('Ashby Diagnostic Centre')
	})
})

describe('providerOfReadings: breaks OCR adds inside a word', () => {
	it('keeps a name whose other reading splits letter-spaced capitals', () => {
		const kept = 'RIVERSTONE DIAGNOSTIC SERVICES\nGlucose 90'
		expect(providerOfReadings([kept, `${kept}\n\nRI VERSTONE DI AGNOSTIC SERVI CES\nGlucose 90`], 'lab_report')).toBe('Riverstone Diagnostic Services')
		const camel = 'HarrowLake Clinic\nGlucose 90'
		expect(providerOfReadings([camel, `${camel}\n\nHar rowLake Clinic`], 'lab_report')).toBe('HarrowLake Clinic')
	})
})

/** A positioned text item as the table reader's box (y down), `size` its font size. */
function box(text: string, left: number, top: number, size = 9): Box {
	return { text, left, right: left + text.length * size * 0.55, top, bottom: top + size }
}

/** A body of ordinary 9-point lines under the letterhead. */
function bodyLines(from: number): Box[] {
	return Array.from({ length: 30 }, (_, index) => [box('Glucose', 40, from + index * 14), box('92 mg/dL', 240, from + index * 14)]).flat()
}

describe('letterheadOfBoxes', () => {
	it('gives the top lines set larger than the body, the largest first', () => {
		const boxes = [box('Patient: A. Test', 40, 40), box('Ventmoor Clinical Laboratories', 40, 60, 18), box('Quality since 1980', 40, 82, 12), ...bodyLines(110)]
		// a tagline's sentence is not joined to the name above it
		expect(letterheadOfBoxes(boxes).split('\n')).toEqual(['Ventmoor Clinical Laboratories', 'Quality since 1980'])
		expect(findProvider('', 'lab_report', letterheadOfBoxes(boxes))).toBe('Ventmoor Clinical Laboratories')
	})

	it("joins a logo's lockup of several sizes over one centre, without the rules drawn beside a line", () => {
		const boxes = [
			box('LABORATÓRIO', 120, 20, 14),
			box('ARVALIS', 100, 38, 40),
			box('—', 60, 86, 10),
			box('ANÁLISES', 110, 84, 10),
			box('CLÍNICAS', 170, 84, 10),
			box('——', 240, 86, 10),
			// a tagline set to the right of the logo, apart from it
			box('Cuidando da sua saúde', 420, 40, 12),
			...bodyLines(130),
		]
		const letterhead = letterheadOfBoxes(boxes)
		expect(letterhead.split('\n')).toContain('LABORATÓRIO ARVALIS ANÁLISES CLÍNICAS')
		expect(findProvider('', 'lab_report', letterhead)).toBe('Laboratório Arvalis Análises Clínicas')
	})

	it('keeps names set side by side on one line apart: each block stacks on its own', () => {
		const boxes = [
			box('KESWICK', 100, 20, 20),
			box('FULLY', 400, 20, 20),
			box('DIAGNOSTIC', 90, 42, 20),
			box('COMPUTERISED', 390, 42, 20),
			box('CENTRE', 100, 64, 20),
			box('LABORATORY', 392, 64, 20),
			...bodyLines(110),
		]
		const letterhead = letterheadOfBoxes(boxes)
		expect(letterhead.split('\n')).toEqual(expect.arrayContaining(['KESWICK DIAGNOSTIC CENTRE', 'FULLY COMPUTERISED LABORATORY']))
		expect(findProvider('', 'lab_report', letterhead)).toBe('Keswick Diagnostic Centre')
	})

	it('names the whole name a first line is a fragment of: a lockup whose largest line names nothing alone', () => {
		const boxes = [box('Mercy Ridge', 100, 20, 30), box('Community Hospital', 90, 54, 16), ...bodyLines(100)]
		const letterhead = letterheadOfBoxes(boxes)
		expect(letterhead.split('\n')[0]).toBe('Mercy Ridge Community Hospital')
		// the page's first lines read 'Community Hospital' alone: the letterhead gives the whole name
		expect(findProvider('Community Hospital\nPatient: A. Test\nGlucose 92 mg/dL', 'lab_report', letterhead)).toBe('Mercy Ridge Community Hospital')
		// a large name that is whole on its own keeps the smaller line under it out
		const whole = letterheadOfBoxes([box('Riverside Medical Center', 100, 20, 30), box('Clinical Pathology Services', 90, 54, 16), ...bodyLines(100)])
		expect(findProvider('Riverside Medical Center\nGlucose 92 mg/dL', 'lab_report', whole)).toBe('Riverside Medical Center')
	})

	it('reads every line of a letterhead band (wholePage), not only its top third', () => {
		const boxes = [
			...['Time: 8:00 am to 8:00 pm', 'Ward 3', 'Bed 12', 'Room 4'].map((text, index) => box(text, 40, 10 + index * 12)),
			box('Marlow Hospital', 40, 100, 20),
			box('Floor 2', 300, 130),
		]
		// the name is below the top third of these lines: a page's letterhead is not there
		expect(letterheadOfBoxes(boxes)).toBe('')
		expect(letterheadOfBoxes(boxes, { wholePage: true }).split('\n')[0]).toBe('Marlow Hospital')
	})

	it('joins a name stacked on two lines of one size, and gives the lines one by one after', () => {
		const boxes = [box('HALVERSON', 300, 30, 20), box('REFERENCE LABORATORY', 290, 52, 20), box('Complete Blood Count', 40, 90, 14), ...bodyLines(120)]
		const letterhead = letterheadOfBoxes(boxes)
		expect(letterhead.split('\n')[0]).toBe('HALVERSON REFERENCE LABORATORY')
		expect(findProvider('Complete Blood Count\nGlucose 92 mg/dL', 'lab_report', letterhead)).toBe('Halverson Reference Laboratory')
	})

	it('leaves body-size text and the lines below the top third out', () => {
		const boxes = [box('Riverside Medical Center', 40, 40), ...bodyLines(60), box('Lindgren Hospital Laboratory', 40, 600, 16)]
		expect(letterheadOfBoxes(boxes)).toBe('')
		expect(letterheadOfBoxes([])).toBe('')
	})
})

describe('findProvider: a text PDF letterhead drawn after the blocks under it', () => {
	it('reads the large name at the top when the text order puts it after the first lines', () => {
		const text = [
			'Patient: A. Test',
			'DOB: 01/02/1980',
			'Collected: 03/04/2025',
			'Test Result Unit Range',
			'Glucose 92 mg/dL 70-99',
			'Sodium 140 mmol/L 135-145',
			'Potassium 4.1 mmol/L 3.5-5.1',
			'Chloride 101 mmol/L 98-107',
			'Calcium 9.4 mg/dL 8.6-10.3',
			'Ostrava Regional Hospital',
		].join('\n')
		const letterhead = letterheadOfBoxes([box('Ostrava Regional Hospital', 40, 20, 16), box('Patient: A. Test', 40, 50), ...bodyLines(70)])
		expect(findProvider(text, 'lab_report', letterhead)).toBe('Ostrava Regional Hospital')
		// a large report title alone names no provider
		const titled = letterheadOfBoxes([box('LABORATORY REPORT', 40, 20, 16), ...bodyLines(50)])
		expect(findProvider('Patient: A. Test\nGlucose 92 mg/dL', 'lab_report', titled)).toBeNull()
	})
})

describe('findProvider: a tagline', () => {
	it('names no provider from a tagline that speaks to the reader, in several languages, and keeps names in small letters', () => {
		for (const tagline of ['Caring for your health', 'Cuidando da sua saúde', 'Votre santé, notre priorité, Laboratoire', 'Your Health Is Our Mission Labs']) {
			expect(findProvider(`${tagline}\nGlucose 92 mg/dL`, 'lab_report')).toBeNull()
		}
		expect(findProvider('Laboratorio de análisis clínicos Norte\nGlucosa 92 mg/dL', 'lab_report')).toBe('Laboratorio de análisis clínicos Norte')
	})
})

describe('findProvider: a description, a name cut short, rules around a name', () => {
	it('names no provider from a description of what a laboratory does, or from a name cut before its last word', () => {
		expect(findProvider('Biologie médicale\nGlycémie 0,92 g/L', 'lab_report')).toBeNull()
		expect(findProvider('Centro Médico Los\nGlucosa 92 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Hospital de\nGlucosa 92 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Diagnóstico por Imagem\nGlicose 92 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('Poliambulatorio Santa Chiara\nGlicemia 92 mg/dL', 'lab_report')).toBe('Poliambulatorio Santa Chiara')
		// a logo's mark read as a short word before generic words
		expect(findProvider('Or — ANÁLISES CLÍNICAS —\nGlicose 92 mg/dL', 'lab_report')).toBeNull()
		expect(findProvider('GP Clinic\nGlucose 92 mg/dL', 'lab_report')).toBe('GP Clinic')
		expect(findProvider('Centro Médico Los Álamos\nGlucosa 92 mg/dL', 'lab_report')).toBe('Centro Médico Los Álamos')
	})

	it('leaves the rules drawn around a name out of it', () => {
		expect(findProvider('—— Ardent Clinical Laboratories ——\nGlucose 92 mg/dL', 'lab_report')).toBe('Ardent Clinical Laboratories')
	})
})

describe('findProvider: a logo monogram', () => {
	it('leaves out a monogram letter printed before the name it abbreviates', () => {
		expect(findProvider('K KESTREL Reference Laboratories   Patient Report\nGlucose', 'lab_report')).toBe('KESTREL Reference Laboratories')
		expect(findProvider('A Ashby Diagnostic Centre\nGlucose', 'lab_report')).toBe('Ashby Diagnostic Centre')
	})
})

describe('findProvider: lines that only look like a name with a legal form or a label', () => {
	it('does not take a blood group or an antigen for a legal form', () => {
		expect(findProvider('Blood Group AB\nHBs AG Non-reactive', 'lab_report')).toBeNull()
	})

	it('takes neither a label holding an organisation word nor the value after it', () => {
		expect(findProvider('Ref. Hospital : Anselm Clinic\nGlucose', 'lab_report')).toBeNull()
		expect(findProvider('Collection Centre:   Marlow Diagnostics\nGlucose', 'lab_report')).toBeNull()
	})
})

describe('a run-on text layer', () => {
	it('reads no provider from a line longer than any letterhead, without scanning it letter by letter', () => {
		const line = `Hemoglobin ${'1'.repeat(50000)} ${'-'.repeat(50000)}${' 比'.repeat(20000)}`
		expect(providerOfReadings([line], 'lab_report')).toBe(null)
		// the next reading still names it
		expect(providerOfReadings([line, 'Northfield Clinical Laboratories'], 'lab_report')).toBe('Northfield Clinical Laboratories')
	})
})
