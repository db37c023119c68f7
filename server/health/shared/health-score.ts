import { HEALTH_SCORE_NOT_AVAILABLE, NOT_A_DIAGNOSIS } from './messages.ts'
import type { RiskArea, RiskAssessment } from './risk.ts'
import { roundTo } from './units.ts'

/**
 * The dashboard's Health Score, from the risk assessment:
 *
 *   Health Score = 100 - mean(risk score of each assessed area)
 *
 * rounded to a whole number; areas without enough data are left out (and
 * named in the explanation). Labels: 80-100 Good, 60-79 Fair, below 60 Needs
 * attention.
 */

export type HealthScoreLabel = 'Good' | 'Fair' | 'Needs attention'

export type HealthScore =
	| {
			status: 'scored'
			score: number
			label: HealthScoreLabel
			explanation: string
			components: { area: RiskArea; title: string; riskScore: number }[]
			notAssessed: RiskArea[]
			disclaimer: string
	  }
	| { status: 'insufficient'; score: null; label: null; explanation: string; disclaimer: string }

export function healthScoreLabel(score: number): HealthScoreLabel {
	if (score >= 80) return 'Good'
	if (score >= 60) return 'Fair'
	return 'Needs attention'
}

export function calculateHealthScore(assessment: RiskAssessment): HealthScore {
	const areas = [assessment.cardiovascular, assessment.diabetes, assessment.hypertension]
	const components = areas
		.filter((area) => area.status === 'assessed' && area.score !== null)
		.map((area) => ({ area: area.area, title: area.title, riskScore: area.score as number }))
	const notAssessed = areas.filter((area) => area.status !== 'assessed')
	if (components.length === 0) {
		return {
			status: 'insufficient',
			score: null,
			label: null,
			explanation: HEALTH_SCORE_NOT_AVAILABLE,
			disclaimer: NOT_A_DIAGNOSIS,
		}
	}
	const average = components.reduce((sum, component) => sum + component.riskScore, 0) / components.length
	const score = Math.round(100 - average)
	const parts = components.map((component) => `${component.title} ${component.riskScore}`).join(', ')
	let explanation = `Health Score = 100 minus the average risk score of the assessed areas (${parts}; average ${roundTo(average, 1)}) = ${score}.`
	if (notAssessed.length > 0) {
		explanation += ` Not assessed for lack of data: ${notAssessed.map((area) => area.title).join(', ')}.`
	}
	return {
		status: 'scored',
		score,
		label: healthScoreLabel(score),
		explanation,
		components,
		notAssessed: notAssessed.map((area) => area.area),
		disclaimer: NOT_A_DIAGNOSIS,
	}
}
