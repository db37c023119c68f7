import { describe, expect, it } from 'vitest'
import { RISK_LEVEL_BADGE_TONES, TREND_ARROWS, describeTrend, healthScoreTone } from './trend-style.ts'

describe('trend style', () => {
	it('writes the direction out, not only as colour', () => {
		expect(describeTrend('up', '+5.2%', 'from last month')).toBe('Up 5.2% from last month')
		expect(describeTrend('down', '-3.0%', 'since Jan 2025')).toBe('Down 3.0% since Jan 2025')
		expect(describeTrend(null, null, 'No earlier reading to compare')).toBe('No earlier reading to compare')
		expect(TREND_ARROWS.stable).toBe('→')
	})

	it('colours risk levels and the health score', () => {
		expect(RISK_LEVEL_BADGE_TONES).toEqual({ low: 'success', moderate: 'warning', high: 'danger' })
		expect(healthScoreTone('Good')).toBe('success')
		expect(healthScoreTone(null)).toBe('neutral')
	})
})
