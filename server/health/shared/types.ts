/** Shapes shared by the health-analytics domain. Pure data: no database types here. */

import type { ParameterStatus } from '#server/lab-vocabulary/shared/parameter-status.ts'
import type { LocalDate } from '#server/time/shared/zoned-time.ts'

/** A calendar date as 'YYYY-MM-DD': the one type from the time module. */
export type { LocalDate }

/** Where 'today' may come from: an ISO date string or a Date (read as UTC). */
export type DateInput = LocalDate | Date

export type { ParameterStatus }

/** A stored health parameter row, as the database layer hands it to this domain. */
export type HealthParameter = {
	id: string
	code: string
	name: string
	value: number
	unit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	status: ParameterStatus | null
	testDate: LocalDate
	source: 'document' | 'manual'
	documentId: string | null
}

/** A row to insert (no id yet). */
export type NewHealthParameter = Omit<HealthParameter, 'id'>

export type ReferenceRange = { min: number | null; max: number | null }

export type TrendDirection = 'up' | 'down' | 'stable'
