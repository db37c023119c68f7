import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { ConfirmActionButton } from '#app/components/billing/confirm-action-button.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { CreateApiKeySchema, RevokeApiKeySchema } from '#server/api/shared/api-keys.ts'
import { createApiKey, getApiKeysOverview, revokeApiKey } from '#server/api/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { BILLING_MESSAGES } from '#server/billing/shared/messages.ts'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export const meta: MetaFunction = () => [{ title: 'API keys | Carebook' }]

const API_KEY_TEXTS = {
	title: 'API keys',
	intro: 'Keys let your own programs call the Carebook API (/api/v1) as you. Keep them secret.',
	create: 'Create key',
	nameLabel: 'Key name',
	copyNow: 'Your new key',
	revoke: 'Revoke',
	revokeTitle: 'Revoke this key?',
	revokeDescription: 'Programs using it stop working at once. This cannot be undone.',
	revokeConfirm: 'Revoke key',
	revokeCancel: 'Keep key',
	empty: 'No API keys yet.',
	never: 'Never',
	docs: 'API reference (OpenAPI)',
} as const

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	return { ...(await getApiKeysOverview(patient)), timeZone: patient.user.timeZone ?? 'UTC' }
}

const ActionSchema = z.discriminatedUnion('intent', [CreateApiKeySchema, RevokeApiKeySchema])

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: ActionSchema })
	if (submission.status !== 'success') return formReply(submission)
	if (submission.value.intent === 'create') {
		const created = await createApiKey(patient, submission.value.name)
		if (!created.ok) return formReply(submission, { ...created, field: created.field ?? undefined })
		// The key itself is answered once, in this response only: never in a cookie, a log or a redirect.
		return data({ result: submission.reply({ resetForm: true }), createdKey: created.key, createdName: created.apiKey.name })
	}
	const revoked = await revokeApiKey(patient, submission.value.keyId)
	if (!revoked.ok) return formReply(submission, revoked)
	return redirectWithToast(request, '/settings/api-keys', {
		title: BILLING_MESSAGES.apiKeyRevokedTitle,
		description: BILLING_MESSAGES.apiKeyRevoked,
		tone: 'success',
	})
}

export default function ApiKeysRoute() {
	const { keys, planRefusal, timeZone } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const [searchParams] = useSearchParams()
	const pendingIntent = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? navigation.formData?.get('intent') : null
	const [form, fields] = useForm({
		id: 'create-api-key',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiKeySchema }),
	})
	// the create answer alone carries the new key (once); Remix's inferred union loses its fields
	const created = actionData && 'createdKey' in actionData ? (actionData as unknown as { createdKey: string; createdName: string }) : null
	const confirmingKey = searchParams.get('confirm') === 'revoke' ? keys.find((key) => key.id === searchParams.get('keyId') && !key.revokedAt) : undefined
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<Link to="/settings" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
				← Settings
			</Link>
			<div>
				<h1 className="text-3xl font-bold tracking-tight">{API_KEY_TEXTS.title}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">
					{API_KEY_TEXTS.intro}{' '}
					<a href="/api/v1/openapi.json" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
						{API_KEY_TEXTS.docs}
					</a>
				</p>
			</div>

			{planRefusal ? (
				<Alert tone="info" title="API access">
					{planRefusal}{' '}
					<Link to="/subscription" className="font-semibold underline">
						See plans
					</Link>
				</Alert>
			) : (
				<Card>
					<Form method="post" className="flex flex-wrap items-end gap-3" {...getFormProps(form)}>
						<input type="hidden" name="intent" value="create" />
						<Field
							className="min-w-64 flex-1"
							label={API_KEY_TEXTS.nameLabel}
							inputProps={{ ...getInputProps(fields.name, { type: 'text' }), placeholder: 'e.g. Home lab sync' }}
							errors={fields.name.errors}
						/>
						<Button type="submit" isPending={pendingIntent === 'create'}>
							{API_KEY_TEXTS.create}
						</Button>
					</Form>
					{form.errors?.length ? <Alert className="mt-3">{form.errors[0]}</Alert> : null}
				</Card>
			)}

			{created ? (
				<Alert tone="success" title={`${API_KEY_TEXTS.copyNow}: ${created.createdName}`}>
					<p>{BILLING_MESSAGES.apiKeyCreated}</p>
					<code
						className="mt-2 block break-all rounded bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
						data-testid="new-api-key"
					>
						{created.createdKey}
					</code>
				</Alert>
			) : null}

			{confirmingKey ? (
				<ConfirmPanel
					title={API_KEY_TEXTS.revokeTitle}
					description={<p>{API_KEY_TEXTS.revokeDescription}</p>}
					confirmLabel={API_KEY_TEXTS.revokeConfirm}
					cancelLabel={API_KEY_TEXTS.revokeCancel}
					cancelHref="/settings/api-keys"
					action="/settings/api-keys"
					intent="revoke"
					isPending={pendingIntent === 'revoke'}
				>
					<input type="hidden" name="keyId" value={confirmingKey.id} />
				</ConfirmPanel>
			) : null}

			<Card className="p-0">
				{keys.length === 0 ? (
					<p className="p-6 text-slate-600 dark:text-slate-300">{API_KEY_TEXTS.empty}</p>
				) : (
					<table className="w-full text-left text-sm">
						<thead className="border-b border-slate-200 text-slate-500 dark:border-slate-700 dark:text-slate-400">
							<tr>
								<th className="px-4 py-3 font-medium">Name</th>
								<th className="px-4 py-3 font-medium">Key</th>
								<th className="px-4 py-3 font-medium">Created</th>
								<th className="px-4 py-3 font-medium">Last used</th>
								<th className="px-4 py-3 font-medium">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{keys.map((key) => (
								<tr key={key.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="api-key-row">
									<td className="px-4 py-3 font-medium">{key.name}</td>
									<td className="px-4 py-3 font-mono">{key.prefix}…</td>
									<td className="px-4 py-3">{formatDateTime(new Date(key.createdAt), timeZone)}</td>
									<td className="px-4 py-3">{key.lastUsedAt ? formatDateTime(new Date(key.lastUsedAt), timeZone) : API_KEY_TEXTS.never}</td>
									<td className="px-4 py-3 text-right">
										{key.revokedAt ? (
											<Badge>Revoked</Badge>
										) : (
											<ConfirmActionButton
												intent="revoke"
												fields={{ keyId: key.id }}
												label={API_KEY_TEXTS.revoke}
												variant="secondary"
												tone="destructive"
												isPending={pendingIntent === 'revoke'}
												texts={{
													title: API_KEY_TEXTS.revokeTitle,
													description: <p>{API_KEY_TEXTS.revokeDescription}</p>,
													confirmLabel: API_KEY_TEXTS.revokeConfirm,
													cancelLabel: API_KEY_TEXTS.revokeCancel,
												}}
											/>
										)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</Card>
		</div>
	)
}
