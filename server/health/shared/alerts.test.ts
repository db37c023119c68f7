import { describe, expect, it } from 'vitest'
import { effectiveStatusOf, findAbnormalAlerts } from './alerts.ts'
import { makeParameter } from '#tests/support/health-parameters.ts'

const today = '2024-06-28'

describe('abnormal-value alerts', () => {
	it('alerts on the latest value of each code only, newest first', () => {
		const alerts = findAbnormalAlerts(
			[
				makeParameter('glucose', 150, '2024-01-10', { name: 'Glucose', status: 'high' }),
				makeParameter('glucose', 92, '2024-05-10', { name: 'Glucose', status: 'normal' }),
				makeParameter('ldl', 165, '2024-04-02', { name: 'LDL Cholesterol', status: 'high' }),
				makeParameter('hemoglobin', 10.1, '2024-06-01', { name: 'Hemoglobin', unit: 'g/dL', status: 'low' }),
				makeParameter('potassium', 6.8, '2024-04-02', { name: 'Potassium', unit: 'mmol/L', status: 'critical' }),
			],
			today,
		)
		expect(alerts.map((alert) => [alert.code, alert.status, alert.testDate])).toEqual([
			['hemoglobin', 'low', '2024-06-01'],
			['potassium', 'critical', '2024-04-02'],
			['ldl', 'high', '2024-04-02'],
		])
		expect(alerts[0].message).toBe('Hemoglobin is low: 10.1 g/dL on 2024-06-01.')
		expect(alerts[1].message).toBe('Potassium is at a critical level: 6.8 mmol/L on 2024-04-02.')
	})

	it('grades a row without a status by the one rule: its own range, else a guideline (blood pressure, BMI), else not at all', () => {
		expect(effectiveStatusOf(makeParameter('ferritin', 8, '2024-05-01', { unit: 'ng/mL', referenceRangeMin: 15, referenceRangeMax: 150 }))).toBe('low')
		expect(effectiveStatusOf(makeParameter('glucose', 130, '2024-05-01'))).toBeNull()
		expect(effectiveStatusOf(makeParameter('systolic_bp', 135, '2024-05-01', { unit: 'mmHg' }))).toBe('high')
		expect(effectiveStatusOf(makeParameter('ferritin', 8, '2024-05-01', { unit: 'ng/mL' }))).toBeNull()
		const alerts = findAbnormalAlerts([makeParameter('systolic_bp', 190, '2024-05-01', { name: 'Systolic Blood Pressure' })], today)
		expect(alerts).toMatchObject([{ status: 'critical', referenceRange: null }])
	})

	it('keeps the most severe row of the newest day and ignores future dates', () => {
		const alerts = findAbnormalAlerts(
			[
				makeParameter('glucose', 95, '2024-06-01', { name: 'Glucose', status: 'normal' }),
				makeParameter('glucose', 130, '2024-06-01', { name: 'Glucose', status: 'high' }),
				makeParameter('hdl', 30, '2024-07-01', { name: 'HDL Cholesterol', status: 'low' }),
			],
			today,
		)
		expect(alerts.map((alert) => [alert.code, alert.value])).toEqual([['glucose', 130]])
	})

	it('has no alerts when every latest value is normal', () => {
		expect(findAbnormalAlerts([makeParameter('glucose', 90, '2024-06-01', { status: 'normal' })], today)).toEqual([])
	})
})
