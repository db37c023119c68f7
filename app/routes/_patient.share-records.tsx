import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { GeneratedLink } from '#app/components/sharing/generated-link.tsx'
import { RecordPicker } from '#app/components/sharing/record-picker.tsx'
import { SharesTable } from '#app/components/sharing/shares-table.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { Field, inputClassName } from '#app/components/ui/field.tsx'
import { replyMessages } from '#app/lib/form-result.ts'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { useDisplayTimeZone } from '#app/lib/records/use-display-time-zone.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { createShareLink, getSharePage, revokeShare, shareByEmail } from '#server/sharing/index.ts'
import { DEFAULT_SHARE_EXPIRY, SHARE_EXPIRY_LABELS, SHARE_EXPIRY_OPTIONS } from '#server/sharing/shared/expiry.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { PASSCODE_MAX_LENGTH, ShareFormSchema } from '#server/sharing/shared/share-form-schema.ts'
import { TEXT_LIMITS } from '#server/validation/shared/text.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const page = await getSharePage(patient, { query: new URL(request.url).searchParams.get('q') })
	return { ...page, timeZone: patient.user.timeZone, now: new Date() }
}

const HIDDEN_FIELDS = ['passcode']

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: ShareFormSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: HIDDEN_FIELDS })
	const value = submission.value
	switch (value.intent) {
		case 'generate-link': {
			const created = await createShareLink(patient, value, request)
			if (!created.ok) return formReply(submission, created, { hideFields: HIDDEN_FIELDS })
			return {
				result: submission.reply({ hideFields: HIDDEN_FIELDS }),
				link: { url: created.url, qrCode: created.qrCode, expiresAt: created.expiresAt, hasPasscode: !!value.passcode },
			}
		}
		case 'share-email': {
			const shared = await shareByEmail(patient, { ...value, recipientEmail: value.recipientEmail! }, request)
			if (!shared.ok) return formReply(submission, shared, { hideFields: HIDDEN_FIELDS })
			// No e-mail relay on this server: the link exists but was not sent; the page says so and offers it to copy.
			if (!shared.emailSent)
				return {
					result: submission.reply({ hideFields: HIDDEN_FIELDS }),
					link: { url: shared.url, qrCode: shared.qrCode, expiresAt: shared.expiresAt, hasPasscode: !!value.passcode },
					emailNotSent: true,
				}
			return redirectWithToast(request, '/share-records', {
				title: SHARE_MESSAGES.sharedViaEmail,
				description: SHARE_MESSAGES.sharedViaEmailDescription,
				tone: 'success',
			})
		}
		case 'revoke': {
			const revoked = await revokeShare(patient, value.shareId)
			if (!revoked.ok) return formReply(submission, revoked, { notFound: 'form' })
			return redirectWithToast(request, '/share-records', {
				title: SHARE_MESSAGES.accessRevoked,
				description: SHARE_MESSAGES.accessRevokedDescription,
				tone: 'success',
			})
		}
	}
}

export const meta: MetaFunction = () => [{ title: `${SHARE_MESSAGES.pageTitle} · Carebook` }]

export default function ShareRecordsRoute() {
	const { documents, shares, timeZone: storedTimeZone, now, query: initialQuery } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const location = useLocation()
	const isHydrated = useHydrated()
	const timeZone = useDisplayTimeZone(storedTimeZone)
	const [selected, setSelected] = useState<Set<string>>(() => new Set())
	const [query, setQuery] = useState(initialQuery)
	const [recipientEmail, setRecipientEmail] = useState('')
	// A redirect after Share via Email or Revoke (a new page without action data) clears the selection,
	// the e-mail and the link (spec section 4); Generate Link's answer keeps the selection.
	const isRedirected = actionData === undefined
	useEffect(() => {
		if (!isRedirected) return
		setSelected(new Set())
		setRecipientEmail('')
	}, [location.key, isRedirected])

	// Several forms post here: the share form takes the replies of its own intents, the list shows a Revoke's.
	const reply = navigation.state === 'idle' ? actionData?.result : undefined
	const isRevokeReply = reply?.initialValue?.intent === 'revoke'
	const [form, fields] = useForm({ id: 'share-form', lastResult: isRevokeReply ? undefined : reply })
	const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	const pendingShareId = pendingIntent === 'revoke' ? String(navigation.formData?.get('shareId')) : null
	const [searchParams] = useSearchParams()
	// Without JavaScript, Revoke links here: the same question in the page.
	const revokeCandidate = searchParams.get('confirm') === 'revoke' ? shares.find((share) => share.id === searchParams.get('id') && !share.revokedOn) : undefined
	const link = actionData && 'link' in actionData ? actionData.link : null
	const isEmailNotSent = !!actionData && 'emailNotSent' in actionData
	const hasSelection = selected.size > 0
	const showsOptions = !isHydrated || hasSelection

	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">{SHARE_MESSAGES.pageTitle}</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.pageDescription}</p>
			</div>

			<Card className="space-y-4">
				<h2 className="text-lg font-semibold">{SHARE_MESSAGES.selectHeading}</h2>
				{documents.length > 0 || initialQuery ? (
					<Form
						method="get"
						role="search"
						aria-label={SHARE_MESSAGES.searchLabel}
						className="flex flex-wrap gap-2"
						onSubmit={(event) => {
							// With JavaScript the table filters as one types and keeps the selection.
							if (isHydrated) event.preventDefault()
						}}
					>
						<label htmlFor="share-search" className="sr-only">
							{SHARE_MESSAGES.searchLabel}
						</label>
						<input
							id="share-search"
							type="search"
							name="q"
							value={query}
							onChange={(event) => setQuery(event.currentTarget.value)}
							maxLength={TEXT_LIMITS.search}
							placeholder={SHARE_MESSAGES.searchPlaceholder}
							autoComplete="off"
							className={`${inputClassName} min-w-0 flex-1`}
						/>
						{isHydrated ? null : (
							<Button type="submit" variant="secondary">
								Search
							</Button>
						)}
					</Form>
				) : null}

				<Form method="post" {...getFormProps(form)} className="space-y-6">
					{fields.documentIds.errors?.length ? (
						<Alert title={SHARE_MESSAGES.noRecordsSelected} id={fields.documentIds.errorId}>
							{fields.documentIds.errors.join(' ')}
						</Alert>
					) : null}
					{form.errors?.length ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
					<RecordPicker documents={documents} selected={selected} query={isHydrated ? query : ''} onSelectionChange={setSelected} isHydrated={isHydrated} />

					{showsOptions ? (
						<section aria-labelledby="share-options-heading" className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-700">
							<div>
								<h2 id="share-options-heading" className="text-lg font-semibold">
									{SHARE_MESSAGES.optionsHeading}
								</h2>
								{isHydrated ? (
									<p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="selection-count">
										{selected.size === 1 ? '1 record selected' : `${selected.size} records selected`}
									</p>
								) : null}
							</div>
							<div className="grid gap-4 sm:grid-cols-2">
								<div>
									<label htmlFor="share-expiry" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
										{SHARE_MESSAGES.expiryLabel}
									</label>
									<select id="share-expiry" name={fields.expiry.name} defaultValue={DEFAULT_SHARE_EXPIRY} className={`${inputClassName} mt-1`}>
										{SHARE_EXPIRY_OPTIONS.map((option) => (
											<option key={option} value={option}>
												{SHARE_EXPIRY_LABELS[option]}
											</option>
										))}
									</select>
								</div>
								<Field
									label={SHARE_MESSAGES.passcodeLabel}
									errors={fields.passcode.errors}
									inputProps={
										{
											id: 'share-passcode',
											name: fields.passcode.name,
											type: 'text',
											autoComplete: 'off',
											maxLength: PASSCODE_MAX_LENGTH,
											'aria-describedby': 'share-passcode-hint',
										} as const
									}
								/>
							</div>
							<p id="share-passcode-hint" className="-mt-3 text-xs text-slate-500 dark:text-slate-400">
								{SHARE_MESSAGES.passcodeHint}
							</p>

							<div className="flex flex-wrap gap-3">
								<Button type="submit" name="intent" value="generate-link" isPending={pendingIntent === 'generate-link'}>
									{SHARE_MESSAGES.generateLink}
								</Button>
							</div>

							<div className="space-y-2 border-t border-slate-200 pt-5 dark:border-slate-700">
								{fields.recipientEmail.errors?.includes(SHARE_MESSAGES.enterRecipient) ? (
									<Alert title={SHARE_MESSAGES.noRecipient}>{SHARE_MESSAGES.enterRecipient}</Alert>
								) : null}
								<div className="flex flex-wrap items-end gap-3">
									<Field
										className="min-w-0 flex-1"
										label={SHARE_MESSAGES.recipientLabel}
										errors={fields.recipientEmail.errors?.filter((error) => error !== SHARE_MESSAGES.enterRecipient)}
										inputProps={{
											id: 'share-recipient',
											name: fields.recipientEmail.name,
											type: 'email',
											autoComplete: 'email',
											maxLength: TEXT_LIMITS.email,
											value: recipientEmail,
											onChange: (event) => setRecipientEmail(event.currentTarget.value),
										}}
									/>
									<Button
										type="submit"
										name="intent"
										value="share-email"
										variant="secondary"
										isPending={pendingIntent === 'share-email'}
										disabled={isHydrated && (!hasSelection || recipientEmail.trim() === '')}
									>
										{SHARE_MESSAGES.shareViaEmail}
									</Button>
								</div>
							</div>
						</section>
					) : null}
				</Form>
				{link && isEmailNotSent ? (
					<Alert tone="warning" title={SHARE_MESSAGES.emailNotSent}>
						{SHARE_MESSAGES.emailNotSentDescription}
					</Alert>
				) : null}
				{link ? (
					<GeneratedLink
						url={link.url}
						qrCode={link.qrCode}
						expiresOn={link.expiresAt ? formatDateTime(new Date(link.expiresAt), timeZone) : SHARE_MESSAGES.never}
						hasPasscode={link.hasPasscode}
						isHydrated={isHydrated}
					/>
				) : null}
			</Card>

			<Card className="space-y-4">
				<h2 className="text-lg font-semibold">{SHARE_MESSAGES.currentHeading}</h2>
				{revokeCandidate ? (
					<ConfirmPanel
						title={SHARE_MESSAGES.revokeTitle}
						description={SHARE_MESSAGES.revokeQuestion}
						confirmLabel={SHARE_MESSAGES.revokeConfirm}
						cancelLabel={SHARE_MESSAGES.revokeCancel}
						cancelHref="/share-records"
						action="/share-records"
						intent="revoke"
						isPending={pendingShareId === revokeCandidate.id}
					>
						<input type="hidden" name="shareId" value={revokeCandidate.id} />
					</ConfirmPanel>
				) : null}
				{isRevokeReply && replyMessages(reply).length ? <Alert>{replyMessages(reply).join(' ')}</Alert> : null}
				<SharesTable shares={shares} timeZone={timeZone} now={new Date(now)} pendingShareId={pendingShareId} />
			</Card>
		</div>
	)
}
