import { APPOINTMENT_NOT_FOUND, CANCEL_DIALOG_MESSAGE, EMPTY_STATES, REQUIRED_FIELDS_MESSAGE } from '#server/appointments/shared/labels.ts'
import { AppointmentFormSchema, createAppointment, rememberPatientTimeZone, type Patient } from '#server/appointments/index.ts'
import { BASE_URL, createPatient, expect, signInAs, test, type TestUser } from './fixtures.ts'

const TIME_ZONE = 'America/New_York'
test.use({ timezoneId: TIME_ZONE })

/** The calendar date `days` from now on New York's clocks, 'YYYY-MM-DD'. */
function localDate(days: number) {
	return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
		new Date(Date.now() + days * 86_400_000),
	)
}

type PatientUser = TestUser & { organizationId: string }

async function patientWithZone(): Promise<PatientUser> {
	const user = await createPatient()
	await rememberPatientTimeZone(user.id, TIME_ZONE)
	return user
}

async function addAppointment(user: PatientUser, values: Record<string, unknown>) {
	const patient: Patient = { userId: user.id, organizationId: user.organizationId }
	const result = await createAppointment(
		patient,
		AppointmentFormSchema.parse({ durationMinutes: 30, status: 'confirmed', type: 'checkup', time: '10:00', timeZone: TIME_ZONE, ...values }),
		{ fallbackTimeZone: TIME_ZONE },
	)
	if (!result.ok) throw new Error(result.message)
	return result.appointment
}

async function fillAppointmentForm(
	page: import('@playwright/test').Page,
	values: { title: string; provider: string; specialty: string; date: string; time: string },
) {
	await page.getByLabel('Title').fill(values.title)
	await page.getByLabel('Doctor/Provider').fill(values.provider)
	await page.getByLabel('Specialty').fill(values.specialty)
	await page.getByLabel('Location').fill('Main Street Clinic')
	await page.getByLabel('Duration').selectOption({ label: '45 minutes' })
	await page.getByLabel('Status').selectOption({ label: 'Pending' })
	await page.getByLabel('Date', { exact: true }).fill(values.date)
	await page.getByLabel('Time', { exact: true }).fill(values.time)
	await page.getByLabel('Appointment Type').selectOption({ label: 'Specialist Visit' })
	await page.getByLabel('Contact phone').fill('+1 555 123 4567')
	await page.getByLabel('Contact email').fill('desk@clinic.example')
	await page.getByLabel('Notes').fill('Bring previous results')
}

test('creates an appointment: the form explains what is missing, then the list shows it', async ({ page, login }) => {
	await login()
	await page.goto('/appointments')
	await expect(page.getByText(EMPTY_STATES.upcoming.title)).toBeVisible()
	await page.getByRole('link', { name: 'New Appointment' }).click()
	await expect(page).toHaveURL('/appointments/new')
	await expect(page.getByLabel('Duration')).toHaveValue('30')
	await expect(page.getByLabel('Appointment Type')).toHaveValue('checkup')

	await page.getByRole('button', { name: 'Schedule Appointment' }).click()
	await expect(page.getByRole('alert')).toHaveText(REQUIRED_FIELDS_MESSAGE)
	await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

	const date = localDate(9)
	await fillAppointmentForm(page, { title: 'Cardiology follow-up', provider: 'Dr. Maya Patel', specialty: 'Cardiology', date, time: '14:30' })
	await page.getByLabel('Contact email').fill('not-an-email')
	await page.getByRole('button', { name: 'Schedule Appointment' }).click()
	await expect(page.getByText('Please enter a valid email address')).toBeVisible()
	await page.getByLabel('Contact email').fill('desk@clinic.example')
	await page.getByRole('button', { name: 'Schedule Appointment' }).click()

	await expect(page).toHaveURL('/appointments')
	await expect(page.getByText('Appointment Scheduled')).toBeVisible()
	const card = page.getByTestId('appointment-card').filter({ hasText: 'Cardiology follow-up' })
	await expect(card).toContainText('Dr. Maya Patel')
	await expect(card).toContainText('2:30 PM · 45 minutes')
	await expect(card.getByTestId('appointment-status')).toHaveText('Pending')
	await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15551234567')
	await expect(card.getByRole('link', { name: 'Join' })).toHaveAttribute('href', /^https:\/\/meet\.jit\.si\/carebook-[0-9a-f-]{36}$/)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('creates an appointment with server-side validation and a notice', async ({ page }) => {
		const user = await patientWithZone()
		await signInAs(page, user)
		await page.goto('/appointments/new')
		await page.getByLabel('Title').fill('Flu shot')
		await page.getByRole('button', { name: 'Schedule Appointment' }).click()
		await expect(page.getByRole('alert')).toHaveText(REQUIRED_FIELDS_MESSAGE)
		await expect(page.getByLabel('Title')).toHaveValue('Flu shot')

		await fillAppointmentForm(page, { title: 'Flu shot', provider: 'Dr. Chen', specialty: 'Primary Care', date: localDate(3), time: '09:15' })
		await page.getByRole('button', { name: 'Schedule Appointment' }).click()
		await expect(page).toHaveURL(/\/appointments$/)
		await expect(page.getByText('Appointment Scheduled')).toBeVisible()
		await expect(page.getByTestId('appointment-card').filter({ hasText: 'Flu shot' })).toContainText('9:15 AM · 45 minutes')
	})

	test('filters through the popover form and the URL', async ({ page }) => {
		const user = await patientWithZone()
		await addAppointment(user, { title: 'Heart check', provider: 'Dr. Patel', specialty: 'Cardiology', date: localDate(2) })
		await addAppointment(user, { title: 'Skin check', provider: 'Dr. Lee', specialty: 'Dermatology', date: localDate(4), status: 'pending' })
		await signInAs(page, user)
		await page.goto('/appointments')
		await page.getByRole('button', { name: 'Filter' }).click()
		await page.getByRole('checkbox', { name: 'Dr. Lee' }).check()
		await page.getByRole('button', { name: 'Apply Filters' }).click()
		await expect(page.getByText('Showing results with 1 active filter(s)')).toBeVisible()
		await expect(page.getByTestId('appointment-card')).toHaveCount(1)
		await expect(page.getByTestId('appointment-card')).toContainText('Skin check')
		await expect(page).toHaveURL(/doctor=Dr\.\+Lee/)

		await page.getByRole('button', { name: 'Filter' }).click()
		await page.getByRole('button', { name: 'Reset all' }).click()
		await expect(page.getByText('All filters have been cleared.')).toBeVisible()
		await expect(page.getByTestId('appointment-card')).toHaveCount(2)
	})
})

test('filters, searches and resets, with the notices and a shareable URL', async ({ page }) => {
	const user = await patientWithZone()
	await addAppointment(user, { title: 'Heart check', provider: 'Dr. Patel', specialty: 'Cardiology', location: 'Harbor Heart Center', date: localDate(2) })
	await addAppointment(user, { title: 'Skin check', provider: 'Dr. Lee', specialty: 'Dermatology', date: localDate(4), status: 'pending' })
	await addAppointment(user, { title: 'Eye exam', provider: 'Dr. Kim', specialty: 'Ophthalmology', date: localDate(6) })
	await signInAs(page, user)
	await page.goto('/appointments')
	const cards = page.getByTestId('appointment-card')
	await expect(cards).toHaveCount(3)

	await page.getByRole('button', { name: 'Filter' }).click()
	await page.getByRole('checkbox', { name: 'Confirmed' }).check()
	await page.getByRole('checkbox', { name: 'Ophthalmology' }).check()
	await page.getByRole('button', { name: 'Apply Filters' }).click()
	await expect(page.getByText('Filters Applied')).toBeVisible()
	await expect(page.getByText('Showing results with 2 active filter(s)')).toBeVisible()
	await expect(cards).toHaveCount(1)
	await expect(cards).toContainText('Eye exam')
	await expect(page.getByTestId('filter-count')).toHaveText('2')
	await expect(page).toHaveURL(/status=confirmed/)

	// The filtered view survives a reload (the filters are in the URL).
	await page.reload()
	await expect(cards).toHaveCount(1)
	await expect(page.getByText('Filters Applied')).toHaveCount(0)

	await page.getByRole('button', { name: 'Filter' }).click()
	await page.getByRole('button', { name: 'Reset all' }).click()
	await expect(page.getByText('Filters Reset')).toBeVisible()
	await expect(page.getByText('All filters have been cleared.')).toBeVisible()
	await expect(cards).toHaveCount(3)
	await expect(page.getByTestId('filter-count')).toHaveCount(0)

	await page.getByRole('searchbox', { name: 'Search appointments' }).fill('harbor')
	await expect(cards).toHaveCount(1)
	await expect(cards).toContainText('Heart check')
	await expect(page).toHaveURL(/q=harbor/)
})

test('opens an appointment, reschedules it with a history, then cancels it', async ({ page }) => {
	const user = await patientWithZone()
	const appointment = await addAppointment(user, {
		title: 'Annual physical',
		provider: 'Dr. Sarah Johnson',
		specialty: 'Primary Care',
		location: 'Main Street Clinic',
		notes: 'Fasting required',
		contactPhone: '(555) 010-2000',
		contactEmail: 'front@clinic.example',
		date: localDate(5),
		time: '15:45',
		durationMinutes: 60,
	})
	await signInAs(page, user)
	await page.goto('/appointments')
	await page.getByRole('link', { name: 'Annual physical' }).click()
	await expect(page).toHaveURL(`/appointments/${appointment.id}`)
	await expect(page.getByRole('heading', { name: 'Annual physical' })).toBeVisible()
	await expect(page.getByText('Check-up · 1 hour')).toBeVisible()
	await expect(page.getByText('3:45 PM', { exact: true })).toBeVisible()
	await expect(page.getByText('Fasting required')).toBeVisible()
	await expect(page.getByRole('link', { name: '(555) 010-2000' })).toHaveAttribute('href', 'tel:5550102000')
	await expect(page.getByRole('link', { name: 'front@clinic.example' })).toHaveAttribute('href', 'mailto:front@clinic.example')
	await expect(page.getByRole('link', { name: 'Start Video Call' })).toHaveAttribute('href', `https://meet.jit.si/carebook-${appointment.id}`)
	await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', `/api/appointments/${appointment.id}/ics`)

	await page.getByRole('link', { name: 'Reschedule' }).click()
	await expect(page).toHaveURL(`/appointments/${appointment.id}/reschedule`)
	await expect(page.getByText('Appointment Rescheduling')).toBeVisible()
	await page.getByLabel('New date').fill(localDate(8))
	await page.getByLabel('New time').fill('08:30')
	await page.getByLabel('Reason (optional)').fill('Clinic closed that day')
	await page.getByRole('button', { name: 'Reschedule Appointment' }).click()
	await expect(page).toHaveURL(`/appointments/${appointment.id}`)
	await expect(page.getByText('Appointment Rescheduled')).toBeVisible()
	await expect(page.getByText('8:30 AM', { exact: true })).toBeVisible()
	await expect(page.getByTestId('appointment-history')).toContainText('3:45 PM')
	await expect(page.getByTestId('appointment-history')).toContainText('Clinic closed that day')

	await page.getByRole('link', { name: 'Cancel Appointment' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog).toContainText(CANCEL_DIALOG_MESSAGE)
	await dialog.getByRole('button', { name: 'Keep Appointment' }).click()
	await expect(dialog).toHaveCount(0)
	await page.getByRole('link', { name: 'Cancel Appointment' }).click()
	await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Feeling better')
	await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel' }).click()
	await expect(page.getByText('Appointment Cancelled')).toBeVisible()
	await expect(page.getByTestId('appointment-status')).toHaveText('Cancelled')
	await expect(page.getByRole('link', { name: 'Cancel Appointment' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Start Video Call' })).toHaveCount(0)
	await expect(page.getByText('Feeling better').first()).toBeVisible()
})

test('cancels from the card menu after the confirmation dialog', async ({ page }) => {
	const user = await patientWithZone()
	await addAppointment(user, { title: 'Dental cleaning', provider: 'Dr. Ruiz', specialty: 'Dentistry', date: localDate(3) })
	await signInAs(page, user)
	await page.goto('/appointments')
	await page.getByRole('button', { name: 'Actions for Dental cleaning' }).click()
	await expect(page.getByRole('menuitem', { name: 'View details' })).toBeVisible()
	await expect(page.getByRole('menuitem', { name: 'Reschedule' })).toBeVisible()
	await page.getByRole('menuitem', { name: 'Cancel appointment' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByRole('heading', { name: 'Cancel Appointment' })).toBeVisible()
	await dialog.getByRole('button', { name: 'Yes, Cancel Appointment' }).click()
	await expect(page.getByText('Appointment Cancelled')).toBeVisible()
	const card = page.getByTestId('appointment-card').filter({ hasText: 'Dental cleaning' })
	await expect(card.getByTestId('appointment-status')).toHaveText('Cancelled')
	await card.getByRole('button', { name: 'Actions for Dental cleaning' }).click()
	await expect(page.getByRole('menuitem', { name: 'Cancel appointment' })).toHaveCount(0)
	await expect(page.getByRole('menuitem', { name: 'Reschedule' })).toHaveCount(0)
})

test('edits every field and deletes after confirmation', async ({ page }) => {
	const user = await patientWithZone()
	const appointment = await addAppointment(user, { title: 'Knee pain', provider: 'Dr. Young', specialty: 'Orthopedics', date: localDate(10) })
	await signInAs(page, user)
	await page.goto(`/appointments/${appointment.id}`)
	await page.getByRole('link', { name: 'Edit appointment' }).click()
	await expect(page.getByLabel('Title')).toHaveValue('Knee pain')
	await expect(page.getByLabel('Time', { exact: true })).toHaveValue('10:00')
	await fillAppointmentForm(page, { title: 'Knee follow-up', provider: 'Dr. Young', specialty: 'Sports Medicine', date: localDate(11), time: '11:00' })
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page).toHaveURL(`/appointments/${appointment.id}`)
	await expect(page.getByText('Appointment Updated')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Knee follow-up' })).toBeVisible()
	await expect(page.getByText('Specialist Visit · 45 minutes')).toBeVisible()
	await expect(page.getByText('11:00 AM', { exact: true })).toBeVisible()

	await page.getByRole('link', { name: 'Delete appointment' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Yes, Delete' }).click()
	await expect(page).toHaveURL('/appointments')
	await expect(page.getByText('Appointment Deleted')).toBeVisible()
	await expect(page.getByText(EMPTY_STATES.upcoming.title)).toBeVisible()
})

test('moves through tabs and days', async ({ page }) => {
	const user = await patientWithZone()
	await addAppointment(user, { title: 'Tomorrow visit', provider: 'Dr. A', specialty: 'Cardiology', date: localDate(1) })
	await addAppointment(user, { title: 'Old visit', provider: 'Dr. B', specialty: 'Cardiology', date: localDate(-20) })
	await signInAs(page, user)
	await page.goto('/appointments')
	await expect(page.getByRole('heading', { name: 'Tomorrow', exact: true })).toBeVisible()
	await page.getByRole('link', { name: 'Next day' }).click()
	await expect(page.getByTestId('shown-date')).toContainText('Tomorrow')
	await expect(page.getByText('Tomorrow visit')).toBeVisible()
	await page.getByRole('link', { name: 'Next day' }).click()
	await expect(page.getByText(EMPTY_STATES.upcoming.title)).toBeVisible()
	await page.getByRole('link', { name: 'Today', exact: true }).last().click()
	await expect(page.getByText('Tomorrow visit')).toBeVisible()

	await page.getByRole('tab', { name: 'Today' }).click()
	await expect(page.getByText(EMPTY_STATES.today.title)).toBeVisible()
	await expect(page.getByText(EMPTY_STATES.today.description!)).toBeVisible()
	await page.getByRole('tab', { name: 'Past' }).click()
	const old = page.getByTestId('appointment-card').filter({ hasText: 'Old visit' })
	await expect(old.getByTestId('appointment-status')).toHaveText('Completed')
	await expect(old.getByRole('link', { name: 'Call' })).toHaveCount(0)
})

test("an unknown id and another patient's appointment both say not found", async ({ page, login }) => {
	const owner = await patientWithZone()
	const appointment = await addAppointment(owner, { title: 'Private visit', provider: 'Dr. X', specialty: 'Neurology', date: localDate(2) })
	await login()
	for (const path of [
		`/appointments/${appointment.id}`,
		'/appointments/00000000-0000-4000-8000-000000000000',
		`/appointments/${appointment.id}/edit`,
		`/appointments/${appointment.id}/reschedule`,
	]) {
		const response = await page.goto(path)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: APPOINTMENT_NOT_FOUND.title })).toBeVisible()
		await expect(page.getByText('Private visit')).toHaveCount(0)
	}
	const ics = await page.request.get(`/api/appointments/${appointment.id}/ics`)
	expect(ics.status()).toBe(404)
})

test('downloads an .ics and serves a private, revocable calendar feed', async ({ page }) => {
	const user = await patientWithZone()
	const appointment = await addAppointment(user, { title: 'Eye exam', provider: 'Dr. Kim', specialty: 'Ophthalmology', date: localDate(4), time: '09:00' })
	await signInAs(page, user)
	const ics = await page.request.get(`/api/appointments/${appointment.id}/ics`)
	expect(ics.status()).toBe(200)
	expect(ics.headers()['content-type']).toContain('text/calendar')
	expect(await ics.text()).toContain('SUMMARY:Eye exam')

	await page.goto('/appointments')
	await page.getByRole('link', { name: 'Calendar subscription' }).click()
	await expect(page.getByTestId('feed-status')).toHaveText('No calendar link is active.')
	await page.getByRole('button', { name: 'Create calendar link' }).click()
	const feedUrl = await page.getByLabel('Calendar subscription').inputValue()
	expect(feedUrl).toMatch(new RegExp(`^${BASE_URL}/calendar/[a-z2-7]{52}\\.ics$`))

	// A calendar app has no session.
	const anonymous = await page.context().browser()!.newContext()
	const feed = await anonymous.request.get(feedUrl)
	expect(feed.status()).toBe(200)
	expect(await feed.text()).toContain('SUMMARY:Eye exam')

	await page.getByRole('button', { name: 'Revoke link' }).click()
	await expect(page.getByText('Calendar link revoked')).toBeVisible()
	expect((await anonymous.request.get(feedUrl)).status()).toBe(404)
	await anonymous.close()
})
