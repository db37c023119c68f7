import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { subscriptions } from '#db/schema/platform.ts'
import { formatCalendarInstant } from '#server/billing/shared/format.ts'
import { BILLING_MESSAGES } from '#server/billing/shared/messages.ts'
import { expect, test } from './fixtures.ts'

async function subscriptionRow(organizationId: string) {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
		return row!
	} finally {
		await sql.end()
	}
}

/** The trial ends with a paid period on `plan` (as when the payment of a renewal was taken). */
async function payForSubscription(organizationId: string, plan: 'basic' | 'professional' = 'basic') {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const now = new Date()
		await db
			.update(subscriptions)
			.set({
				plan,
				amountCents: plan === 'professional' ? 2999 : 999,
				status: 'active',
				trialEndsAt: null,
				currentPeriodStart: now,
				currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
			})
			.where(eq(subscriptions.organizationId, organizationId))
	} finally {
		await sql.end()
	}
}

test('the current-plan card shows the plan, its trial and usage; a downgrade is in force at once', async ({ page, login }) => {
	const user = await login()
	await page.goto('/subscription')
	await expect(page.getByRole('heading', { name: 'Subscription Management' })).toBeVisible()
	const card = page.getByTestId('current-plan')
	await expect(card.getByRole('heading', { name: /Basic/ })).toBeVisible()
	await expect(card.getByTestId('subscription-status')).toHaveText('Trial')
	await expect(card).toContainText(BILLING_MESSAGES.trialRemaining(14))
	await expect(page.getByTestId('plan-professional')).toContainText('Recommended')
	await expect(page.getByTestId('plan-basic')).toContainText('Current plan')

	await payForSubscription(user.organizationId, 'professional')
	await page.goto('/subscription')
	await expect(card.getByRole('heading', { name: /Professional/ })).toBeVisible()
	await expect(card).toContainText('$29.99')
	await expect(card.getByTestId('storage-usage')).toHaveText('0 MB of 1 GB (0%)')
	await page.getByTestId('plan-basic').getByRole('button', { name: 'Downgrade' }).click()
	await page.getByRole('dialog', { name: 'Switch to Basic?' }).getByRole('button', { name: 'Switch to Basic' }).click()
	await expect(page.getByRole('status').filter({ hasText: BILLING_MESSAGES.updatedTitle })).toContainText(BILLING_MESSAGES.updated('Basic'))
	await expect(card.getByRole('heading', { name: /Basic/ })).toBeVisible()
	await expect(page.getByTestId('plan-professional').getByRole('button', { name: 'Upgrade' })).toBeVisible()
})

test('canceling shows Canceled with the date access ends, and hides Cancel', async ({ page, login }) => {
	const user = await login()
	const accessEnds = formatCalendarInstant((await subscriptionRow(user.organizationId)).currentPeriodEnd!)
	await page.goto('/subscription')
	await page.getByRole('button', { name: 'Cancel Subscription' }).click()
	await page.getByRole('dialog', { name: 'Cancel your subscription?' }).getByRole('button', { name: 'Yes, Cancel Subscription' }).click()

	await expect(page.getByRole('status').filter({ hasText: BILLING_MESSAGES.canceledTitle })).toContainText(accessEnds)
	const card = page.getByTestId('current-plan')
	await expect(card.getByTestId('subscription-status')).toHaveText('Canceled')
	await expect(card).toContainText(BILLING_MESSAGES.accessUntil(accessEnds))
	await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0)
	expect((await subscriptionRow(user.organizationId)).status).toBe('canceled')
})

test('an API key made in Settings calls /api/v1/documents', async ({ page, login, request }) => {
	const user = await login()
	await page.goto('/settings/api-keys')
	// Basic has no API access: the page says so and offers the plans.
	await expect(page.getByText(BILLING_MESSAGES.apiNotIncluded('Basic'))).toBeVisible()
	await payForSubscription(user.organizationId, 'professional')

	await page.goto('/settings/api-keys')
	await page.getByLabel('Key name').fill('Home lab sync')
	await page.getByRole('button', { name: 'Create key' }).click()
	const key = (await page.getByTestId('new-api-key').textContent())!.trim()
	expect(key).toMatch(/^cbk_/)
	await expect(page.getByTestId('api-key-row')).toContainText('Home lab sync')
	await expect(page.getByTestId('api-key-row')).toContainText('Never')

	const listed = await request.get('/api/v1/documents', { headers: { Authorization: `Bearer ${key}` } })
	expect(listed.status()).toBe(200)
	expect(await listed.json()).toEqual({ documents: [] })
	const refused = await request.get('/api/v1/documents', { headers: { Authorization: 'Bearer cbk_not-a-key' } })
	expect(refused.status()).toBe(401)
	expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } })

	await page.reload()
	await expect(page.getByTestId('new-api-key')).toHaveCount(0) // shown once
	await expect(page.getByTestId('api-key-row')).not.toContainText('Never')
})
