import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation, useParams } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DocumentTypeIcon } from '#app/components/records/document-type-icon.tsx'
import { LabValuesTable } from '#app/components/records/lab-values-table.tsx'
import { SharedPageFrame, ShareUnavailable } from '#app/components/sharing/shared-page-frame.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { documentTypeLabel } from '#server/documents/shared/document-type-label.ts'
import { formatCalendarDate, formatDateTime } from '#server/documents/shared/format.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { grantShareCookie, openSharedRecords, submitSharePasscode, visitorOf } from '#server/sharing/index.ts'
import { sharedFilePath, sharedPagePath } from '#server/sharing/shared/paths.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { PasscodeFormSchema } from '#server/sharing/shared/share-form-schema.ts'
import { FALLBACK_TIME_ZONE } from '#server/time/shared/zoned-time.ts'

/**
 * The public page of a share link (`/shared/<token>`): no session, outside
 * the patient shell. The token is the only thing read from the address; the
 * request log writes `/shared/:token`; the web app sends `Referrer-Policy:
 * no-referrer` and `X-Robots-Tag: noindex` for every /shared/ answer.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const result = await openSharedRecords(params.token, await visitorOf(request))
	if (!result.ok) notFound(SHARE_MESSAGES.unavailable)
	return result
}

export async function action({ request, params }: ActionFunctionArgs) {
	const submission = parseWithZod(await request.formData(), { schema: PasscodeFormSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: ['passcode'] })
	const result = await submitSharePasscode(params.token, submission.value.passcode, await visitorOf(request))
	if (!result.ok) return formReply(submission, result, { hideFields: ['passcode'], notFoundText: SHARE_MESSAGES.unavailable })
	throw redirect(sharedPagePath(params.token!), { headers: { 'Set-Cookie': await grantShareCookie(request, result.shareId) } })
}

export const meta: MetaFunction = () => [
	{ title: `${SHARE_MESSAGES.sharedTitle} · Carebook` },
	{ name: 'robots', content: 'noindex, nofollow' },
	{ name: 'referrer', content: 'no-referrer' },
]

export default function SharedRecordsRoute() {
	const view = useLoaderData<typeof loader>()
	return <SharedPageFrame>{view.status === 'passcode' ? <PasscodeForm /> : <SharedDocuments />}</SharedPageFrame>
}

function PasscodeForm() {
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({ id: 'share-passcode', lastResult: actionData?.result })
	return (
		<Card className="mx-auto max-w-md space-y-4">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{SHARE_MESSAGES.passcodeTitle}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.passcodeIntro}</p>
			</div>
			<Form method="post" {...getFormProps(form)} className="space-y-4">
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
				<Field
					label={SHARE_MESSAGES.passcodeField}
					errors={fields.passcode.errors}
					inputProps={{ ...getInputProps(fields.passcode, { type: 'password' }), autoComplete: 'off', autoFocus: true }}
				/>
				<Button type="submit" isPending={isSubmitting} className="w-full">
					{SHARE_MESSAGES.openRecords}
				</Button>
			</Form>
		</Card>
	)
}

function SharedDocuments() {
	const view = useLoaderData<typeof loader>()
	const { token } = useParams()
	if (view.status !== 'open') return null
	return (
		<>
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{SHARE_MESSAGES.recordsOf(view.patientName)}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.sharedIntro}</p>
				<p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="shared-by">
					{SHARE_MESSAGES.sharedBy(view.patientName, formatDateTime(new Date(view.sharedAt), FALLBACK_TIME_ZONE))}
				</p>
				{view.expiresAt ? (
					<p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
						{SHARE_MESSAGES.sharedUntil} {formatDateTime(new Date(view.expiresAt), FALLBACK_TIME_ZONE)} (UTC).
					</p>
				) : null}
			</div>
			{view.documents.length === 0 ? (
				<Alert tone="info">{SHARE_MESSAGES.unavailable}</Alert>
			) : (
				<section aria-labelledby="shared-contents-heading" className="text-sm">
					<h2 id="shared-contents-heading" className="text-slate-600 dark:text-slate-300">
						{SHARE_MESSAGES.includedRecords(view.documents.length)}
					</h2>
					<ul className="mt-1 list-inside list-disc">
						{view.documents.map((document) => (
							<li key={document.id}>{document.title}</li>
						))}
					</ul>
				</section>
			)}
			{view.documents.map((document) => (
				<Card key={document.id} className="space-y-4" data-testid="shared-document">
					<div className="flex flex-wrap items-start gap-4">
						<DocumentTypeIcon type={document.documentType} />
						<div className="min-w-0 flex-1">
							<h2 className="break-words text-xl font-semibold">{document.title}</h2>
							<p className="text-slate-600 dark:text-slate-300">{documentTypeLabel(document.documentType)}</p>
						</div>
						<div className="flex flex-wrap gap-2">
							<a
								href={sharedFilePath(token ?? '', document.id)}
								target="_blank"
								rel="noopener noreferrer"
								className={buttonClassName('secondary', undefined, 'narrow')}
							>
								{SHARE_MESSAGES.view}
								<span className="sr-only"> {document.title}</span>
							</a>
							<a
								href={sharedFilePath(token ?? '', document.id, { download: true })}
								download
								className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
							>
								{SHARE_MESSAGES.download}
								<span className="sr-only"> {document.title}</span>
							</a>
						</div>
					</div>
					<dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
						<div>
							<dt className="font-medium text-slate-500 dark:text-slate-400">Date</dt>
							<dd className="mt-0.5">{document.documentDate ? formatCalendarDate(document.documentDate) : 'Not detected'}</dd>
						</div>
						<div>
							<dt className="font-medium text-slate-500 dark:text-slate-400">Provider</dt>
							<dd className="mt-0.5">{document.provider ?? 'Not detected'}</dd>
						</div>
					</dl>
					{document.labValues.length ? (
						<section aria-label={`Lab values of ${document.title}`} className="space-y-2">
							<h3 className="font-semibold">Lab values</h3>
							<LabValuesTable values={document.labValues} />
						</section>
					) : null}
				</Card>
			))}
		</>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <ShareUnavailable title={SHARE_MESSAGES.unavailableTitle} text={SHARE_MESSAGES.unavailable} /> }} />
}
