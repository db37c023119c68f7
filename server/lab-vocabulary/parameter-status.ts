import type { ParameterStatus } from './shared/parameter-status.ts'

/** The one grading rule lives in shared/grading.ts (browser-safe: the screens name a guideline's grade). */
export { gradeParameter, guidelineGradeOf, type GuidelineGrade } from './shared/grading.ts'

/** The status a printed flag states, or null for none or an unknown word. */
export function statusFromFlag(flag: string | null): ParameterStatus | null {
	if (!flag) return null
	const word = flag
		.trim()
		.toLowerCase()
		.replace(/[^a-z* ]/g, '')
	if (['hh', 'll', 'crit', 'critical', 'c', 'panic', '**'].includes(word)) return 'critical'
	if (['h', 'high', 'above range', 'above', 'hi'].includes(word)) return 'high'
	if (['l', 'low', 'below range', 'below', 'lo'].includes(word)) return 'low'
	if (['n', 'normal', 'in range', 'within range', 'wnl'].includes(word)) return 'normal'
	return null
}
