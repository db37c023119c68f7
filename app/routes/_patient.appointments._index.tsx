import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useFetcher, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { AppointmentCard } from '#app/components/appointments/appointment-card.tsx'
import { GeneralErrorBoundary, PageNotFound } from '#app/components/error-boundary.tsx'
import { DateHeader } from '#app/components/appointments/date-header.tsx'
import { FilterPopover } from '#app/components/appointments/filter-popover.tsx'
import { CalendarIcon } from '#app/components/appointments/icons.tsx'
import { ListSearch } from '#app/components/appointments/list-search.tsx'
import { readBrowserTimeZone } from '#app/components/appointments/time-zone.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { LinkTabPanel, LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { APPOINTMENT_TABS } from '#server/appointments/shared/appointment.ts'
import {
	APPOINTMENT_TAB_LABELS,
	APPOINTMENTS_TITLE,
	CALENDAR_FEED_LABELS,
	EMPTY_STATES,
	LOAD_FAILED_MESSAGE,
	NEW_APPOINTMENT_LABEL,
	NO_MATCHING_APPOINTMENTS,
	RETRY_LABEL,
} from '#server/appointments/shared/labels.ts'
import { filterSubmissionTarget, isFilterIntent, LIST_PAGE_STEP, showMoreHref, tabHref } from '#server/appointments/shared/list-url.ts'
import { cn } from '#app/lib/cn.ts'
import {
	getVideoBaseUrl,
	loadAppointmentListPage,
	rememberPatientTimeZone,
	resolvePatientTimeZone,
	type AppointmentCardView,
} from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const page = await loadAppointmentListPage(patient, {
		searchParams: new URL(request.url).searchParams,
		now: new Date(),
		timeZone: resolvePatientTimeZone(patient.user.timeZone),
		videoBaseUrl: getVideoBaseUrl(),
	})
	return { page, hasStoredTimeZone: Boolean(patient.user.timeZone) }
}

/**
 * The filter popover's Apply / Reset all (to the filtered view, with its
 * notice), and the browser reporting its zone once, when the patient has none stored yet.
 */
export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const formData = await request.formData()
	const intent = formData.get('intent')
	if (isFilterIntent(intent)) {
		const fields = new URLSearchParams()
		for (const [name, value] of formData) if (name !== 'intent' && typeof value === 'string') fields.append(name, value)
		const { href, notice } = filterSubmissionTarget(intent, fields)
		throw await redirectWithToast(request, href, notice)
	}
	if (intent !== 'time-zone') return data({ ok: false }, { status: 400 })
	const timeZone = formData.get('timeZone')
	const isStored = await rememberPatientTimeZone(patient.user.id, typeof timeZone === 'string' ? timeZone : null)
	return { ok: isStored }
}

export const meta: MetaFunction = () => [{ title: `${APPOINTMENTS_TITLE} · Carebook` }]

/**
 * Asks the browser for its zone only when the patient has none stored: the
 * first date formatter a page creates costs the browser tens of milliseconds
 * (a long task on a slow phone) that the list would otherwise pay on every visit.
 */
function useRememberBrowserTimeZone(hasStoredTimeZone: boolean) {
	const fetcher = useFetcher()
	const hasSent = useRef(false)
	useEffect(() => {
		if (hasStoredTimeZone || hasSent.current) return
		const browserTimeZone = readBrowserTimeZone()
		if (!browserTimeZone) return
		hasSent.current = true
		fetcher.submit({ intent: 'time-zone', timeZone: browserTimeZone }, { method: 'post' })
	}, [hasStoredTimeZone, fetcher])
}

function EmptyState({ title, description }: { title: string; description: string | null }) {
	return (
		<div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
			<CalendarIcon className="mx-auto h-8 w-8 text-slate-400" />
			<p className="mt-3 font-semibold">{title}</p>
			{description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
		</div>
	)
}

// The cancel question calls tRPC: it loads with its providers when first needed (see list-cancel-dialog.tsx).
const ListCancelDialog = lazy(() => import('#app/components/appointments/list-cancel-dialog.tsx'))

export default function AppointmentsRoute() {
	const { page, hasStoredTimeZone } = useLoaderData<typeof loader>()
	const location = useLocation()
	const search = new URLSearchParams(location.search)
	const navigation = useNavigation()
	const isLoading = navigation.state === 'loading' && navigation.location.pathname === '/appointments'
	const [cancelling, setCancelling] = useState<AppointmentCardView | null>(null)
	useRememberBrowserTimeZone(hasStoredTimeZone)

	const empty = page.shownCount > 0 ? null : page.isFiltered && page.totalInTab > 0 ? NO_MATCHING_APPOINTMENTS : EMPTY_STATES[page.tab]

	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h1 className="text-2xl font-bold tracking-tight">{APPOINTMENTS_TITLE}</h1>
				<div className="flex flex-wrap items-center gap-3">
					<Link to="/appointments/calendar" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
						{CALENDAR_FEED_LABELS.link}
					</Link>
					<Link
						to="/appointments/new"
						className="inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						<span aria-hidden>+</span> {NEW_APPOINTMENT_LABEL}
					</Link>
				</div>
			</div>

			<div className="flex flex-wrap items-center gap-3">
				<ListSearch query={page.filters.q} error={page.searchError} />
				<FilterPopover filters={page.filters} choices={page.filterChoices} activeFilterCount={page.activeFilterCount} />
				{isLoading ? <Spinner className="h-5 w-5 text-brand-600" label="Loading appointments" /> : null}
			</div>

			<LinkTabs
				label={APPOINTMENTS_TITLE}
				tabs={APPOINTMENT_TABS.map((tab) => ({ id: tab, label: APPOINTMENT_TAB_LABELS[tab], to: tabHref(search, tab), isSelected: page.tab === tab }))}
			/>

			<LinkTabPanel tabId={page.tab} className={cn('space-y-6', isLoading ? 'opacity-60' : '')}>
				{page.tab === 'upcoming' ? <DateHeader page={page} /> : null}
				{empty ? (
					<EmptyState title={empty.title} description={empty.description} />
				) : (
					page.groups.map((group) => (
						<section key={group.date} aria-labelledby={`day-${group.date}`} className="space-y-3">
							<h2 id={`day-${group.date}`} className="text-sm font-semibold tracking-wide text-slate-500 dark:text-slate-400 uppercase">
								{group.heading}
							</h2>
							<div className="grid grid-cols-1 gap-3">
								{group.appointments.map((card) => (
									<AppointmentCard key={card.id} card={card} onCancel={setCancelling} />
								))}
							</div>
						</section>
					))
				)}
				{page.hasMore ? (
					<div className="text-center">
						<Link
							to={showMoreHref(search, page.limit + LIST_PAGE_STEP)}
							preventScrollReset
							className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
						>
							Show more ({page.shownCount - page.limit} more)
						</Link>
					</div>
				) : null}
			</LinkTabPanel>

			{cancelling ? (
				<Suspense fallback={null}>
					<ListCancelDialog key={cancelling.id} card={cancelling} onClose={() => setCancelling(null)} />
				</Suspense>
			) : null}
		</div>
	)
}

function ListLoadFailed() {
	const location = useLocation()
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">{APPOINTMENTS_TITLE}</h1>
			<Alert title="Error">
				<p>{LOAD_FAILED_MESSAGE}</p>
				<Link
					reloadDocument
					to={`${location.pathname}${location.search}`}
					className="mt-3 inline-flex rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700"
				>
					{RETRY_LABEL}
				</Link>
			</Alert>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <PageNotFound /> }} fallback={() => <ListLoadFailed />} />
}
