import { waitUntilProcessed } from './documents.ts'
import { BASE_URL, expect, test } from './fixtures.ts'

const LOINC = 'codeSystem="2.16.840.1.113883.6.1"'
const SNOMED = 'codeSystem="2.16.840.1.113883.6.96"'

/** A vendor's CCD: a problem list with no entries, 'no known allergies' as a negated entry, a result without a number, a section this app does not import. */
const CCD = `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
	<code code="34133-9" ${LOINC}/><title>Summary of care</title><effectiveTime value="20250410"/>
	<recordTarget><patientRole><patient><name><given>Avery</given><family>Test</family></name></patient></patientRole></recordTarget>
	<component><structuredBody>
		<component><section><code code="11450-4" ${LOINC}/><title>Problem List</title><text>No problems recorded.</text></section></component>
		<component><section><code code="48765-2" ${LOINC}/><title>Allergies</title>
			<entry><act classCode="ACT" moodCode="EVN"><entryRelationship typeCode="SUBJ"><observation classCode="OBS" moodCode="EVN" negationInd="true">
				<value xsi:type="CD" code="419199007" ${SNOMED} displayName="Allergy to substance"/>
				<participant typeCode="CSM"><participantRole><playingEntity><code nullFlavor="NA"/></playingEntity></participantRole></participant>
			</observation></entryRelationship></act></entry>
		</section></component>
		<component><section><code code="30954-2" ${LOINC}/><title>Results</title>
			<entry><observation classCode="OBS" moodCode="EVN"><id root="1.2.3.4" extension="e2e-hgb"/><code code="718-7" ${LOINC} displayName="Hemoglobin"/><effectiveTime value="20250409"/><value xsi:type="PQ" value="13.9" unit="g/dL"/></observation></entry>
			<entry><observation classCode="OBS" moodCode="EVN"><code code="883-9" ${LOINC} displayName="ABO group"/><effectiveTime value="20250409"/><value xsi:type="CD" displayName="O"/></observation></entry>
		</section></component>
	</structuredBody></component>
</ClinicalDocument>`

test('the record page of an imported CCD lists what was not imported and why, by kind', async ({ page, login }) => {
	test.setTimeout(90_000)
	await login({ name: 'Avery Test' })
	const response = await page.request.post('/api/documents/upload', {
		headers: { Origin: BASE_URL },
		multipart: { file: { name: 'vendor-summary.xml', mimeType: 'application/xml', buffer: Buffer.from(CCD) } },
	})
	expect(response.status(), await response.text()).toBe(201)
	const { documentId } = (await response.json()) as { documentId: string }
	await waitUntilProcessed(page.request, [documentId])

	await page.goto(`/records/${documentId}`)
	const report = page.getByTestId('not-imported')
	await expect(report.getByRole('heading', { name: 'What was not imported' })).toBeVisible()
	await expect(report.getByRole('group', { name: 'Problems' })).toContainText("The section 'Problem List' was read as empty: it has no entries.")
	const allergies = report.getByRole('group', { name: 'Allergies' })
	await expect(allergies).toContainText('The file states')
	await expect(allergies).toContainText('No known allergies')
	const results = report.getByRole('group', { name: 'Results' })
	await expect(results).toContainText('1 entry kept as text: the value is not a number')
	await expect(results).toContainText('ABO group: O')
	// the 'no known allergies' entry is not an allergy: no allergy list, and only the hemoglobin imported
	await expect(page.getByRole('region', { name: 'Allergies' })).toHaveCount(0)
	await expect(page.getByText('1 entry imported, 1 kept as text (not structured).')).toBeVisible()
})
