import { parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { DeleteDocumentButton, InlineDeleteConfirmation } from '#app/components/records/delete-document.tsx'
import { DocumentNotFound } from '#app/components/records/document-not-found.tsx'
import { DocumentPreview } from '#app/components/records/document-preview.tsx'
import { DocumentStatusBadge } from '#app/components/records/document-status-badge.tsx'
import { DocumentTypeIcon } from '#app/components/records/document-type-icon.tsx'
import { DownloadDocumentButton } from '#app/components/records/download-document-button.tsx'
import { LabValuesTable } from '#app/components/records/lab-values-table.tsx'
import { MedicationsList } from '#app/components/records/medications-list.tsx'
import { StructuredRecord } from '#app/components/records/structured-record.tsx'
import { IMPORTED_REFERENCE_NOTE, importedReferenceOf, structuredSummaryOf } from '#server/extraction/shared/structured-types.ts'
import { SomeoneElseBadge, SubjectQuestion } from '#app/components/records/subject-question.tsx'
import { DateQuestion } from '#app/components/records/date-question.tsx'
import { printedPatientForQuestion, printedPatientOfDetails } from '#server/documents/shared/subject-match.ts'
import {
	isPrintedResultIntent,
	isValueReviewIntent,
	PRINTED_RESULT_NOTICES,
	PrintedResultSchema,
	printedResultsState,
	VALUE_REVIEW_NOTICES,
	ValueReviewSchema,
} from '#server/health/index.ts'
import { VALUE_REVIEW_TEXTS } from '#server/health/shared/value-review.ts'
import { documentValuesText } from '#server/health/shared/value-summary.ts'
import { importReportOf } from '#server/extraction/index.ts'
import { ANALYTES } from '#server/lab-vocabulary/index.ts'
import { AddValueForm, ConfirmToCheckValues } from '#app/components/records/lab-value-review.tsx'
import { PrintedResults } from '#app/components/records/printed-results.tsx'
import { RetryProcessingButton } from '#app/components/records/retry-processing-button.tsx'
import { TagList } from '#app/components/records/tag-list.tsx'
import { useRefreshWhileProcessing } from '#app/components/records/use-refresh-while-processing.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { canRetryProcessing, isAwaitingProcessing, textExcerpt } from '#server/documents/shared/document-status.ts'
import { documentTypeLabel } from '#server/documents/shared/document-type-label.ts'
import { formatCalendarDate, formatDateTime } from '#server/documents/shared/format.ts'
import { useDisplayTimeZone } from '#app/lib/records/use-display-time-zone.ts'
import { requirePatient } from '#server/auth/index.ts'
import {
	answerDocumentSubject,
	chooseDocumentDate,
	deleteDocument,
	getDocument,
	retryDocument,
	reviewDocumentValue,
	reviewPrintedResult,
	signDocumentLink,
} from '#server/documents/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { LocalDateSchema } from '#server/time/shared/local-date-schema.ts'
import { DOCUMENT_MESSAGES, DOCUMENT_NOTICES } from '#server/documents/shared/messages.ts'
import { withTrpc } from '#app/lib/trpc.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const document = await getDocument(patient, params.documentId ?? '')
	if (!document) notFound(DOCUMENT_MESSAGES.notFoundTitle)
	// Only what the page shows: the first part of the text, not the whole file's worth.
	const { extractedText, details, timings: _timings, attempts: _attempts, ...shown } = document
	// a C-CDA or FHIR import: its sections
	const structured = structuredSummaryOf(details)
	// what the import left out, and why, by entry kind
	const importReport = structured ? importReportOf(structured) : null
	// the patient the record names, for 'Is this you?' when it is not the profile's
	const printed = printedPatientOfDetails(details)
	const printedPatient = printedPatientForQuestion(printed)
	// appointments and other records a file naming someone else holds back until the answer (held-import.ts)
	const heldImport = (details as { heldImport?: { appointments: unknown[]; references: unknown[] } } | null)?.heldImport
	const subject = {
		isSeveral: printed?.several === true,
		held: heldImport ? { appointments: heldImport.appointments.length, records: heldImport.references.length } : null,
	}
	// a record made from a FHIR DocumentReference: its file was not in the import
	const importedReference = importedReferenceOf(details)
	// rows printed under names the vocabulary does not know: a value made from one is shown with its row, not again here
	const { printedResults, ...withoutPrinted } = shown
	const fromPrinted = new Set(printedResults.flatMap((row) => (row.coded ? [row.coded.parameterId] : [])))
	const documentParameters = withoutPrinted.parameters.filter((parameter) => !fromPrinted.has(parameter.id))
	// the patient's review of the lab values: removed rows stay stored, out of sight and of every count
	const parameters = documentParameters.filter((parameter) => parameter.reviewStatus !== 'removed')
	const review = {
		removedCount: documentParameters.length - parameters.length,
		editingId: new URL(request.url).searchParams.get('edit'),
		analytes: ANALYTES.filter((analyte) => analyte.category !== 'vitals').map((analyte) => ({ code: analyte.code, name: analyte.name })),
	}
	return {
		document: { ...withoutPrinted, parameters, text: textExcerpt(extractedText) },
		printed: { rows: printedResults, ...printedResultsState(printedResults) },
		structured,
		importReport,
		printedPatient,
		subject,
		importedReference,
		review,
		timeZone: patient.user.timeZone,
	}
}

/** 'Which date is this record from?': one of the two readings (date-question.tsx). */
const DateChoiceSchema = z.object({ intent: z.literal('choose-date'), date: LocalDateSchema })

/** The page's buttons when JavaScript does not run (with it: the dialog submits delete; tRPC does retry and download). */
const IntentSchema = z.object({ intent: z.enum(['delete', 'retry', 'download', 'this-is-me', 'someone-else']) })

export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const formData = await request.formData()
	const documentId = params.documentId ?? ''
	// the lab values' review: confirm, correct, remove, add (another patient's document or value: 404)
	if (isValueReviewIntent(formData.get('intent'))) {
		const review = parseWithZod(formData, { schema: ValueReviewSchema })
		if (review.status !== 'success') return formReply(review)
		const outcome = await reviewDocumentValue(patient, documentId, review.value)
		if (!outcome.ok) return formReply(review, outcome, { notFoundText: DOCUMENT_MESSAGES.notFoundTitle })
		throw await redirectWithToast(request, `/records/${documentId}`, VALUE_REVIEW_NOTICES[review.value.intent])
	}
	// a row printed under a name the vocabulary does not know: which test it is, or undo (another patient's: 404)
	if (isPrintedResultIntent(formData.get('intent'))) {
		const change = parseWithZod(formData, { schema: PrintedResultSchema })
		if (change.status !== 'success') return formReply(change)
		const outcome = await reviewPrintedResult(patient, documentId, change.value)
		if (!outcome.ok) return formReply(change, outcome, { notFoundText: DOCUMENT_MESSAGES.notFoundTitle })
		throw await redirectWithToast(request, `/records/${documentId}`, PRINTED_RESULT_NOTICES[change.value.intent])
	}
	if (formData.get('intent') === 'choose-date') {
		const choice = parseWithZod(formData, { schema: DateChoiceSchema })
		if (choice.status !== 'success') return formReply(choice)
		const chosen = await chooseDocumentDate(patient, documentId, choice.value.date)
		if (!chosen.ok) return formReply(choice, chosen, { notFoundText: DOCUMENT_MESSAGES.notFoundTitle })
		throw await redirectWithToast(request, `/records/${documentId}`, DOCUMENT_NOTICES.dateChosen)
	}
	const submission = parseWithZod(formData, { schema: IntentSchema })
	if (submission.status !== 'success') return formReply(submission)
	switch (submission.value.intent) {
		case 'delete': {
			const deleted = await deleteDocument(patient, documentId)
			if (!deleted.ok) notFound(DOCUMENT_MESSAGES.notFoundTitle)
			throw await redirectWithToast(request, '/records', DOCUMENT_NOTICES.deleted)
		}
		case 'retry': {
			// Not retryable (already queued, or an unreadable file): the page shows the current state.
			const retried = await retryDocument(patient, documentId)
			if (!retried.ok && retried.code === 'too-many-uploads')
				throw await redirectWithToast(request, `/records/${documentId}`, { title: retried.message, tone: 'error' })
			throw redirect(`/records/${documentId}`)
		}
		case 'this-is-me':
		case 'someone-else': {
			const isMine = submission.value.intent === 'this-is-me'
			const answered = await answerDocumentSubject(patient, documentId, isMine ? 'confirmed_self' : 'someone_else')
			if (!answered.ok) notFound(DOCUMENT_MESSAGES.notFoundTitle)
			throw await redirectWithToast(request, `/records/${documentId}`, isMine ? DOCUMENT_NOTICES.subjectConfirmed : DOCUMENT_NOTICES.subjectSomeoneElse)
		}
		case 'download': {
			if (!(await getDocument(patient, documentId))) notFound(DOCUMENT_MESSAGES.notFoundTitle)
			throw redirect(signDocumentLink({ documentId, userId: patient.userId }))
		}
	}
}

// Calls tRPC from the browser: the providers wrap this route only (not the root).
export default withTrpc(DocumentDetailRoute)

function DocumentDetailRoute() {
	const {
		document,
		printed,
		structured,
		importReport,
		printedPatient,
		subject,
		importedReference,
		review,
		timeZone: storedTimeZone,
	} = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const reviewState = { path: `/records/${document.id}`, editingId: review.editingId, lastResult: actionData?.result, analytes: review.analytes }
	const toCheckCount = document.parameters.filter((parameter) => parameter.reviewStatus === 'to_check').length
	const timeZone = useDisplayTimeZone(storedTimeZone)
	const [searchParams] = useSearchParams()
	useRefreshWhileProcessing(document.id, document.status)
	const isConfirmingDelete = searchParams.get('confirm') === 'delete'
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<Link to="/records" className={buttonClassName('secondary', undefined, 'narrow')}>
				<span aria-hidden>←</span>
				Back to Medical Records
			</Link>

			<Card className="space-y-5">
				<div className="flex flex-wrap items-start gap-4">
					<DocumentTypeIcon type={document.documentType} />
					<div className="min-w-0 flex-1">
						<div className="flex flex-wrap items-center gap-3">
							<h1 className="break-words text-2xl font-bold tracking-tight">{document.title}</h1>
							<DocumentStatusBadge status={document.status} />
							{document.subjectMatch === 'someone_else' ? <SomeoneElseBadge /> : null}
						</div>
						<p className="mt-1 text-slate-600 dark:text-slate-300" data-testid="document-type">
							{documentTypeLabel(document.documentType)}
						</p>
					</div>
				</div>
				<dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
					<div>
						<dt className="font-medium text-slate-500 dark:text-slate-400">Date</dt>
						<dd className="mt-0.5">
							{document.documentDate ? <time dateTime={document.documentDate}>{formatCalendarDate(document.documentDate)}</time> : 'Not detected'}
						</dd>
					</div>
					<div>
						<dt className="font-medium text-slate-500 dark:text-slate-400">Uploaded</dt>
						<dd className="mt-0.5">
							<time dateTime={new Date(document.uploadedAt).toISOString()}>{formatDateTime(new Date(document.uploadedAt), timeZone)}</time>
						</dd>
					</div>
					<div>
						<dt className="font-medium text-slate-500 dark:text-slate-400">Provider</dt>
						<dd className="mt-0.5">{document.provider ?? 'Not detected'}</dd>
					</div>
					<div>
						<dt className="font-medium text-slate-500 dark:text-slate-400">File</dt>
						<dd className="mt-0.5 break-all">{document.fileName}</dd>
					</div>
					{document.description ? (
						<div className="sm:col-span-2">
							<dt className="font-medium text-slate-500 dark:text-slate-400">Description</dt>
							<dd className="mt-0.5 whitespace-pre-line">{document.description}</dd>
						</div>
					) : null}
				</dl>
				<TagList tags={document.tags} />
				<div className="flex flex-wrap items-start gap-3 border-t border-slate-200 pt-5 dark:border-slate-700">
					<DownloadDocumentButton documentId={document.id} />
					<DeleteDocumentButton documentId={document.id} />
				</div>
			</Card>

			{isConfirmingDelete ? <InlineDeleteConfirmation documentId={document.id} /> : null}

			<SubjectQuestion
				documentId={document.id}
				documentType={document.documentType}
				subjectMatch={document.subjectMatch}
				printedPatient={printedPatient}
				isSeveral={subject.isSeveral}
				held={subject.held}
			/>
			<DateQuestion documentId={document.id} choices={document.dateChoices} error={actionData?.result?.error?.date?.[0]} />

			{isAwaitingProcessing(document.status) ? (
				<Alert tone="info" title={document.status === 'queued' ? 'Queued for processing' : 'Processing'}>
					<span className="inline-flex items-center gap-2">
						<Spinner label="Processing" />
						Text and lab values are being extracted. This page updates by itself.
					</span>
				</Alert>
			) : null}
			{document.status === 'failed' ? (
				<Alert title="Processing failed">
					<p>{document.failureMessage ?? 'The document could not be processed.'}</p>
					{canRetryProcessing(document) ? <RetryProcessingButton documentId={document.id} /> : null}
				</Alert>
			) : null}

			{document.summary || document.values.read > 0 ? (
				<Card>
					<h2 className="text-lg font-semibold">Summary</h2>
					{document.values.read > 0 || document.documentType === 'lab_report' ? (
						<p className="mt-2 font-medium" data-testid="document-values">
							{documentValuesText(document.values, document.subjectMatch)}
						</p>
					) : null}
					{document.summary ? <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{document.summary}</p> : null}
				</Card>
			) : null}

			{document.parameters.length || document.documentType === 'lab_report' ? (
				<section aria-labelledby="lab-values-heading" className="space-y-3">
					<h2 id="lab-values-heading" className="text-lg font-semibold">
						Lab values
					</h2>
					{toCheckCount ? (
						<Alert tone="warning" title={`${toCheckCount} value${toCheckCount === 1 ? '' : 's'} to check`}>
							<p>{VALUE_REVIEW_TEXTS.toCheckNote}</p>
							<div className="mt-3">
								<ConfirmToCheckValues values={document.parameters.filter((parameter) => parameter.reviewStatus === 'to_check')} state={reviewState} />
							</div>
						</Alert>
					) : null}
					{document.parameters.length ? <LabValuesTable values={document.parameters} review={reviewState} /> : null}
					{review.removedCount ? <p className="text-sm text-slate-500 dark:text-slate-400">{VALUE_REVIEW_TEXTS.removedCount(review.removedCount)}</p> : null}
					<AddValueForm state={reviewState} />
				</section>
			) : null}

			<PrintedResults rows={printed.rows} state={{ analytes: printed.analytes, codesByUnit: printed.codesByUnit, lastResult: actionData?.result }} />

			{document.medications.length ? (
				<Card>
					<h2 className="text-lg font-semibold">Medications</h2>
					<MedicationsList medications={document.medications} />
				</Card>
			) : null}

			{importedReference ? (
				<Card>
					<h2 className="text-lg font-semibold">Imported record</h2>
					<p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="imported-reference-note">
						{IMPORTED_REFERENCE_NOTE}
					</p>
					{importedReference.fileName ? (
						<p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
							Original file: {importedReference.fileName}
							{importedReference.contentType ? ` (${importedReference.contentType})` : ''}
						</p>
					) : null}
				</Card>
			) : null}

			{structured && importReport ? (
				<Card>
					<h2 className="text-lg font-semibold">Imported record</h2>
					<StructuredRecord summary={structured} report={importReport} />
				</Card>
			) : null}

			{document.hasPreview ? (
				<Card>
					<h2 className="text-lg font-semibold">Preview</h2>
					<DocumentPreview document={document} className="mt-3 w-full" imageClassName="max-h-[48rem] w-auto max-w-full" />
				</Card>
			) : null}

			{document.text.text ? (
				<Card>
					<details>
						<summary className="cursor-pointer text-lg font-semibold">Extracted text</summary>
						<pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-4 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
							{document.text.text}
						</pre>
						{document.text.isTruncated ? (
							<p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Showing the first part. Download the document for the full text.</p>
						) : null}
					</details>
				</Card>
			) : null}
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.document.title ?? DOCUMENT_MESSAGES.notFoundTitle} · Carebook` }]

function DocumentLoadFailed() {
	return (
		<div className="mx-auto max-w-3xl space-y-4">
			<Alert title="Something went wrong">The document could not be loaded. Please try again later.</Alert>
			<Link to="/records" className="text-sm font-semibold text-brand-600 underline">
				Back to Medical Records
			</Link>
		</div>
	)
}

/** Spec 2.7: a document that does not exist (or is not the patient's) shows 'Document Not Found'. */
export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <DocumentNotFound /> }} fallback={() => <DocumentLoadFailed />} />
}
