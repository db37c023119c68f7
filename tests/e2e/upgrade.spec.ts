import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { invoices, subscriptions } from '#db/schema/platform.ts'
import { formatCalendarInstant } from '#server/billing/shared/format.ts'
import { invoiceReference } from '#server/billing/shared/invoice-reference.ts'
import { BILLING_MESSAGES } from '#server/billing/shared/messages.ts'
import { waitForHydration } from './documents.ts'
import { expect, test } from './fixtures.ts'
import { insertDocumentRow } from './seed-rows.ts'

async function subscriptionRow(organizationId: string) {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
		return row!
	} finally {
		await sql.end()
	}
}

async function confirmPlan(page: import('@playwright/test').Page, planName: string, button: 'Upgrade' | 'Downgrade') {
	await page.getByTestId(`plan-${planName.toLowerCase()}`).getByRole('button', { name: button }).click()
	await page
		.getByRole('dialog', { name: `Switch to ${planName}?` })
		.getByRole('button', { name: `Switch to ${planName}` })
		.click()
}

// Issue 39, point 8: on the default install (no payment provider configured).
test('a trial upgraded without a payment provider moves to the plan and says when payment is due; the next upgrade leads to an invoice with how to pay, payment pending', async ({
	page,
	login,
}) => {
	const user = await login()
	const trialEnd = formatCalendarInstant((await subscriptionRow(user.organizationId)).trialEndsAt!)
	await page.goto('/subscription')
	await waitForHydration(page)
	await confirmPlan(page, 'Professional', 'Upgrade')

	await expect(page.getByRole('status').filter({ hasText: BILLING_MESSAGES.trialMovedTitle })).toContainText(
		BILLING_MESSAGES.trialMoved('Professional', trialEnd),
	)
	const card = page.getByTestId('current-plan')
	await expect(card.getByRole('heading', { name: /Professional/ })).toBeVisible()
	await expect(card.getByTestId('subscription-status')).toHaveText('Trial')
	await expect(card.getByTestId('trial-payment-note')).toHaveText(BILLING_MESSAGES.trialMovedNote('Professional', '$29.99', trialEnd))
	await expect(page.getByTestId('plan-professional')).toContainText('Current plan')

	// the one trial move is used: Enterprise needs a payment, and the page says how to make it
	await confirmPlan(page, 'Enterprise', 'Upgrade')
	const step = page.getByTestId('payment-step')
	await expect(step.getByRole('heading', { name: BILLING_MESSAGES.paymentPendingHeading('Enterprise') })).toBeVisible()
	const row = await subscriptionRow(user.organizationId)
	const reference = invoiceReference(row.pendingInvoiceId!)
	await expect(step.getByTestId('payment-pending')).toHaveText(BILLING_MESSAGES.paymentPendingBody(reference, '$99.99', 'Enterprise'))
	await expect(step.getByTestId('payment-instructions')).toContainText(BILLING_MESSAGES.howToPay)
	await expect(step.getByTestId('payment-instructions')).toContainText(reference)
	await expect(step.getByTestId('payment-instructions').getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)
	await expect(card.getByTestId('subscription-payment-pending')).toHaveText(BILLING_MESSAGES.paymentPendingTitle)
	await expect(card.getByRole('heading', { name: /Professional/ })).toBeVisible()
	// no second Upgrade to the plan waiting for its payment
	await expect(page.getByTestId('plan-enterprise').getByRole('button', { name: 'Upgrade' })).toHaveCount(0)
	await expect(page.getByTestId('plan-enterprise')).toContainText(BILLING_MESSAGES.paymentPendingTitle)
	expect(row).toMatchObject({ plan: 'professional', status: 'trialing', pendingPlan: 'enterprise' })

	// the organization can drop the waiting upgrade
	await step.getByRole('button', { name: BILLING_MESSAGES.dropPendingUpgrade }).click()
	await expect(page.getByText(BILLING_MESSAGES.pendingUpgradeDropped)).toBeVisible()
	await expect(page.getByTestId('payment-step')).toHaveCount(0)
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		expect(await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.organizationId, user.organizationId))).toEqual([{ status: 'void' }])
	} finally {
		await sql.end()
	}
})

test('a plan change that fails stays on the page as an alert, with the reason', async ({ page, login }) => {
	const user = await login()
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		await db
			.update(subscriptions)
			.set({ plan: 'professional', amountCents: 2999, status: 'active', trialEndsAt: null })
			.where(eq(subscriptions.organizationId, user.organizationId))
	} finally {
		await sql.end()
	}
	// more stored than Basic allows: the downgrade is refused
	await insertDocumentRow(user, { title: 'Large scan', status: 'processed', sizeBytes: 150_000_000 })
	await page.goto('/subscription')
	await waitForHydration(page)
	await confirmPlan(page, 'Basic', 'Downgrade')
	const alert = page.locator('main').getByRole('alert')
	await expect(alert).toContainText(BILLING_MESSAGES.upgradeFailedTitle)
	await expect(alert).toContainText('Cannot switch to Basic')
	await expect(alert).toContainText(BILLING_MESSAGES.upgradeFailedAlert)
	// still there once a toast would have gone
	await page.waitForTimeout(5_500)
	await expect(alert).toBeVisible()
	await expect(page.getByTestId('current-plan').getByRole('heading', { name: /Professional/ })).toBeVisible()
})
