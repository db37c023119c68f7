import { Form, Link, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog, ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import type { DataExportSummary } from '#server/exports/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { formatFileSize } from '#app/lib/format-file-size.ts'
import { isSubmittingIntent, SettingsSection } from './section.tsx'

const EXPORT_STATUS_TEXT: Record<DataExportSummary['status'], string> = {
	queued: 'Being prepared…',
	ready: 'Ready',
	failed: 'Failed: please ask for a new export',
}

function ExportList({ exports, timeZone }: { exports: DataExportSummary[]; timeZone: string }) {
	if (exports.length === 0) return null
	return (
		<ul aria-label="Data exports" className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
			{exports.map((item) => (
				<li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
					<span>
						<span className="font-medium">Export of {formatDateTime(new Date(item.createdAt), timeZone)}</span>
						<span className="block text-slate-600 dark:text-slate-300">
							{item.status === 'ready' && !item.expiresAt ? ACCOUNT_MESSAGES.exportDeleted : EXPORT_STATUS_TEXT[item.status]}
							{item.status === 'ready' && item.expiresAt && item.sizeBytes !== null
								? ` · ${formatFileSize(item.sizeBytes)} · available until ${formatDateTime(new Date(item.expiresAt), timeZone)}, then deleted`
								: ''}
						</span>
					</span>
					{item.status === 'ready' && item.expiresAt ? (
						<a href={`/settings/exports/${item.id}`} download className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
							Download
						</a>
					) : null}
				</li>
			))}
		</ul>
	)
}

export function DataManagement({
	exports,
	timeZone,
	isAddressConfirmed,
	isConfirmingDeactivation,
}: {
	exports: DataExportSummary[]
	timeZone: string
	isAddressConfirmed: boolean
	isConfirmingDeactivation: boolean
}) {
	const navigation = useNavigation()
	const [isDialogOpen, setDialogOpen] = useState(false)
	const isDeactivating = isSubmittingIntent(navigation, 'deactivate')
	return (
		<SettingsSection id="export" title="Data Management">
			<div>
				<h3 className="text-base font-semibold">Export My Data</h3>
				<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
					A zip file with every document you uploaded, your records as JSON and a FHIR R4 bundle. It is prepared in the background; we tell you when it is ready
					{isAddressConfirmed ? '' : ' (in Carebook: no e-mail until your address is confirmed)'}. One export a day. {ACCOUNT_MESSAGES.exportReplaces}
				</p>
				<Form method="post" className="mt-3">
					<input type="hidden" name="intent" value="export" />
					<Button type="submit" variant="secondary" isPending={isSubmittingIntent(navigation, 'export')}>
						Export My Data
					</Button>
				</Form>
				<ExportList exports={exports} timeZone={timeZone} />
			</div>
			<div className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700">
				<h3 className="text-base font-semibold text-red-700 dark:text-red-300">Deactivate My Account</h3>
				<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{ACCOUNT_MESSAGES.deactivateDescription}</p>
				{isConfirmingDeactivation ? (
					<div className="mt-4">
						<ConfirmPanel
							title={ACCOUNT_MESSAGES.deactivateTitle}
							description={<p>{ACCOUNT_MESSAGES.deactivateDescription}</p>}
							confirmLabel="Deactivate"
							cancelLabel="Cancel"
							cancelHref="/settings"
							action="/settings"
							intent="deactivate"
							isPending={isDeactivating}
						/>
					</div>
				) : (
					<form
						method="get"
						action="/settings"
						className="mt-3"
						onSubmit={(event) => {
							event.preventDefault()
							setDialogOpen(true)
						}}
					>
						<input type="hidden" name="confirm" value="deactivate" />
						<Button type="submit" variant="destructive">
							Deactivate My Account
						</Button>
					</form>
				)}
				<ConfirmDialog
					isOpen={isDialogOpen}
					onClose={() => setDialogOpen(false)}
					title={ACCOUNT_MESSAGES.deactivateTitle}
					description={<p>{ACCOUNT_MESSAGES.deactivateDescription}</p>}
					confirmLabel="Deactivate"
					cancelLabel="Cancel"
					isPending={isDeactivating}
					renderForm={(content) => (
						<Form method="post" action="/settings">
							<input type="hidden" name="intent" value="deactivate" />
							{content}
						</Form>
					)}
				/>
			</div>
			<p className="sr-only">
				<Link to="/settings#notifications">Back to the top of Settings</Link>
			</p>
		</SettingsSection>
	)
}
