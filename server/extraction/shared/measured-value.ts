/** A measured value as the source gives it (printed or coded), with its reference range; units are never converted here. */
export type MeasuredValue = {
	name: string
	value: number
	valueText: string
	unit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
}
