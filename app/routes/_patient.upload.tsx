import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { CameraCapture } from '#app/components/upload/camera-capture.tsx'
import { FilePicker } from '#app/components/upload/file-picker.tsx'
import { UploadResults } from '#app/components/upload/upload-results.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { MessageListAlert } from '#app/components/ui/message-list-alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { cn } from '#app/lib/cn.ts'
import { ACCEPT_ATTRIBUTE, UPLOAD_TEXTS } from '#server/documents/shared/file-checks.ts'
import { requirePatient } from '#server/auth/index.ts'
import { acceptUploads, getDocumentsByIds, isUuid } from '#server/documents/index.ts'
import { MAX_FILES_PER_FORM_UPLOAD } from '#server/documents/shared/messages.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { withTrpc } from '#app/lib/trpc.tsx'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const ids = new URL(request.url).searchParams.getAll('done').filter(isUuid).slice(0, 50)
	return { ids, results: await getDocumentsByIds(patient, ids) }
}

const resultsUrl = (ids: string[]) => `/upload?${ids.map((id) => `done=${id}`).join('&')}`

/**
 * Before hydration and without JavaScript the plain form posts here: one or
 * several files in one post. All kept: the results view. Some refused: the
 * results of the others with the refusals listed. All refused: the form again
 * with the refusals.
 */
export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const outcome = await acceptUploads(patient, request)
	if (!outcome.ok) return data({ error: outcome.message, failures: [], ids: [], results: [] }, { status: refusalStatus(outcome) })
	const { documentIds, refusals } = outcome
	if (!refusals.length) throw redirect(resultsUrl(documentIds))
	if (!documentIds.length) return data({ error: null, failures: refusals, ids: [], results: [] }, { status: 400 })
	return { error: null, failures: refusals, ids: documentIds, results: await getDocumentsByIds(patient, documentIds) }
}

export const meta: MetaFunction = () => [{ title: 'Upload Documents · Carebook' }]

const TABS = ['File Upload', 'Camera Capture', 'Email Import'] as const

// Calls tRPC from the browser: the providers wrap this route only (not the root).
export default withTrpc(UploadRoute)

/** The picker before hydration and without JavaScript: a plain form that posts one or several files. */
function PlainUploadForm({ isSubmitting }: { isSubmitting: boolean }) {
	return (
		<Form method="post" encType="multipart/form-data" className="space-y-3">
			<label className="block text-sm font-medium" htmlFor="plain-file-input">
				Choose files
			</label>
			<input id="plain-file-input" type="file" name="file" multiple accept={ACCEPT_ATTRIBUTE} required className="block max-w-full text-sm" />
			<p className="text-xs text-slate-500 dark:text-slate-400">
				{UPLOAD_TEXTS.acceptedTypes}, {MAX_FILES_PER_FORM_UPLOAD} files at a time
			</p>
			<Button type="submit" isPending={isSubmitting}>
				Upload
			</Button>
		</Form>
	)
}

function UploadRoute() {
	const loaded = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigate = useNavigate()
	const isSubmitting = useNavigation().state === 'submitting'
	const isHydrated = useHydrated()
	const [pickerFailures, setFailures] = useState<string[]>([])
	// A plain-form post with some files refused answers with the results itself (no redirect, to keep the refusals).
	const { ids, results } = actionData?.ids.length ? actionData : loaded
	const failures = pickerFailures.length ? pickerFailures : (actionData?.failures ?? [])

	const formAlerts = (
		<>
			{actionData?.error ? <Alert className="mb-4">{actionData.error}</Alert> : null}
			{!ids.length && failures.length ? (
				<div className="mb-4">
					<MessageListAlert title={UPLOAD_TEXTS.allFailed} messages={failures} />
				</div>
			) : null}
		</>
	)

	const showResults = (result: { ids: string[]; failures: string[] }) => {
		setFailures(result.failures)
		navigate(resultsUrl(result.ids), { replace: true })
	}

	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<div>
				<h1 className="text-2xl font-bold tracking-tight">Upload Documents</h1>
				<p className="mt-1 text-slate-600 dark:text-slate-300">
					Lab reports, imaging reports, visit notes and scans. Carebook reads them and files them in your records.
				</p>
			</div>
			{ids.length ? (
				<>
					<MessageListAlert title={UPLOAD_TEXTS.someFailed} messages={failures} />
					<UploadResults key={ids.join(',')} ids={ids} initial={results} onUploadMore={() => setFailures([])} />
				</>
			) : (
				<Card>
					{/* The tabs, the drop zone and its buttons need JavaScript: shown once hydrated, the plain form until then. */}
					{isHydrated ? (
						<TabGroup>
							<TabList className="flex gap-2 border-b border-slate-200 dark:border-slate-700">
								{TABS.map((label) => (
									<Tab
										key={label}
										className={({ selected }) =>
											cn(
												'-mb-px border-b-2 px-3 py-2 text-sm font-medium focus:outline-none',
												selected
													? 'border-brand-600 text-brand-700 dark:text-brand-100'
													: 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300',
											)
										}
									>
										{label}
									</Tab>
								))}
							</TabList>
							<TabPanels className="pt-6">
								<TabPanel>
									{formAlerts}
									<FilePicker onFinished={showResults} />
								</TabPanel>
								<TabPanel>
									<CameraCapture onFinished={showResults} />
								</TabPanel>
								<TabPanel>
									<div className="space-y-2 text-sm text-slate-600 dark:text-slate-300">
										<p className="font-medium text-slate-900 dark:text-slate-100">Email import is not available yet.</p>
										<p>
											Forwarding reports by e-mail to a personal import address will come in a later release. Until then, save the attachment and use File
											Upload.
										</p>
									</div>
								</TabPanel>
							</TabPanels>
						</TabGroup>
					) : (
						<>
							{formAlerts}
							<PlainUploadForm isSubmitting={isSubmitting} />
						</>
					)}
				</Card>
			)}
		</div>
	)
}
