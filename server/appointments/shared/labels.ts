/**
 * User-facing texts and option lists of the appointments screens (spec
 * sections 2.9, 4, 5 and 8). UI and tests import these so they never drift.
 * Texts marked "ours" are not in the spec: the spec's screen was a stub there.
 */
import type { AppointmentStatus, AppointmentTab, AppointmentType, BookableStatus, DurationMinutes } from './appointment.ts'

export const APPOINTMENTS_TITLE = 'Appointments'
export const NEW_APPOINTMENT_LABEL = 'New Appointment'

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields: Title, Provider, Specialty, Date, and Time'

export const DURATION_LABELS: Record<DurationMinutes, string> = {
	15: '15 minutes',
	30: '30 minutes',
	45: '45 minutes',
	60: '1 hour',
	90: '1 hour 30 minutes',
	120: '2 hours',
}

export const DURATION_OPTIONS: ReadonlyArray<{ value: DurationMinutes; label: string }> = [
	{ value: 15, label: DURATION_LABELS[15] },
	{ value: 30, label: DURATION_LABELS[30] },
	{ value: 45, label: DURATION_LABELS[45] },
	{ value: 60, label: DURATION_LABELS[60] },
	{ value: 90, label: DURATION_LABELS[90] },
	{ value: 120, label: DURATION_LABELS[120] },
]

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
	checkup: 'Check-up',
	specialist: 'Specialist Visit',
	vaccination: 'Vaccination',
	other: 'Other',
}

export const APPOINTMENT_TYPE_OPTIONS: ReadonlyArray<{ value: AppointmentType; label: string }> = [
	{ value: 'checkup', label: APPOINTMENT_TYPE_LABELS.checkup },
	{ value: 'specialist', label: APPOINTMENT_TYPE_LABELS.specialist },
	{ value: 'vaccination', label: APPOINTMENT_TYPE_LABELS.vaccination },
	{ value: 'other', label: APPOINTMENT_TYPE_LABELS.other },
]

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
	confirmed: 'Confirmed',
	pending: 'Pending',
	cancelled: 'Cancelled',
}

/** The form's Status select. */
export const BOOKABLE_STATUS_OPTIONS: ReadonlyArray<{ value: BookableStatus; label: string }> = [
	{ value: 'confirmed', label: APPOINTMENT_STATUS_LABELS.confirmed },
	{ value: 'pending', label: APPOINTMENT_STATUS_LABELS.pending },
]

/** The filter popover's Status checkboxes. */
export const FILTER_STATUS_OPTIONS: ReadonlyArray<{ value: AppointmentStatus; label: string }> = [
	{ value: 'confirmed', label: APPOINTMENT_STATUS_LABELS.confirmed },
	{ value: 'pending', label: APPOINTMENT_STATUS_LABELS.pending },
	{ value: 'cancelled', label: APPOINTMENT_STATUS_LABELS.cancelled },
]

export const APPOINTMENT_TAB_LABELS: Record<AppointmentTab, string> = {
	upcoming: 'Upcoming',
	today: 'Today',
	past: 'Past',
}

export type EmptyState = { title: string; description: string | null }

export const EMPTY_STATES: Record<AppointmentTab, EmptyState> = {
	upcoming: { title: 'No upcoming appointments', description: 'Schedule a new appointment to get started.' },
	today: { title: 'No appointments today', description: "You're all caught up for today!" },
	past: { title: 'No past appointments', description: null },
}

/** Ours: the Upcoming list is empty only because of search or filters. */
export const NO_MATCHING_APPOINTMENTS: EmptyState = {
	title: 'No matching appointments',
	description: 'Try a different search or reset the filters.',
}

export const LOAD_FAILED_MESSAGE = 'Failed to load appointments. Please try again later.'
export const RETRY_LABEL = 'Retry'

export const DAY_HEADING_TODAY = 'Today'
export const DAY_HEADING_TOMORROW = 'Tomorrow'
export const TODAY_MARKER = '(Today)'

/** A notice (toast) of this screen: redirectWithToast after an action, toast() in the browser. */
export type Notice = { title: string; description: string | null; tone: 'info' | 'success' }

export function filtersAppliedNotice(activeFilterCount: number): Notice {
	return { title: 'Filters Applied', description: `Showing results with ${activeFilterCount} active filter(s)`, tone: 'info' }
}

export const FILTERS_RESET_NOTICE: Notice = { title: 'Filters Reset', description: 'All filters have been cleared.', tone: 'info' }
export const RESCHEDULING_NOTICE: Notice = { title: 'Appointment Rescheduling', description: null, tone: 'info' }
/** Ours: real outcomes of what the spec left as stubs. */
export const APPOINTMENT_SCHEDULED_NOTICE: Notice = {
	title: 'Appointment Scheduled',
	description: 'Your appointment has been added.',
	tone: 'success',
}
export const APPOINTMENT_UPDATED_NOTICE: Notice = {
	title: 'Appointment Updated',
	description: 'Your changes have been saved.',
	tone: 'success',
}
export const APPOINTMENT_RESCHEDULED_NOTICE: Notice = {
	title: 'Appointment Rescheduled',
	description: 'Your appointment has been moved to the new time.',
	tone: 'success',
}
export const APPOINTMENT_CANCELLED_NOTICE: Notice = {
	title: 'Appointment Cancelled',
	description: 'Your appointment has been cancelled.',
	tone: 'success',
}

export const FILTER_LABELS = {
	button: 'Filter',
	dateRange: 'Date Range',
	fromDate: 'From date',
	toDate: 'To date',
	status: 'Status',
	doctors: 'Doctors',
	specialties: 'Specialties',
	resetAll: 'Reset all',
	cancel: 'Cancel',
	apply: 'Apply Filters',
} as const

export const DATE_HEADER_LABELS = {
	previous: 'Previous day',
	next: 'Next day',
	today: 'Today',
} as const

export const FORM_LABELS = {
	title: 'Title',
	provider: 'Doctor/Provider',
	location: 'Location',
	specialty: 'Specialty',
	durationMinutes: 'Duration',
	status: 'Status',
	date: 'Date',
	time: 'Time',
	type: 'Appointment Type',
	notes: 'Notes',
	contactPhone: 'Contact phone',
	contactEmail: 'Contact email',
	cancel: 'Cancel',
	submit: 'Schedule Appointment',
} as const

export const CARD_LABELS = {
	call: 'Call',
	join: 'Join',
	viewDetails: 'View details',
	reschedule: 'Reschedule',
	cancelAppointment: 'Cancel appointment',
} as const

export const DETAIL_LABELS = {
	startVideoCall: 'Start Video Call',
	reschedule: 'Reschedule',
	cancelAppointment: 'Cancel Appointment',
	edit: 'Edit appointment',
	delete: 'Delete appointment',
	downloadIcs: 'Add to calendar (.ics)',
} as const

export const CANCEL_DIALOG_MESSAGE = 'Are you sure you want to cancel this appointment? This action cannot be undone.'

/** The confirmation dialog of the list's card menu. */
export const LIST_CANCEL_DIALOG = {
	title: 'Cancel Appointment',
	message: CANCEL_DIALOG_MESSAGE,
	confirm: 'Yes, Cancel Appointment',
	dismiss: 'No, Keep Appointment',
} as const

/** The confirmation dialog of the detail page. */
export const DETAIL_CANCEL_DIALOG = {
	title: 'Cancel Appointment',
	message: CANCEL_DIALOG_MESSAGE,
	confirm: 'Yes, Cancel',
	dismiss: 'Keep Appointment',
} as const

/** Ours: validation texts beyond the spec's one required-fields alert. */
export const VALIDATION_MESSAGES = {
	invalidDate: 'Please enter a valid date',
	dateTooEarly: 'Date must be on or after January 1, 1900',
	invalidTime: 'Please enter a valid time',
	invalidDuration: 'Please choose a duration',
	invalidStatus: 'Please choose a status',
	invalidType: 'Please choose an appointment type',
	invalidPhone: 'Please enter a valid phone number',
	invalidEmail: 'Please enter a valid email address',
	invalidTimeZone: 'Unknown time zone',
	dateRequired: 'Please choose a date',
	timeRequired: 'Please choose a time',
	tooLong: (max: number) => `Must be at most ${max} characters`,
} as const

/** Ours: why a cancel or reschedule was refused (section 2.9 only hides the buttons). */
export const RULE_MESSAGES = {
	alreadyCancelled: 'This appointment has been cancelled.',
	alreadyStarted: 'This appointment has already started or taken place.',
	newTimeInPast: 'Please choose a time in the future.',
	sameTime: 'The appointment is already at this time.',
} as const

/** Ours: the detail page's delete confirmation. */
export const DELETE_DIALOG = {
	title: 'Delete Appointment',
	message: 'Are you sure you want to delete this appointment? This action cannot be undone.',
	confirm: 'Yes, Delete',
	dismiss: 'Keep Appointment',
} as const

export const CANCEL_REASON_LABEL = 'Reason (optional)'

/** Ours: the spec's detail page had no not-found state (it showed a fixed sample). */
export const APPOINTMENT_NOT_FOUND = {
	title: 'Appointment Not Found',
	message: 'The appointment you are looking for does not exist or has been moved.',
	back: 'Go Back to Appointments',
} as const

export const BACK_TO_APPOINTMENTS = 'Back to Appointments'
export const BACK_LABEL = 'Back'

export const EDIT_PAGE_LABELS = {
	title: 'Edit Appointment',
	submit: 'Save Changes',
	notEditable: 'This appointment can no longer be changed.',
} as const

export const NEW_PAGE_LABELS = {
	title: 'New Appointment',
	description: 'Add a visit with a doctor or provider to your calendar.',
} as const

export const RESCHEDULE_PAGE_LABELS = {
	title: 'Reschedule Appointment',
	currentTime: 'Currently scheduled',
	newDate: 'New date',
	newTime: 'New time',
	reason: 'Reason (optional)',
	submit: 'Reschedule Appointment',
	cancel: 'Cancel',
	notReschedulable: 'This appointment can no longer be rescheduled.',
} as const

export const DETAIL_SECTION_LABELS = {
	date: 'Date',
	time: 'Time',
	doctor: 'Doctor',
	location: 'Location',
	notes: 'Notes',
	contact: 'Contact',
	phone: 'Phone',
	email: 'Email',
	noLocation: 'No location given',
	noNotes: 'No notes',
	history: 'Previous times',
	rescheduledOn: 'Rescheduled on',
	cancelledOn: 'Cancelled on',
	cancelReason: 'Reason',
	timeZone: 'Time zone',
} as const

/** Ours: a form field left empty (the form-level alert carries the spec's sentence). */
export const FIELD_REQUIRED = 'Required'

export const TIME_ZONE_HINT = (timeZone: string) => `Times are in ${timeZone.replace(/_/g, ' ')}.`

export const APPOINTMENT_DELETED_NOTICE: Notice = {
	title: 'Appointment Deleted',
	description: 'The appointment has been removed.',
	tone: 'success',
}

/** Ours: the private calendar feed section. */
export const CALENDAR_FEED_LABELS = {
	link: 'Calendar subscription',
	title: 'Subscribe in your calendar app',
	description:
		'A private address your calendar app (Apple Calendar, Google Calendar, Outlook) can subscribe to. Anyone with the address can see your appointments, so keep it to yourself.',
	create: 'Create calendar link',
	replace: 'Create a new link',
	replaceHint: 'Creating a new link stops the old one.',
	revoke: 'Revoke link',
	copy: 'Copy link',
	copied: 'Link Copied!',
	active: (createdOn: string) => `A calendar link is active (created ${createdOn}).`,
	none: 'No calendar link is active.',
	shownOnce: 'Copy this address now: for your privacy it is shown only once.',
	revokedNotice: 'Calendar link revoked',
	createdNotice: 'Calendar link created',
} as const

/** Ours: texts of the notification rows appointment events write (spec section 9 event types). */
export const APPOINTMENT_EVENT_TEXTS = {
	confirmed: {
		title: 'Appointment Confirmed',
		message: (what: string, when: string) => `${what} on ${when} is confirmed.`,
	},
	cancelled: {
		title: 'Appointment Cancelled',
		message: (what: string, when: string) => `${what} on ${when} has been cancelled.`,
	},
	rescheduled: {
		title: 'Appointment Rescheduled',
		message: (what: string, when: string) => `${what} has been moved to ${when}.`,
	},
	reminder: {
		title: 'Appointment Reminder',
		message: (what: string, when: string, kind: '24h' | '1h') =>
			kind === '24h' ? `${what} is in 24 hours, on ${when}.` : `${what} starts in 1 hour, at ${when}.`,
	},
} as const

/** An appointment imported from a file, until the patient confirms it (issue 41: no reminders before). */
export const IMPORTED_APPOINTMENT_TEXTS = {
	title: 'Imported from a file',
	description: 'This appointment came from a file you imported. Check it, then confirm it to get reminders; until then Carebook sends none.',
	confirm: 'Confirm appointment',
} as const

export const IMPORTED_APPOINTMENT_CONFIRMED_NOTICE: Notice = {
	title: 'Appointment confirmed',
	description: 'Its reminders are set.',
	tone: 'success',
}
