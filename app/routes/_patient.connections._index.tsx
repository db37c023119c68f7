import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSearchParams } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ConnectionCard } from '#app/components/connections/connection-card.tsx'
import { DisconnectPanel } from '#app/components/connections/disconnect-panel.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { useDisplayTimeZone } from '#app/lib/records/use-display-time-zone.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { connectPageData, disconnectPortal, requestPortalSync, startPortalSignIn } from '#server/portals/index.ts'
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'
import { ConnectionActionSchema, ConnectUrlSchema } from '#server/portals/shared/schemas.ts'

export const CONNECTIONS_PATH = '/connections'
/** While a sync runs the page reloads its data this often (progress shows live). */
const PROGRESS_REFRESH_MS = 1_500

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	return { ...(await connectPageData(patient)), timeZone: patient.user.timeZone }
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: ConnectionActionSchema })
	if (submission.status !== 'success') return formReply(submission)
	const value = submission.value
	const redirectUri = `${appOrigin(request)}/connections/callback`
	switch (value.intent) {
		case 'connect':
		case 'connect-url':
		case 'reconnect': {
			const input =
				value.intent === 'connect'
					? { endpointKey: value.endpointKey }
					: value.intent === 'connect-url'
						? { fhirBaseUrl: value.fhirBaseUrl }
						: { connectionId: value.connectionId }
			const started = await startPortalSignIn(patient, input, redirectUri)
			if (!started.ok) {
				if (value.intent === 'connect-url') return formReply(submission, started)
				return redirectWithToast(request, CONNECTIONS_PATH, { title: started.message, tone: 'error' })
			}
			// to the portal's own sign-in page
			return redirect(started.authorizationUrl)
		}
		case 'sync': {
			const result = await requestPortalSync(patient, value.connectionId)
			return redirectWithToast(
				request,
				CONNECTIONS_PATH,
				result.ok ? { title: PORTAL_MESSAGES.syncQueued, tone: 'success' } : { title: result.message, tone: 'info' },
			)
		}
		case 'disconnect': {
			const result = await disconnectPortal(patient, value.connectionId, { deleteRecords: value.records === 'delete' })
			if (!result.ok) return redirectWithToast(request, CONNECTIONS_PATH, { title: result.message, tone: 'error' })
			return redirectWithToast(request, CONNECTIONS_PATH, {
				title: value.records === 'delete' ? PORTAL_MESSAGES.disconnectedDeleted(result.name, result.deletedRecords) : PORTAL_MESSAGES.disconnected(result.name),
				tone: 'success',
			})
		}
	}
}

export const meta: MetaFunction = () => [{ title: 'Portal connections · Carebook' }]

export default function ConnectionsRoute() {
	const data = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const timeZone = useDisplayTimeZone(data.timeZone)
	const revalidator = useRevalidator()
	const isSyncing = data.connections.some((connection) => connection.syncState === 'queued' || connection.syncState === 'syncing')
	const { revalidate } = revalidator
	// one reload at a time: a new one would abort the one still arriving (a slow answer)
	const isBusy = useRef(false)
	isBusy.current = revalidator.state !== 'idle' || navigation.state !== 'idle'
	useEffect(() => {
		if (!isSyncing) return
		const timer = setInterval(() => {
			if (document.visibilityState === 'visible' && !isBusy.current) revalidate()
		}, PROGRESS_REFRESH_MS)
		return () => clearInterval(timer)
	}, [isSyncing, revalidate])
	const pending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? navigation.formData : null
	const pendingIntent = pending?.get('intent')
	const [urlForm, urlFields] = useForm({
		id: 'connect-url',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ConnectUrlSchema }),
		shouldValidate: 'onSubmit',
	})
	const disconnecting =
		searchParams.get('confirm') === 'disconnect' ? data.connections.find((connection) => connection.id === searchParams.get('connectionId')) : undefined

	return (
		<div className="mx-auto max-w-4xl space-y-8">
			<div>
				<Link to="/records" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
					← Medical Records
				</Link>
				<h1 className="mt-2 text-2xl font-bold tracking-tight">Portal connections</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">
					Connect the patient portals of your hospitals and doctors. With your permission Carebook signs in there, brings your results, medications, conditions,
					allergies, immunizations and documents into your records, and checks for new ones every day.
				</p>
			</div>

			{!data.isAvailable ? <Alert tone="info">{PORTAL_MESSAGES.notAvailable}</Alert> : null}

			{disconnecting ? <DisconnectPanel connection={disconnecting} isPending={pendingIntent === 'disconnect'} /> : null}

			<section aria-labelledby="your-connections" className="space-y-4">
				<h2 id="your-connections" className="text-lg font-semibold">
					Your connections
				</h2>
				{data.connections.length === 0 ? (
					<Card>
						<p className="text-slate-600 dark:text-slate-300">No portal is connected yet. Choose one below.</p>
					</Card>
				) : (
					data.connections.map((connection) => (
						<ConnectionCard
							key={connection.id}
							connection={connection}
							timeZone={timeZone}
							pendingIntent={pending?.get('connectionId') === connection.id ? String(pendingIntent) : null}
						/>
					))
				)}
			</section>

			<section aria-labelledby="connect-portal" className="space-y-4">
				<div>
					<h2 id="connect-portal" className="text-lg font-semibold">
						Connect a portal
					</h2>
					<p className="text-sm text-slate-500 dark:text-slate-400">Directory {data.directoryVersion}</p>
				</div>
				<ul className="space-y-3">
					{data.endpoints.map((endpoint) => (
						<li key={endpoint.key}>
							<Card className="flex flex-wrap items-center justify-between gap-4" data-testid="portal-endpoint">
								<div className="min-w-0 flex-1">
									<h3 className="font-semibold">{endpoint.name}</h3>
									<p className="text-sm text-slate-600 dark:text-slate-300">{endpoint.note}</p>
									{endpoint.isRegistered ? null : <p className="mt-1 text-sm text-amber-700 dark:text-amber-300">Not set up on this server yet.</p>}
								</div>
								<Form method="post">
									<input type="hidden" name="intent" value="connect" />
									<input type="hidden" name="endpointKey" value={endpoint.key} />
									<Button
										type="submit"
										disabled={!endpoint.isRegistered || !data.isAvailable}
										isPending={pendingIntent === 'connect' && pending?.get('endpointKey') === endpoint.key}
										aria-label={`Connect ${endpoint.name}`}
									>
										Connect
									</Button>
								</Form>
							</Card>
						</li>
					))}
				</ul>
				<Card>
					<Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(urlForm)}>
						<input type="hidden" name="intent" value="connect-url" />
						<Field
							className="min-w-72 flex-1"
							label="Or enter your portal’s FHIR address"
							inputProps={{ ...getInputProps(urlFields.fhirBaseUrl, { type: 'url' }), placeholder: 'https://fhir.example-hospital.org/api/FHIR/R4' }}
							errors={urlFields.fhirBaseUrl.errors}
						/>
						<Button type="submit" variant="secondary" disabled={!data.isAvailable} isPending={pendingIntent === 'connect-url'}>
							Connect
						</Button>
					</Form>
					{urlForm.errors?.length ? <Alert className="mt-3">{urlForm.errors[0]}</Alert> : null}
					<p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
						Your portal’s FHIR address is listed in its help pages or in the app directory of its vendor (for Epic: open.epic.com, Endpoints).
					</p>
				</Card>
			</section>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
