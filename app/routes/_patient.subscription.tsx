import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { ConfirmActionButton } from '#app/components/billing/confirm-action-button.tsx'
import { CurrentPlanCard } from '#app/components/billing/current-plan-card.tsx'
import { PaymentStep } from '#app/components/billing/payment-step.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { cancelPendingUpgrade, cancelSubscription, changePlan, getSubscriptionOverview, PLANS } from '#server/billing/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { formatCalendarInstant } from '#server/billing/shared/format.ts'
import { BILLING_MESSAGES, CANCEL_TEXTS, PLAN_CHANGE_TEXTS } from '#server/billing/shared/messages.ts'
import { isUpgrade, PLAN_IDS, type CatalogueEntry } from '#server/billing/shared/plans.ts'
import { notFound, refusalStatus } from '#server/errors/index.ts'
import { describeError, logger } from '#server/logger.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

export const meta: MetaFunction = () => [{ title: 'Subscription | Carebook' }]

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const overview = await getSubscriptionOverview(patient)
	if (!overview) notFound(BILLING_MESSAGES.loadFailed)
	return overview
}

const ActionSchema = z.discriminatedUnion('intent', [
	// errorMap: Zod's default text for a wrong choice repeats the value sent.
	z.object({ intent: z.literal('change-plan'), plan: z.enum(PLAN_IDS, { errorMap: () => ({ message: BILLING_MESSAGES.choosePlan }) }) }),
	z.object({ intent: z.literal('cancel') }),
	z.object({ intent: z.literal('drop-upgrade') }),
])

/** A failure stays on the page as an alert (and is announced), not only as a passing toast. */
function failure(title: string, message: string, status: number) {
	return data({ failure: { title, message } }, { status })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: ActionSchema })
	if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
	const value = submission.value
	if (value.intent === 'change-plan') {
		const origin = appOrigin(request)
		const result = await changePlan(patient, value.plan, {
			checkout: { successUrl: `${origin}/subscription?checkout=done`, cancelUrl: `${origin}/subscription?checkout=canceled` },
			customerEmail: patient.user.email,
		}).catch((error: unknown) => {
			logger.error('billing.change_plan_failed', { requestId: context.requestId, ...describeError(error) })
			return null
		})
		if (!result?.ok)
			return failure(BILLING_MESSAGES.upgradeFailedTitle, result?.message ?? BILLING_MESSAGES.upgradeFailed, result ? refusalStatus(result) : 500)
		const planName = PLANS[value.plan].name
		switch (result.outcome.kind) {
			case 'checkout':
				// Stripe Checkout takes the payment; its webhook moves the plan
				throw redirect(result.outcome.url)
			case 'trial-moved':
				return redirectWithToast(request, '/subscription', {
					title: BILLING_MESSAGES.trialMovedTitle,
					description: BILLING_MESSAGES.trialMoved(planName, formatCalendarInstant(result.outcome.trialEndsAt)),
					tone: 'success',
				})
			case 'payment-pending':
				return redirectWithToast(request, '/subscription#payment', {
					title: BILLING_MESSAGES.paymentPendingTitle,
					description: BILLING_MESSAGES.paymentPendingNotice(planName, result.outcome.invoice.reference),
					tone: 'info',
				})
			case 'changed':
				return redirectWithToast(request, '/subscription', {
					title: BILLING_MESSAGES.updatedTitle,
					description: BILLING_MESSAGES.updated(planName),
					tone: 'success',
				})
		}
	}
	if (value.intent === 'drop-upgrade') {
		const result = await cancelPendingUpgrade(patient)
		if (!result.ok) return failure(BILLING_MESSAGES.upgradeFailedTitle, result.message, refusalStatus(result))
		return redirectWithToast(request, '/subscription', { title: BILLING_MESSAGES.pendingUpgradeDropped, tone: 'success' })
	}
	const result = await cancelSubscription(patient).catch((error: unknown) => {
		logger.error('billing.cancel_failed', { requestId: context.requestId, ...describeError(error) })
		return null
	})
	if (!result?.ok)
		return failure(BILLING_MESSAGES.cancellationFailedTitle, result?.message ?? BILLING_MESSAGES.cancellationFailed, result ? refusalStatus(result) : 500)
	return redirectWithToast(request, '/subscription', { title: BILLING_MESSAGES.canceledTitle, description: result.message, tone: 'success' })
}

function usePendingIntent() {
	const navigation = useNavigation()
	return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? String(navigation.formData?.get('intent') ?? '') : null
}

function planChangeTexts(plan: CatalogueEntry) {
	return {
		title: PLAN_CHANGE_TEXTS.title(plan.name),
		description: <p>{PLAN_CHANGE_TEXTS.description(plan.name, plan.price)}</p>,
		confirmLabel: PLAN_CHANGE_TEXTS.confirm(plan.name),
		cancelLabel: PLAN_CHANGE_TEXTS.cancel,
	}
}

export default function SubscriptionRoute() {
	const overview = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const failed = actionData && 'failure' in actionData ? actionData.failure : null
	const { subscription, plans, canManage, salesEmail, openInvoices, paymentInstructions } = overview
	const [searchParams] = useSearchParams()
	const pendingIntent = usePendingIntent()
	const isCanceled = subscription.status === 'canceled'
	const endDate = subscription.currentPeriodEnd ? formatCalendarInstant(subscription.currentPeriodEnd) : ''
	const confirming = canManage ? searchParams.get('confirm') : null
	const confirmingPlan = plans.find((plan) => plan.id === searchParams.get('plan'))
	return (
		<div className="mx-auto max-w-6xl space-y-8">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-3xl font-bold tracking-tight">{BILLING_MESSAGES.pageTitle}</h1>
				<Link to="/records" className={buttonClassName('secondary', undefined, 'narrow')}>
					<span aria-hidden>←</span>
					Back to Records
				</Link>
			</div>

			{confirming === 'change-plan' && confirmingPlan ? (
				<ConfirmPanel
					{...planChangeTexts(confirmingPlan)}
					cancelHref="/subscription"
					action="/subscription"
					intent="change-plan"
					isPending={pendingIntent === 'change-plan'}
				>
					<input type="hidden" name="plan" value={confirmingPlan.id} />
				</ConfirmPanel>
			) : null}
			{confirming === 'cancel' && !isCanceled ? (
				<ConfirmPanel
					title={CANCEL_TEXTS.title}
					description={<p>{CANCEL_TEXTS.description(endDate)}</p>}
					confirmLabel={CANCEL_TEXTS.confirm}
					cancelLabel={CANCEL_TEXTS.cancel}
					cancelHref="/subscription"
					action="/subscription"
					intent="cancel"
					isPending={pendingIntent === 'cancel'}
				/>
			) : null}

			{failed ? (
				<Alert title={failed.title}>
					{failed.message} {BILLING_MESSAGES.upgradeFailedAlert}
				</Alert>
			) : null}
			<CurrentPlanCard subscription={overview.subscription} usage={overview.usage} />
			{openInvoices.length > 0 ? (
				<PaymentStep
					subscription={subscription}
					invoices={openInvoices}
					instructions={paymentInstructions}
					salesEmail={salesEmail}
					canDrop={canManage && subscription.pendingPlan !== null}
					isPending={pendingIntent === 'drop-upgrade'}
				/>
			) : null}
			{canManage ? (
				!isCanceled ? (
					<div className="flex justify-end">
						<ConfirmActionButton
							intent="cancel"
							label={CANCEL_TEXTS.trigger}
							variant="secondary"
							tone="destructive"
							isPending={pendingIntent === 'cancel'}
							texts={{
								title: CANCEL_TEXTS.title,
								description: <p>{CANCEL_TEXTS.description(endDate)}</p>,
								confirmLabel: CANCEL_TEXTS.confirm,
								cancelLabel: CANCEL_TEXTS.cancel,
							}}
						/>
					</div>
				) : null
			) : (
				<Alert tone="info">{BILLING_MESSAGES.readOnly}</Alert>
			)}

			<section aria-labelledby="plans-title" className="space-y-4">
				<h2 id="plans-title" className="text-xl font-semibold">
					Available Plans
				</h2>
				<div className="grid gap-6 md:grid-cols-3">
					{plans.map((plan) => {
						const isCurrent = plan.id === subscription.plan && !isCanceled
						return (
							<Card key={plan.id} className={`flex flex-col gap-4 ${plan.isRecommended ? 'ring-2 ring-brand-600' : ''}`} data-testid={`plan-${plan.id}`}>
								<div className="flex items-center justify-between gap-2">
									<h3 className="text-lg font-semibold">{plan.name}</h3>
									{plan.isRecommended ? <Badge tone="brand">Recommended</Badge> : null}
								</div>
								<p>
									<span className="text-3xl font-bold">{plan.price}</span>
									<span className="text-sm text-slate-500 dark:text-slate-400"> / month</span>
								</p>
								<ul className="flex-1 space-y-2 text-sm">
									{plan.features.map((feature) => (
										<li key={feature} className="flex gap-2">
											<span aria-hidden className="text-emerald-600">
												✓
											</span>
											{feature}
										</li>
									))}
								</ul>
								{isCurrent ? (
									<p className="rounded-md bg-slate-100 px-4 py-2 text-center text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
										Current plan
									</p>
								) : plan.id === subscription.pendingPlan ? (
									<a
										href="#payment"
										className="rounded-md bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
									>
										{BILLING_MESSAGES.paymentPendingTitle}
									</a>
								) : canManage ? (
									<ConfirmActionButton
										intent="change-plan"
										fields={{ plan: plan.id }}
										label={
											isCanceled ? PLAN_CHANGE_TEXTS.choose : isUpgrade(subscription.plan, plan.id) ? PLAN_CHANGE_TEXTS.upgrade : PLAN_CHANGE_TEXTS.downgrade
										}
										variant={plan.isRecommended ? 'primary' : 'secondary'}
										tone="primary"
										isPending={pendingIntent === 'change-plan'}
										texts={planChangeTexts(plan)}
									/>
								) : null}
							</Card>
						)
					})}
				</div>
			</section>

			<Card className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h2 className="text-lg font-semibold">Need More?</h2>
					<p className="text-sm text-slate-600 dark:text-slate-300">More users, more storage or custom integrations: talk to our sales team.</p>
				</div>
				<a href={`mailto:${salesEmail}?subject=${encodeURIComponent('Carebook plans')}`} className={buttonClassName('secondary')}>
					Contact Sales
				</a>
			</Card>
		</div>
	)
}
