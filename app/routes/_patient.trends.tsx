import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ManualReadingForm, ADD_READING_INTENT } from '#app/components/health/manual-reading-form.tsx'
import { DELETE_READING_INTENT, ManualReadingsList } from '#app/components/health/manual-readings-list.tsx'
import { MetricCard } from '#app/components/health/metric-card.tsx'
import { MetricDetail } from '#app/components/health/metric-detail.tsx'
import { PredictionCard } from '#app/components/health/prediction-card.tsx'
import { RiskCard } from '#app/components/health/risk-card.tsx'
import { RiskProfileForm, SAVE_PROFILE_INTENT } from '#app/components/health/risk-profile-form.tsx'
import { TimeRangeSelect } from '#app/components/health/time-range-select.tsx'
import { TrendsExportMenu } from '#app/components/health/trends-export-menu.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { replyMessages } from '#app/lib/form-result.ts'
import { LinkTabPanel, LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { formatHealthDate } from '#server/health/shared/format.ts'
import { RISK_TEXTS, TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { READING_KIND_FOR_METRIC, TRENDS_TABS, TRENDS_TAB_LABELS, addReadingHref, parseTrendsState, trendsHref } from '#server/health/shared/trends-url.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { HEALTH_PROFILE_TEXTS } from '#server/health/shared/health-profile.ts'
import { MANUAL_READING_TEXTS, PREDICTIONS_DESCRIPTION, PREDICTIONS_TITLE } from '#server/health/shared/messages.ts'
import { TIME_RANGE_LABELS } from '#server/health/shared/time-range.ts'
import {
	addManualReading,
	createHealthProfileFormSchema,
	createManualReadingSchema,
	deleteManualReading,
	getPredictions,
	getRiskOverview,
	getTrendsOverview,
	healthProfileFromForm,
	patientToday,
	saveHealthProfile,
} from '#server/health/index.ts'

const DeleteReadingSchema = z.object({ intent: z.literal(DELETE_READING_INTENT), id: z.string() })

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const url = new URL(request.url)
	const state = parseTrendsState(url.searchParams)
	const today = patientToday(patient.user.timeZone)
	const base = { state, today, timeZone: patient.user.timeZone }
	if (state.tab === 'predictions') {
		return { ...base, tab: 'predictions' as const, predictions: await getPredictions(patient, { today }) }
	}
	if (state.tab === 'risk') {
		return { ...base, tab: 'risk' as const, risk: await getRiskOverview(patient, { today }) }
	}
	const { readings, ...overview } = await getTrendsOverview(patient, { range: state.range, metricId: state.metric, today })
	return { ...base, tab: 'overview' as const, overview, readings }
}

/** Back to the same view (range, tab, metric) with a notice. */
function backWithNotice(request: Request, title: string) {
	const params = new URL(request.url).searchParams
	params.delete('index')
	return redirectWithToast(request, `/trends?${params}`, { title, tone: 'success' })
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const today = patientToday(patient.user.timeZone)
	const formData = await request.formData()
	const intent = formData.get('intent')

	if (intent === ADD_READING_INTENT) {
		const submission = parseWithZod(formData, { schema: createManualReadingSchema({ today }) })
		if (submission.status !== 'success') return formReply(submission)
		await addManualReading(patient, submission.value)
		throw await backWithNotice(request, MANUAL_READING_TEXTS.added)
	}
	if (intent === DELETE_READING_INTENT) {
		const submission = parseWithZod(formData, { schema: DeleteReadingSchema })
		if (submission.status !== 'success') return formReply(submission)
		const deleted = await deleteManualReading(patient, submission.value.id)
		if (!deleted.ok) return formReply(submission, deleted, { notFound: 'form' })
		throw await backWithNotice(request, MANUAL_READING_TEXTS.deleted)
	}
	if (intent === SAVE_PROFILE_INTENT) {
		const submission = parseWithZod(formData, { schema: createHealthProfileFormSchema({ today }) })
		if (submission.status !== 'success') return formReply(submission)
		await saveHealthProfile(patient, healthProfileFromForm(submission.value))
		throw await backWithNotice(request, HEALTH_PROFILE_TEXTS.saved)
	}
	throw data('Unknown action', { status: 400 })
}

export const meta: MetaFunction = () => [{ title: 'Health Trends · Carebook' }]

export default function TrendsRoute() {
	const loaderData = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { state, today } = loaderData
	const actionHref = trendsHref(state)
	// Several forms on one page: a reply is the form's whose intent it carries back.
	const resultFor = (intent: string) => (actionData?.result.initialValue?.intent === intent ? actionData.result : undefined)
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight">{TRENDS_TEXTS.title}</h1>
					<p className="mt-1 text-slate-600 dark:text-slate-300">{TRENDS_TEXTS.description}</p>
				</div>
				<div className="flex items-end gap-2">
					<TimeRangeSelect state={state} />
					<TrendsExportMenu filters={{ range: state.range, metric: state.metric }} />
				</div>
			</div>
			{replyMessages(resultFor(DELETE_READING_INTENT)).map((message) => (
				<Alert key={message}>{message}</Alert>
			))}
			<LinkTabs
				label={TRENDS_TEXTS.tabsLabel}
				tabs={TRENDS_TABS.map((tab) => ({
					id: tab,
					label: TRENDS_TAB_LABELS[tab],
					to: trendsHref(state, { tab }),
					isSelected: tab === state.tab,
				}))}
			/>
			<LinkTabPanel tabId={state.tab} className="space-y-6">
				{loaderData.tab === 'overview' ? (
					<>
						<p className="text-sm text-slate-600 dark:text-slate-300">
							{TIME_RANGE_LABELS[state.range]}. {TRENDS_TEXTS.rangeNote}
						</p>
						<section aria-labelledby="metric-cards-heading">
							{/* The cards' names are h3: a heading of their own keeps the outline in order. */}
							<h2 id="metric-cards-heading" className="sr-only">
								{TRENDS_TEXTS.metricsLabel}
							</h2>
							<ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
								{loaderData.overview.cards.map((card) => (
									<li key={card.id}>
										<MetricCard
											card={card}
											isSelected={state.metric === card.id}
											chartHref={trendsHref(state, { metric: card.id })}
											addReadingHref={addReadingHref(state, card.id)}
											allTimeHref={trendsHref(state, { range: 'all' })}
										/>
									</li>
								))}
							</ul>
						</section>
						<MetricDetail
							series={loaderData.overview.series}
							chosenRangeLabel={TIME_RANGE_LABELS[state.range]}
							isDefaultChart={loaderData.overview.isDefaultChart}
							closeHref={trendsHref(state, { metric: null })}
							addReadingHref={state.metric ? addReadingHref(state, state.metric) : trendsHref(state, {}, 'add-reading')}
						/>
						<Card>
							<ManualReadingForm
								key={`${state.reading}:${loaderData.readings.length}`}
								kind={state.reading}
								today={today}
								lastResult={resultFor(ADD_READING_INTENT)}
								action={actionHref}
								kindHref={(reading) => trendsHref(state, { reading }, 'add-reading')}
							/>
						</Card>
						<Card>
							<ManualReadingsList readings={loaderData.readings} timeZone={loaderData.timeZone} action={actionHref} />
						</Card>
					</>
				) : null}
				{loaderData.tab === 'predictions' ? (
					<Card>
						<h2 className="text-lg font-semibold">{PREDICTIONS_TITLE}</h2>
						<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{PREDICTIONS_DESCRIPTION}</p>
						<div className="mt-6 grid gap-6 lg:grid-cols-2">
							{loaderData.predictions.map((prediction) => (
								<PredictionCard key={prediction.metricId} prediction={prediction} addReadingHref={addReadingHref(state, prediction.metricId)} />
							))}
						</div>
					</Card>
				) : null}
				{loaderData.tab === 'risk' ? (
					<>
						<Card>
							<h2 className="text-lg font-semibold">{RISK_TEXTS.title}</h2>
							<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{RISK_TEXTS.description}</p>
							<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
								{RISK_TEXTS.assessedOn(formatHealthDate(loaderData.risk.assessment.assessedOn))}
							</p>
							<div className="mt-6 grid gap-6 lg:grid-cols-3">
								{([loaderData.risk.assessment.cardiovascular, loaderData.risk.assessment.diabetes, loaderData.risk.assessment.hypertension] as const).map(
									(assessment) => (
										<RiskCard
											key={assessment.area}
											assessment={assessment}
											provenance={loaderData.risk.provenance}
											profileHref={
												assessment.area === 'cardiovascular' && Object.values(loaderData.risk.profile).some((answer) => answer === null)
													? '#risk-profile-section'
													: undefined
											}
											addReadingHref={trendsHref(
												state,
												{
													tab: 'overview',
													reading:
														assessment.area === 'hypertension'
															? READING_KIND_FOR_METRIC['blood-pressure']
															: assessment.area === 'diabetes'
																? 'hba1c'
																: 'cholesterol',
												},
												'add-reading',
											)}
										/>
									),
								)}
							</div>
							<p className="mt-6 text-xs text-slate-500 dark:text-slate-400">{loaderData.risk.assessment.disclaimer}</p>
						</Card>
						<Card>
							<RiskProfileForm profile={loaderData.risk.profile} today={today} lastResult={resultFor(SAVE_PROFILE_INTENT)} action={actionHref} />
						</Card>
					</>
				) : null}
			</LinkTabPanel>
		</div>
	)
}

function TrendsLoadFailed({ isBadRequest = false }: { isBadRequest?: boolean }) {
	return (
		<div className="mx-auto max-w-3xl space-y-4">
			<h1 className="text-2xl font-bold tracking-tight">{TRENDS_TEXTS.title}</h1>
			<Alert title="Something went wrong">
				{isBadRequest ? 'That request could not be understood.' : 'Your health data could not be loaded. Please try again later.'}
			</Alert>
			<Link to="/trends" className="text-brand-700 underline">
				{TRENDS_TEXTS.title}
			</Link>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 400: () => <TrendsLoadFailed isBadRequest /> }} fallback={() => <TrendsLoadFailed />} />
}
