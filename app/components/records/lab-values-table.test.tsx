import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { VALUE_REVIEW_TEXTS } from '#server/health/shared/value-review.ts'
import { LabValuesTable, type LabValue } from './lab-values-table.tsx'

function value(id: string, name: string, valueText: string, unit: string, alternate?: boolean): LabValue {
	return {
		id,
		code: 'egfr',
		name,
		value: Number(valueText),
		valueText,
		unit,
		referenceRangeMin: 60,
		referenceRangeMax: null,
		referenceRangeText: '> 60',
		status: 'normal',
		testDate: '2026-03-02',
		...(alternate === undefined ? {} : { alternate }),
	}
}

describe('LabValuesTable', () => {
	it('shows every printed row of one test under its printed name, saying which one trends leave out', () => {
		const html = renderToStaticMarkup(
			<LabValuesTable
				values={[value('a', 'eGFR non-African American', '88', 'mL/min/1.73m2'), value('b', 'eGFR African American', '102', 'mL/min/1.73m2', true)]}
			/>,
		)
		expect(html).toContain('eGFR non-African American')
		expect(html).toContain('eGFR African American')
		expect(html.split(VALUE_REVIEW_TEXTS.alternate)).toHaveLength(2)
		expect(html.indexOf(VALUE_REVIEW_TEXTS.alternate)).toBeGreaterThan(html.indexOf('eGFR African American'))
	})
})
