import { readFileSync } from 'node:fs'
import path from 'node:path'
import { appointments } from '#db/schema/tenant.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { confirmAsOwn } from './documents.ts'
import { BASE_URL, expect, test } from './fixtures.ts'

const FIXTURES = path.resolve('../shared/fixtures/documents')

test('a new patient sees honest empty states on the dashboard', async ({ page, login }) => {
	await login({ name: 'Dana Empty' })
	await page.goto('/')
	await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
	await expect(page.getByText('Welcome, Dana.')).toBeVisible()
	await expect(page.getByTestId('plan-summary')).toHaveText('Basic — trial, 14 days left')
	await expect(page.getByTestId('documents-count')).toHaveText('0')
	await expect(page.getByTestId('dashboard-alerts')).toContainText('No lab values yet.')
	const appointment = page.getByTestId('dashboard-next-appointment')
	await expect(appointment).toContainText('No upcoming appointments')
	await expect(appointment.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/appointments/new')
	await expect(page.getByTestId('dashboard-health-score')).toContainText('Not enough data for a Health Score yet')
	await expect(page.getByTestId('recent-activity')).toContainText('No activity yet.')
	const links = page.getByRole('navigation', { name: 'Quick links' })
	for (const [name, href] of [
		['Medical Records', '/records'],
		['Health Trends', '/trends'],
		['Upload Documents', '/upload'],
	]) {
		await expect(links.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href)
	}
})

test('the dashboard counts documents, raises alerts, scores health and lists recent activity', async ({ page, login }) => {
	test.setTimeout(90_000)
	const patient = await login({ name: 'Robin Active' })
	const upload = await page.request.post('/api/documents/upload', {
		headers: { Origin: BASE_URL },
		multipart: {
			file: {
				name: 'bluewater_final_report.pdf',
				mimeType: 'application/pdf',
				buffer: readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf')),
			},
		},
	})
	expect(upload.status()).toBe(201)
	const { documentId } = await upload.json()
	const input = encodeURIComponent(JSON.stringify({ json: { ids: [documentId] } }))
	await expect
		.poll(async () => (await (await page.request.get(`/api/trpc/documents.byIds?input=${input}`)).json()).result.data.json[0].status, {
			timeout: 60_000,
			intervals: [500, 1000],
		})
		.toBe('processed')
	await confirmAsOwn(page.request, [documentId])

	const today = new Date().toISOString().slice(0, 10)
	const reading = await page.request.post('/api/trpc/health.addReading', {
		headers: { Origin: BASE_URL, 'Content-Type': 'application/json' },
		data: { json: { kind: 'glucose', date: today, glucose: 92 } },
	})
	expect(reading.status()).toBe(200)
	const refused = await page.request.post('/api/trpc/health.addReading', {
		headers: { Origin: BASE_URL, 'Content-Type': 'application/json' },
		data: { json: { kind: 'blood_pressure', date: today, systolic: 400, diastolic: 80 } },
	})
	expect(refused.status()).toBe(400)

	const startsAt = new Date(Date.now() + 3 * 24 * 3600_000)
	await withTenant(patient.organizationId, (tx) =>
		tx.insert(appointments).values({
			ownerId: patient.id,
			title: 'Annual physical',
			provider: 'Dr. Imani Cole',
			specialty: 'Family Medicine',
			status: 'confirmed',
			startsAt,
			durationMinutes: 30,
			timeZone: 'UTC',
		}),
	)

	await page.goto('/')
	await expect(page.getByTestId('documents-count')).toHaveText('1')
	await expect(page.getByTestId('dashboard-documents')).toContainText('1 processed')
	const alerts = page.getByTestId('dashboard-alerts')
	await expect(alerts).toContainText('outside the reference range')
	await expect(alerts).toContainText(/HDL cholesterol/i)
	await expect(page.getByTestId('alerts-count')).not.toHaveText('0')
	await expect(page.getByTestId('dashboard-next-appointment')).toContainText('Annual physical')
	await expect(page.getByTestId('dashboard-next-appointment')).toContainText('Dr. Imani Cole')

	const score = page.getByTestId('dashboard-health-score')
	await expect(score.getByTestId('health-score')).toHaveText(/^\d+$/)
	await expect(score.getByTestId('health-score-explanation')).toBeHidden()
	await score.getByText('How is this computed?').click()
	await expect(score.getByTestId('health-score-explanation')).toContainText('Health Score = 100 minus the average risk score')

	const activity = page.getByTestId('activity-item')
	await expect(activity.first()).toContainText('Added a reading: glucose')
	await expect(activity.first()).toContainText('Glucose 92 mg/dL')
	await expect(page.getByTestId('recent-activity')).toContainText('Processed')
	await expect(page.getByTestId('recent-activity')).toContainText(/15 lab values read(, \d+ to check)?, \d+ outside the reference range/)
	await expect(page.getByTestId('health-summary')).toContainText('Glucose')
	await expect(page.getByTestId('health-summary')).toContainText('92 mg/dL')
	await expect(page.getByTestId('health-summary')).toContainText('Cardiovascular')
})
