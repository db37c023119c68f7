import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { subscriptions } from '#db/schema/platform.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { waitForHydration } from './documents.ts'
import { createAdmin, createPatient, expect, signInAsAdmin, test } from './fixtures.ts'

// Issue 39, point 9: Process Payment asks first and says after; the page reads status, last payment,
// invoices and payment method from one record.
test('an admin records a payment: asked first, told after, and header, form, invoices, last payment and the lists agree', async ({ page }) => {
	const admin = await createAdmin('admin')
	const patient = await createPatient({ name: `Paula Pastdue ${Math.random().toString(36).slice(2, 8)}` })
	// made past due by hand, as an administrator's edit does: no invoice yet
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	let subscriptionId: string
	try {
		const now = new Date()
		const [row] = await db
			.update(subscriptions)
			.set({
				status: 'past_due',
				pastDueSince: now,
				trialEndsAt: null,
				currentPeriodStart: now,
				currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
				paymentMethod: null,
			})
			.where(eq(subscriptions.organizationId, patient.organizationId))
			.returning()
		subscriptionId = row!.id
	} finally {
		await sql.end()
	}
	await signInAsAdmin(page, admin)
	await page.goto(`/admin/subscriptions/${subscriptionId}`)
	await waitForHydration(page)
	const header = page.getByTestId('subscription-header')
	await expect(header.getByTestId('subscription-header-status')).toHaveText('Past due')
	await expect(header.getByTestId('subscription-last-payment')).toHaveText(`Last payment ${ADMIN_MESSAGES.notAvailable}`)

	// asked first, with what will be recorded; canceling changes nothing
	await header.getByRole('button', { name: 'Process Payment' }).click()
	let dialog = page.getByRole('dialog', { name: ADMIN_MESSAGES.processPaymentTitle })
	await expect(dialog).toContainText(ADMIN_MESSAGES.processPaymentNoInvoice('$9.99'))
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(header.getByTestId('subscription-header-status')).toHaveText('Past due')

	await header.getByRole('button', { name: 'Process Payment' }).click()
	dialog = page.getByRole('dialog', { name: ADMIN_MESSAGES.processPaymentTitle })
	await dialog.getByLabel(ADMIN_MESSAGES.paymentMethodLabel).selectOption('credit_card')
	await dialog.getByRole('button', { name: ADMIN_MESSAGES.processPaymentConfirm }).click()

	// told after
	await expect(page.getByRole('status').filter({ hasText: ADMIN_MESSAGES.paymentProcessed })).toContainText(ADMIN_MESSAGES.paymentRecorded('$9.99', 1, null))
	// one record: the header, the edit form, the invoices, the last payment and the payment method agree
	await expect(header.getByTestId('subscription-header-status')).toHaveText('Active')
	await expect(page.getByLabel('Status')).toHaveValue('active')
	await expect(header.getByTestId('subscription-last-payment')).toContainText('$9.99 on')
	await expect(header.getByTestId('subscription-last-payment')).toContainText('(credit card)')
	await expect(header.getByTestId('subscription-payment-method')).toHaveText('Payment method Credit card')
	await expect(page.getByLabel('Payment method')).toHaveValue('credit_card')
	await expect(page.getByTestId('invoice-row')).toHaveCount(1)
	await expect(page.getByTestId('invoice-row')).toContainText('Paid')
	await expect(page.getByTestId('invoice-row')).toContainText('$9.99 Credit card')
	await expect(page.getByTestId('subscription-history')).toContainText('subscription.payment_processed')
	await expect(header.getByRole('button', { name: 'Process Payment' })).toHaveCount(0)

	// the subscriptions list and the Tenants list read the same
	await page.goto(`/admin/subscriptions?q=${encodeURIComponent(patient.name)}`)
	const row = page.getByTestId('subscription-row')
	await expect(row).toContainText('Active')
	await expect(row).not.toContainText('Overdue')
	await page.goto(`/admin/tenants?q=${encodeURIComponent(patient.name)}`)
	await expect(page.getByTestId('organization-row').getByTestId('organization-status')).toHaveText('Active')
	await expect(page.getByTestId('organization-row').getByTestId('organization-subscription')).toHaveText('Basic · Active')
})

test('an upgrade waiting for its payment is listed, and recording the payment moves the plan', async ({ page, browser }) => {
	const admin = await createAdmin('admin')
	const patient = await createPatient({ name: `Uma Upgrade ${Math.random().toString(36).slice(2, 8)}` })
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const now = new Date()
		await db
			.update(subscriptions)
			.set({ status: 'active', trialEndsAt: null, currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000) })
			.where(eq(subscriptions.organizationId, patient.organizationId))
	} finally {
		await sql.end()
	}
	// the patient asks for Professional on a paid Basic plan: payment pending
	const patientContext = await browser.newContext()
	const patientPage = await patientContext.newPage()
	const { signInAs } = await import('./fixtures.ts')
	await signInAs(patientPage, patient)
	await patientPage.goto('/subscription')
	await waitForHydration(patientPage)
	await patientPage.getByTestId('plan-professional').getByRole('button', { name: 'Upgrade' }).click()
	await patientPage.getByRole('dialog').getByRole('button', { name: 'Switch to Professional' }).click()
	await expect(patientPage.getByTestId('payment-step')).toBeVisible()

	await signInAsAdmin(page, admin)
	await page.goto(`/admin/subscriptions?q=${encodeURIComponent(patient.name)}`)
	const row = page.getByTestId('subscription-row')
	await expect(row).toContainText(ADMIN_MESSAGES.paymentPending('Professional'))
	await row.getByRole('link', { name: 'Process Payment' }).click()
	// the same question in the page (the list links to it)
	await expect(page.getByRole('alertdialog', { name: ADMIN_MESSAGES.processPaymentTitle })).toContainText('$29.99')
	await page.getByRole('alertdialog').getByRole('button', { name: ADMIN_MESSAGES.processPaymentConfirm }).click()
	await expect(page.getByRole('status').filter({ hasText: ADMIN_MESSAGES.paymentProcessed })).toContainText(
		ADMIN_MESSAGES.paymentRecorded('$29.99', 1, 'Professional'),
	)
	await expect(page.getByTestId('subscription-header')).toContainText('Professional')
	await expect(page.getByTestId('subscription-payment-pending')).toHaveCount(0)

	await patientPage.goto('/subscription')
	await expect(patientPage.getByTestId('current-plan').getByRole('heading', { name: /Professional/ })).toBeVisible()
	await expect(patientPage.getByTestId('current-plan').getByTestId('subscription-status')).toHaveText('Active')
	await expect(patientPage.getByTestId('payment-step')).toHaveCount(0)
	await patientContext.close()
})
