import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { users } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { createAdmin, createPatient, deleteTestData, expect, signInAsAdmin, test, uniqueEmail } from './fixtures.ts'

test('the users list shows platform and organization roles apart, and the last sign-in and activity', async ({ page, browser }) => {
	const admin = await createAdmin('admin')
	const patient = await createPatient({ name: 'Rosa Roles' })
	await signInAsAdmin(page, admin)

	await page.goto(`/admin/users?q=${encodeURIComponent(patient.email)}`)
	const row = page.getByTestId('user-row').filter({ hasText: patient.email })
	await expect(row.getByTestId('platform-role')).toHaveText('Patient')
	await expect(row.getByTestId('organization-role')).toHaveText('Personal account')
	await expect(row).not.toContainText('Admin')
	await expect(row).toContainText('Never')

	// a patient is no organization admin: the Admin filter leaves them out
	await page.getByLabel('Organization role').selectOption('admin')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/role=admin/)
	await expect(page.getByText('No users found matching your filters.')).toBeVisible()

	// the patient signs in: Last Login and Last Active are set
	const patientContext = await browser.newContext()
	const patientPage = await patientContext.newPage()
	await patientPage.goto('/login')
	await patientPage.getByLabel('Email').fill(patient.email)
	await patientPage.getByLabel('Password').fill(patient.password)
	await patientPage.getByRole('button', { name: 'Sign in' }).click()
	await expect(patientPage).toHaveURL('/')
	await patientContext.close()

	await page.goto(`/admin/users?q=${encodeURIComponent(patient.email)}`)
	await expect(row).not.toContainText('Never')
	await expect(row).toContainText(/UTC.*UTC/)
	await row.getByRole('link', { name: 'Rosa Roles' }).click()
	await expect(page.getByText(/^Last sign-in: .+ UTC$/)).toBeVisible()
	await expect(page.getByText(/^Last active: .+ UTC$/)).toBeVisible()
	await expect(page.getByText('Platform role: Patient')).toBeVisible()
})

test('Create User: after a validation message, the first click on the button creates the user', async ({ page }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	const email = uniqueEmail('first-click')
	try {
		await page.goto('/admin/users/create')
		await page.getByLabel('Name').fill('Clara Click')
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Create User' }).click()
		const password = page.getByLabel('Password')
		await expect(password).toHaveAttribute('aria-invalid', 'true')
		await password.fill('Long-enough-pass-1')
		await page.getByRole('button', { name: 'Create User' }).click()
		await expect(page.getByText('User created')).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Clara Click' })).toBeVisible()
	} finally {
		const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
		const made = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
		await sql.end()
		await deleteTestData(
			made.map((row) => row.id),
			[],
		)
	}
})

test('the audit log lists who did what, filters by user and action, and exports the filtered rows as CSV', async ({ page }) => {
	const superadmin = await createAdmin('superadmin')
	const patient = await createPatient({ name: 'Audra Audit' })
	const action = `e2e.audit_${Date.now()}`
	await recordAudit({
		action,
		actor: { userId: patient.id, organizationId: patient.organizationId, ipAddress: '198.51.100.23' },
		target: { type: 'user', id: patient.id },
	})
	await recordAudit({ action: `${action}_other`, actor: { userId: superadmin.id }, target: { type: 'user', id: patient.id } })
	await signInAsAdmin(page, superadmin)

	await page.goto('/admin')
	await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Audit Log' }).click()
	await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible()
	await page.getByLabel('User (email or id)').fill(patient.email)
	await page.getByLabel('Action').selectOption(action)
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page).toHaveURL(/user=.*action=/)
	const rows = page.getByTestId('audit-row')
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText(patient.email)
	await expect(rows.first()).toContainText(action)
	await expect(rows.first()).toContainText('198.51.100.23')

	// only this user: the admin's entry on them shows without the action filter, the filter by action keeps one
	await page.getByLabel('Action').selectOption('')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(rows.filter({ hasText: `${action}_other` })).toHaveCount(1)
	await expect(rows.filter({ hasText: superadmin.email })).toHaveCount(1)

	// a date range without the entries
	await page.getByLabel('From').fill('2020-01-01')
	await page.getByLabel('To').fill('2020-01-02')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByText('No audit entries match these filters.')).toBeVisible()

	await page.goto(`/admin/audit?user=${encodeURIComponent(patient.email)}&action=${action}`)
	const downloadStarted = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Export CSV' }).click()
	const download = await downloadStarted
	expect(download.suggestedFilename()).toMatch(/^carebook-audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
	const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')
	const lines = csv.trim().split('\r\n')
	expect(lines[0]).toBe('time,action,actor_email,actor_user_id,organization,organization_id,target_type,target_id,ip_address,details')
	expect(lines).toHaveLength(2)
	expect(lines[1]).toContain(action)
	expect(lines[1]).toContain(patient.email)
	expect(lines[1]).not.toContain(`${action}_other`)
})
