/** Shapes shared by the health-analytics domain. Pure data: no database types here. */

/** A calendar date as 'YYYY-MM-DD'. */
export type IsoDate = string

/** Where 'today' may come from: an ISO date string or a Date (read as UTC). */
export type DateInput = IsoDate | Date

export type ParameterStatus = 'normal' | 'low' | 'high' | 'critical'

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
	testDate: IsoDate
	source: 'document' | 'manual'
	documentId: string | null
}

/** A row to insert (no id yet). */
export type NewHealthParameter = Omit<HealthParameter, 'id'>

export type ReferenceRange = { min: number | null; max: number | null }

export type TrendDirection = 'up' | 'down' | 'stable'
