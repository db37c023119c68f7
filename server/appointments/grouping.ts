/**
 * Groups a list of appointments by local calendar day with the spec's
 * headings: 'Today', 'Tomorrow', or weekday + month + day ('Wednesday,
 * March 5'; a day in another year adds the year, see formatDayHeading).
 */
import type { Appointment, LocalDate } from '#server/appointments/shared/appointment.ts'
import { formatDayHeading } from '#server/appointments/shared/format.ts'
import { appointmentLocalDate, todayForAppointment, type CalendarContext } from './tabs.ts'

type Dated = Pick<Appointment, 'startsAt' | 'timeZone'>

export type AppointmentDayGroup<T> = {
	date: LocalDate
	heading: string
	appointments: T[]
}

export type GroupOrder = 'ascending' | 'descending'

/**
 * Day groups in date order (`descending` for the Past tab); within a day the
 * appointments are always in start order. The calendar is `context.timeZone`
 * when given, otherwise each appointment's own zone.
 */
export function groupAppointmentsByDay<T extends Dated>(
	appointments: readonly T[],
	context: CalendarContext,
	order: GroupOrder = 'ascending',
): AppointmentDayGroup<T>[] {
	const groups = new Map<LocalDate, AppointmentDayGroup<T>>()
	const sorted = [...appointments].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
	for (const appointment of sorted) {
		const date = appointmentLocalDate(appointment, context.timeZone)
		let group = groups.get(date)
		if (!group) {
			group = { date, heading: formatDayHeading(date, todayForAppointment(appointment, context)), appointments: [] }
			groups.set(date, group)
		}
		group.appointments.push(appointment)
	}
	const direction = order === 'descending' ? -1 : 1
	return [...groups.values()].sort((a, b) => direction * (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
