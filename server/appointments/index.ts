/**
 * Appointments domain: pure rules, time-zone math, list view, reminders and
 * iCalendar output. Browser-safe pieces (form schemas, labels, filters,
 * formatting, status badge) live in ./shared/ and are re-exported here for
 * server callers; dates and zones come from server/time/shared/zoned-time.ts.
 */
export type { Appointment, AppointmentStatus, AppointmentTab, AppointmentType, LocalDate } from '#server/appointments/shared/appointment.ts'
export {
	AppointmentFormSchema,
	CancelFormSchema,
	RescheduleFormSchema,
	type AppointmentFormValue,
	type CancelFormValue,
	type RescheduleFormValue,
} from '#server/appointments/shared/appointment-form-schema.ts'
export {
	applyAppointmentFilters,
	buildFilterChoices,
	countActiveFilters,
	parseAppointmentFilters,
	writeAppointmentFilters,
	type AppointmentFilters,
} from '#server/appointments/shared/filters.ts'
export { appointmentStatusBadge, type StatusBadge } from '#server/appointments/shared/status-badge.ts'

export {
	appointmentsInTab,
	canStepShownDateBack,
	isInAppointmentTab,
	isInUpcomingFrom,
	parseAppointmentTab,
	parseShownDate,
	stepShownDate,
	type CalendarContext,
	type DateHeaderStep,
} from './tabs.ts'
export { groupAppointmentsByDay, type AppointmentDayGroup, type GroupOrder } from './grouping.ts'
export {
	appointmentBadgeAt,
	appointmentCardActions,
	appointmentEndsAt,
	canCancelAppointment,
	canEditAppointment,
	canRescheduleAppointment,
	cancelAppointment,
	hasAppointmentStarted,
	isCancelledAppointment,
	isPastAppointment,
	reminderTimesFor,
	rescheduleAppointment,
	REMINDER_OFFSETS,
	type AppointmentCardActions,
	type Reminder,
	type ReminderKind,
	type RescheduleHistoryEntry,
	type RescheduleInput,
	type RuleRefusal,
} from './rules.ts'
export {
	appointmentIcsFileName,
	buildAppointmentIcs,
	buildAppointmentsFeed,
	escapeIcsText,
	foldIcsLine,
	ICS_CONTENT_TYPE,
	type IcsAppointment,
	type IcsOptions,
} from './ics.ts'
export { buildVideoJoinUrl, isValidVideoBaseUrl } from './video-link.ts'
export { appointmentFieldsFromForm, appointmentFormDefaults, type AppointmentFields } from './form-values.ts'
export { buildAppointmentListView, LIST_PARAMS, parseAppointmentListQuery, type AppointmentListQuery, type AppointmentListView } from './list-view.ts'

// Stored appointments (database): every function takes the patient of the session.
export {
	APPOINTMENT_NOT_FOUND_MESSAGE,
	cancelAppointmentById,
	confirmImportedAppointment,
	createAppointment,
	deleteAppointment,
	getAppointment,
	getNextAppointment,
	isAppointmentId,
	listAppointments,
	rescheduleAppointmentById,
	updateAppointment,
	type AppointmentChange,
	type AppointmentRefusal,
	type AppointmentWithHistory,
	type AppointmentWriteResult,
	type Patient,
	type StoredAppointment,
} from './appointment-store.ts'
export { LIST_LIMIT_PARAM, LIST_PAGE_SIZE, loadAppointmentListPage, parseListLimit, type AppointmentListPage } from './list-page.ts'
export {
	toAppointmentCardView,
	toAppointmentDetailView,
	type AppointmentCardView,
	type AppointmentDetailView,
	type AppointmentHistoryView,
	type ViewContext,
} from './views.ts'
export { deliverAppointmentReminder, reminderJobKey, type ReminderOutcome } from './reminders.ts'
export { APPOINTMENT_NOTIFICATION_TYPES, appointmentEventText, type AppointmentEventKind } from './events.ts'
export {
	calendarFeedPath,
	createCalendarFeed,
	feedTokenFromPathSegment,
	getCalendarFeedStatus,
	icsSequence,
	readCalendarFeed,
	revokeCalendarFeed,
} from './calendar-feed.ts'
export { FALLBACK_TIME_ZONE, rememberPatientTimeZone, resolvePatientTimeZone, storedPatientTimeZone } from './patient-time-zone.ts'
export { storeImportedAppointments, type ImportedAppointment } from './imported-appointments.ts'
export { DEFAULT_VIDEO_BASE_URL, getVideoBaseUrl } from './video-config.ts'
export { searchAppointmentRows } from './search-rows.ts'
export { selectOwnerAppointmentsForExport } from './owner-export.ts'
