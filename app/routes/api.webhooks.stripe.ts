import type { ActionFunctionArgs } from '@remix-run/node'
import { handleStripeWebhook } from '#server/billing/index.ts'
import { refusalStatus } from '#server/errors/index.ts'

/** Stripe's events (paid and failed invoices, subscription changes), signature checked before anything is read. */
export async function action({ request }: ActionFunctionArgs) {
	const result = await handleStripeWebhook(await request.text(), request.headers.get('stripe-signature'))
	if (!result.ok) return Response.json({ error: result.code }, { status: refusalStatus(result) })
	return Response.json({ received: true, handled: result.handled })
}

export async function loader() {
	return new Response('Method Not Allowed', { status: 405 })
}
