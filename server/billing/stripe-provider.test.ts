import { describe, expect, it } from 'vitest'
import { checkoutSessionParams } from './stripe-provider.ts'

describe('Stripe Checkout for an upgrade', () => {
	it("starts a subscription on the plan's price, with the organization and plan in the metadata the webhook links by", () => {
		const params = checkoutSessionParams(
			{
				organizationId: 'org-1',
				plan: 'professional',
				customerEmail: 'ann@example.test',
				customerId: null,
				successUrl: 'https://carebook.example/subscription?checkout=done',
				cancelUrl: 'https://carebook.example/subscription?checkout=canceled',
			},
			'price_123',
		)
		expect(params).toMatchObject({
			mode: 'subscription',
			line_items: [{ price: 'price_123', quantity: 1 }],
			client_reference_id: 'org-1',
			subscription_data: { metadata: { organizationId: 'org-1', plan: 'professional' } },
			customer_email: 'ann@example.test',
			success_url: 'https://carebook.example/subscription?checkout=done',
		})
	})

	it("reuses the organization's Stripe customer when it has one", () => {
		const params = checkoutSessionParams(
			{
				organizationId: 'org-1',
				plan: 'enterprise',
				customerEmail: 'ann@example.test',
				customerId: 'cus_1',
				successUrl: 'https://a/s',
				cancelUrl: 'https://a/c',
			},
			'price_9',
		)
		expect(params).toMatchObject({ customer: 'cus_1' })
		expect(params).not.toHaveProperty('customer_email')
	})
})
