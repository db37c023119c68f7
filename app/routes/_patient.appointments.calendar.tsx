import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { BackLink } from '#app/components/appointments/back-link.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { toast } from '#app/components/ui/toast.tsx'
import { BACK_TO_APPOINTMENTS, CALENDAR_FEED_LABELS } from '#server/appointments/shared/labels.ts'
import { formatLocalDateShort } from '#server/appointments/shared/format.ts'
import { localDateOf } from '#server/time/shared/zoned-time.ts'
import { calendarFeedPath, createCalendarFeed, getCalendarFeedStatus, resolvePatientTimeZone, revokeCalendarFeed } from '#server/appointments/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const status = await getCalendarFeedStatus(patient)
	const timeZone = resolvePatientTimeZone(patient.user.timeZone)
	return { createdOn: status ? formatLocalDateShort(localDateOf(status.createdAt, timeZone)) : null }
}

/** intent=create: a new private address (shown once, the old one stops); intent=revoke: no address. */
export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const intent = (await request.formData()).get('intent')
	if (intent === 'revoke') {
		await revokeCalendarFeed(patient)
		throw await redirectWithToast(request, '/appointments/calendar', { title: CALENDAR_FEED_LABELS.revokedNotice, tone: 'success' })
	}
	if (intent !== 'create') throw new Response('Bad Request', { status: 400 })
	const { token } = await createCalendarFeed(patient)
	const origin = appOrigin(request)
	const feedUrl = `${origin}${calendarFeedPath(token)}`
	return { feedUrl, webcalUrl: feedUrl.replace(/^https?:/, 'webcal:') }
}

export const meta: MetaFunction = () => [{ title: `${CALENDAR_FEED_LABELS.link} · Carebook` }]

export default function CalendarFeedRoute() {
	const { createdOn } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	// The new address is shown once, in the page the action answers (never in a notice or a URL).
	const created = actionData ?? null

	async function copy(url: string) {
		try {
			await navigator.clipboard.writeText(url)
			toast({ title: CALENDAR_FEED_LABELS.copied, tone: 'success' })
		} catch {
			// Clipboard refused (permissions): the address stays selectable in the field.
		}
	}

	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<BackLink fallback="/appointments" label={BACK_TO_APPOINTMENTS} />
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{CALENDAR_FEED_LABELS.title}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{CALENDAR_FEED_LABELS.description}</p>
			</div>
			<Card className="space-y-5">
				{created ? (
					<div className="space-y-3">
						<Alert tone="success" title={CALENDAR_FEED_LABELS.createdNotice}>
							{CALENDAR_FEED_LABELS.shownOnce}
						</Alert>
						<label htmlFor="feed-url" className="block text-sm font-medium">
							{CALENDAR_FEED_LABELS.link}
						</label>
						<div className="flex flex-wrap gap-2">
							<input
								id="feed-url"
								readOnly
								value={created.feedUrl}
								className={`${inputClassName} flex-1 font-mono text-xs`}
								onFocus={(event) => event.currentTarget.select()}
							/>
							<Button variant="secondary" onClick={() => copy(created.feedUrl ?? '')}>
								{CALENDAR_FEED_LABELS.copy}
							</Button>
							<a
								href={created.webcalUrl}
								className="inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100"
							>
								Open in calendar app
							</a>
						</div>
					</div>
				) : (
					<p className="text-sm text-slate-700 dark:text-slate-300" data-testid="feed-status">
						{createdOn ? CALENDAR_FEED_LABELS.active(createdOn) : CALENDAR_FEED_LABELS.none}
					</p>
				)}
				<div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
					<Form method="post">
						<input type="hidden" name="intent" value="create" />
						<Button type="submit" isPending={pendingIntent === 'create'}>
							{createdOn || created ? CALENDAR_FEED_LABELS.replace : CALENDAR_FEED_LABELS.create}
						</Button>
					</Form>
					{createdOn || created ? (
						<Form method="post">
							<input type="hidden" name="intent" value="revoke" />
							<Button type="submit" variant="destructive" isPending={pendingIntent === 'revoke'}>
								{CALENDAR_FEED_LABELS.revoke}
							</Button>
						</Form>
					) : null}
					{createdOn || created ? <p className="w-full text-xs text-slate-500 dark:text-slate-400">{CALENDAR_FEED_LABELS.replaceHint}</p> : null}
				</div>
			</Card>
		</div>
	)
}
