import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Card } from '#app/components/ui/card.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { getOrganizationSubscription } from '#server/billing/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const { user, organizationId } = await requirePatient(request)
	const subscription = await getOrganizationSubscription(organizationId)
	return { firstName: user.name.split(/\s+/)[0] ?? user.name, subscription }
}

export const meta: MetaFunction = () => [{ title: 'Dashboard · Carebook' }]

export default function DashboardRoute() {
	const { firstName, subscription } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">Welcome, {firstName}.</p>
			</div>
			<Card>
				<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your plan</h2>
				{subscription ? (
					<p className="mt-2 text-lg" data-testid="plan-summary">
						{subscription.planName}
						{subscription.status === 'trialing'
							? ` — trial, ${subscription.trialDaysRemaining} day${subscription.trialDaysRemaining === 1 ? '' : 's'} left`
							: ` — ${subscription.status.replace('_', ' ')}`}
					</p>
				) : (
					<p className="mt-2 text-slate-600">No subscription is attached to your account.</p>
				)}
			</Card>
		</div>
	)
}
