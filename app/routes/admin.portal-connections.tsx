import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { PageHeader } from '#app/components/admin/admin-table.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { requireAdminActor } from '#server/admin/index.ts'
import { formReply } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import {
	addPortalEndpoint,
	deletePortalSigningKey,
	portalAdminOverview,
	PORTAL_ADMIN_MESSAGES,
	removePortalEndpoint,
	removePortalRegistration,
	rotatePortalSigningKey,
	savePortalRegistration,
} from '#server/portals/index.ts'
import { AUTH_METHOD_LABELS, PortalAdminActionSchema } from '#server/portals/shared/admin-schemas.ts'
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'

const PATH = '/admin/portal-connections'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request, { role: 'superadmin' })
	return portalAdminOverview(appOrigin(request))
}

export async function action({ request }: ActionFunctionArgs) {
	const actor = await requireAdminActor(request, { role: 'superadmin' })
	const admin = { userId: actor.userId, ipAddress: actor.ipAddress }
	const submission = parseWithZod(await request.formData(), { schema: PortalAdminActionSchema })
	// a secret is never sent back into the form
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: ['clientSecret'] })
	const value = submission.value
	switch (value.intent) {
		case 'save-registration': {
			const result = await savePortalRegistration(admin, { ...value, clientSecret: value.clientSecret?.trim() || null })
			if (!result.ok) return formReply(submission, result, { hideFields: ['clientSecret'] })
			return redirectWithToast(request, PATH, { title: PORTAL_ADMIN_MESSAGES.saved, tone: 'success' })
		}
		case 'remove-registration': {
			const result = await removePortalRegistration(admin, value.key)
			return redirectWithToast(request, PATH, result.ok ? { title: PORTAL_ADMIN_MESSAGES.removed, tone: 'success' } : { title: result.message, tone: 'error' })
		}
		case 'add-endpoint': {
			const result = await addPortalEndpoint(admin, value)
			if (!result.ok) return formReply(submission, result)
			return redirectWithToast(request, PATH, { title: PORTAL_ADMIN_MESSAGES.endpointAdded, tone: 'success' })
		}
		case 'remove-endpoint': {
			const result = await removePortalEndpoint(admin, value.endpointId)
			return redirectWithToast(
				request,
				PATH,
				result.ok ? { title: PORTAL_ADMIN_MESSAGES.endpointRemoved, tone: 'success' } : { title: result.message, tone: 'error' },
			)
		}
		case 'rotate-key': {
			await rotatePortalSigningKey(admin)
			return redirectWithToast(request, PATH, { title: PORTAL_ADMIN_MESSAGES.rotated, tone: 'success' })
		}
		case 'delete-key': {
			const result = await deletePortalSigningKey(admin, value.kid)
			return redirectWithToast(
				request,
				PATH,
				result.ok ? { title: PORTAL_ADMIN_MESSAGES.keyDeleted, tone: 'success' } : { title: result.message, tone: 'error' },
			)
		}
	}
}

export const meta: MetaFunction = () => [{ title: 'Portal connections · Carebook Admin' }]

const SOURCE_LABELS = { admin: 'Set here', environment: 'Environment default' } as const

export default function AdminPortalConnectionsRoute() {
	const data = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const pendingIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
	const lastIntent = (actionData?.result as { initialValue?: { intent?: string } } | undefined)?.initialValue?.intent
	const [registrationForm, registrationFields] = useForm({
		id: 'save-registration',
		lastResult: lastIntent === 'save-registration' ? actionData?.result : undefined,
		defaultValue: { authMethod: 'none' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PortalAdminActionSchema }),
	})
	const [endpointForm, endpointFields] = useForm({
		id: 'add-endpoint',
		lastResult: lastIntent === 'add-endpoint' ? actionData?.result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PortalAdminActionSchema }),
	})
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<PageHeader title="Portal connections" />
			<p className="text-sm text-slate-600 dark:text-slate-300">
				Carebook’s registration with each patient portal (SMART on FHIR). Register Carebook at the portal’s developer site with the redirect URI and, for
				private_key_jwt, the JWKS URL below; then enter the client id it gives you here. Environment variables (PORTAL_EPIC_CLIENT_ID, …) give the defaults;
				what you set here wins.
			</p>
			{!data.isAvailable ? <Alert tone="info">{PORTAL_MESSAGES.notAvailable}</Alert> : null}
			<Card className="space-y-2">
				<h2 className="text-lg font-semibold">What to give the portal</h2>
				<dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
					<dt className="font-medium">Redirect URI</dt>
					<dd>
						<code data-testid="redirect-uri">{data.redirectUri}</code>
					</dd>
					<dt className="font-medium">JWKS URL</dt>
					<dd>
						<code data-testid="jwks-url">{data.jwksUrl}</code>
					</dd>
					<dt className="font-medium">Launch type</dt>
					<dd>Standalone patient launch; scopes launch/patient openid fhirUser offline_access patient/*.rs (or patient/*.read)</dd>
				</dl>
			</Card>

			<Card className="space-y-4 p-0">
				<h2 className="px-6 pt-6 text-lg font-semibold">Registrations</h2>
				<table className="w-full text-left text-sm">
					<thead className="border-b border-slate-200 text-slate-500 dark:border-slate-700 dark:text-slate-400">
						<tr>
							<th className="px-4 py-2 font-medium">Endpoint or platform</th>
							<th className="px-4 py-2 font-medium">Client id</th>
							<th className="px-4 py-2 font-medium">Authentication</th>
							<th className="px-4 py-2 font-medium">From</th>
							<th className="px-4 py-2 font-medium">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{data.registrations.map((registration) => (
							<tr key={registration.key} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="portal-registration">
								<td className="px-4 py-2">
									<span className="font-medium">{registration.name}</span>
									<span className="block font-mono text-xs text-slate-500">{registration.key}</span>
								</td>
								<td className="px-4 py-2 font-mono">{registration.clientId ?? '—'}</td>
								<td className="px-4 py-2">
									{registration.authMethod ? AUTH_METHOD_LABELS[registration.authMethod] : '—'}
									{registration.authMethod === 'client_secret_basic' ? (registration.hasSecret ? ' (secret stored)' : ' (no secret)') : ''}
								</td>
								<td className="px-4 py-2">{registration.source ? <Badge>{SOURCE_LABELS[registration.source]}</Badge> : 'Not set'}</td>
								<td className="px-4 py-2 text-right">
									{registration.source === 'admin' ? (
										<Form method="post">
											<input type="hidden" name="intent" value="remove-registration" />
											<input type="hidden" name="key" value={registration.key} />
											<Button type="submit" variant="secondary" isPending={pendingIntent === 'remove-registration'} aria-label={`Remove ${registration.name}`}>
												Remove
											</Button>
										</Form>
									) : null}
								</td>
							</tr>
						))}
					</tbody>
				</table>
				<Form method="post" className="grid gap-4 border-t border-slate-200 p-6 sm:grid-cols-2 dark:border-slate-700" {...getFormProps(registrationForm)}>
					<input type="hidden" name="intent" value="save-registration" />
					<SelectField
						label="Endpoint or platform"
						selectProps={getSelectProps(registrationFields.key)}
						options={data.registrations.map((registration) => ({ value: registration.key, label: registration.name }))}
						errors={registrationFields.key.errors}
					/>
					<Field label="Client id" inputProps={getInputProps(registrationFields.clientId, { type: 'text' })} errors={registrationFields.clientId.errors} />
					<SelectField
						label="Authentication"
						selectProps={getSelectProps(registrationFields.authMethod)}
						options={Object.entries(AUTH_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
						errors={registrationFields.authMethod.errors}
					/>
					<Field
						label="Client secret (client_secret_basic only; empty keeps the stored one)"
						inputProps={{ ...getInputProps(registrationFields.clientSecret, { type: 'password' }), autoComplete: 'off' }}
						errors={registrationFields.clientSecret.errors}
					/>
					<div className="sm:col-span-2">
						<Button type="submit" isPending={pendingIntent === 'save-registration'}>
							Save registration
						</Button>
						{registrationForm.errors?.length ? <Alert className="mt-3">{registrationForm.errors[0]}</Alert> : null}
					</div>
				</Form>
			</Card>

			<Card className="space-y-4">
				<h2 className="text-lg font-semibold">Providers this deployment adds</h2>
				{data.deploymentEndpoints.length === 0 ? (
					<p className="text-sm text-slate-600 dark:text-slate-300">None yet: patients see the bundled directory and can type any FHIR address.</p>
				) : (
					<ul className="space-y-2">
						{data.deploymentEndpoints.map((endpoint) => (
							<li key={endpoint.key} className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="deployment-endpoint">
								<span>
									<span className="font-medium">{endpoint.name}</span> <span className="font-mono text-xs text-slate-500">{endpoint.fhirBaseUrl}</span>
								</span>
								<Form method="post">
									<input type="hidden" name="intent" value="remove-endpoint" />
									<input type="hidden" name="endpointId" value={endpoint.id} />
									<Button type="submit" variant="secondary" aria-label={`Remove ${endpoint.name}`}>
										Remove
									</Button>
								</Form>
							</li>
						))}
					</ul>
				)}
				<Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(endpointForm)}>
					<input type="hidden" name="intent" value="add-endpoint" />
					<Field
						className="min-w-48"
						label="Provider name"
						inputProps={getInputProps(endpointFields.name, { type: 'text' })}
						errors={endpointFields.name.errors}
					/>
					<Field
						className="min-w-72 flex-1"
						label="FHIR base URL"
						inputProps={{ ...getInputProps(endpointFields.fhirBaseUrl, { type: 'url' }), placeholder: 'https://fhir.example-hospital.org/api/FHIR/R4' }}
						errors={endpointFields.fhirBaseUrl.errors}
					/>
					<Button type="submit" variant="secondary" isPending={pendingIntent === 'add-endpoint'}>
						Add provider
					</Button>
				</Form>
			</Card>

			<Card className="space-y-4">
				<div className="flex flex-wrap items-center justify-between gap-3">
					<h2 className="text-lg font-semibold">Carebook’s signing keys (private_key_jwt)</h2>
					<Form method="post">
						<input type="hidden" name="intent" value="rotate-key" />
						<Button type="submit" variant="secondary" isPending={pendingIntent === 'rotate-key'}>
							{data.signingKeys.length === 0 ? 'Create signing key' : 'Rotate signing key'}
						</Button>
					</Form>
				</div>
				{data.signingKeys.length === 0 ? (
					<p className="text-sm text-slate-600 dark:text-slate-300">No key yet: one is made when the JWKS URL is first read or a portal first needs it.</p>
				) : (
					<ul className="space-y-2 text-sm">
						{data.signingKeys.map((key) => (
							<li key={key.kid} className="flex flex-wrap items-center justify-between gap-3" data-testid="signing-key">
								<span>
									<span className="font-mono">{key.kid}</span> · {key.alg} ·{' '}
									{key.retiredAt ? <Badge tone="warning">Retired</Badge> : <Badge tone="success">Signing</Badge>}
								</span>
								{key.retiredAt ? (
									<Form method="post">
										<input type="hidden" name="intent" value="delete-key" />
										<input type="hidden" name="kid" value={key.kid} />
										<Button type="submit" variant="secondary">
											Delete from JWKS
										</Button>
									</Form>
								) : null}
							</li>
						))}
					</ul>
				)}
			</Card>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
