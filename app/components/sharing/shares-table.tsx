import { ConfirmAction } from '#app/components/admin/confirm-action.tsx'
import { TableFrame, TableHeader } from '#app/components/ui/table.tsx'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { hasShareExpired } from '#server/sharing/shared/expiry.ts'
import { ACCESS_KIND_LABELS, SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import type { ShareListEntry } from '#server/sharing/index.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

type Share = Omit<ShareListEntry, 'sharedOn' | 'expiresOn' | 'lastOpenedAt' | 'revokedOn' | 'accessLog'> & {
	sharedOn: Date | string
	expiresOn: Date | string | null
	lastOpenedAt: Date | string | null
	revokedOn: Date | string | null
	accessLog: Array<Omit<ShareListEntry['accessLog'][number], 'at'> & { at: Date | string }>
}

/** An e-mail address that may wrap after its '@' and dots, never inside a word. */
function EmailAddress({ address }: { address: string }) {
	const parts = address.split(/(?<=[@.])/)
	return (
		<>
			{parts.map((part, index) => (
				<span key={index}>
					{index > 0 ? <wbr /> : null}
					{part}
				</span>
			))}
		</>
	)
}

/**
 * 'Currently Shared Records': each link with its records, recipient, dates,
 * views, access log and Revoke (which asks first; without JavaScript through
 * `?confirm=revoke&id=`); a revoked link stays listed as 'Revoked' with its log.
 */
export function SharesTable({ shares, timeZone, now, pendingShareId }: { shares: Share[]; timeZone: string; now: Date; pendingShareId: string | null }) {
	if (shares.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.noShares}</p>
	const when = (value: Date | string) => formatDateTime(new Date(value), timeZone)
	return (
		<TableFrame caption={SHARE_MESSAGES.currentHeading} testId="current-shares">
			<TableHeader
				columns={[
					{ key: 'records', label: 'Record(s)' },
					{ key: 'with', label: 'Shared With' },
					{ key: 'on', label: 'Shared On' },
					{ key: 'expires', label: 'Expires On' },
					{ key: 'views', label: 'Views' },
					{ key: 'actions', label: <span className="sr-only">Actions</span> },
				]}
			/>
			<tbody className="divide-y divide-slate-200 align-top dark:divide-slate-700">
				{shares.map((share) => {
					const isExpired = hasShareExpired(share.expiresOn, now)
					return (
						<tr key={share.id} data-testid="share-row">
							<td className="px-4 py-3">
								<ul className="space-y-0.5">
									{share.recordTitles.length ? (
										share.recordTitles.map((title, index) => (
											<li key={`${index}-${title}`} className="font-medium [overflow-wrap:anywhere]">
												{title}
											</li>
										))
									) : (
										<li className="text-slate-500">{SHARE_MESSAGES.documentRemoved}</li>
									)}
								</ul>
							</td>
							<td className="min-w-36 break-words px-4 py-3" data-testid="share-with">
								{share.sharedWith ? <EmailAddress address={share.sharedWith} /> : SHARE_MESSAGES.anyoneWithLink}
								{share.hasPasscode ? <span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">Passcode required</span> : null}
								{share.emailDelivery === 'not-sent' ? (
									<span className="mt-1 block" data-testid="share-email-not-sent">
										<span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
											{SHARE_MESSAGES.emailDelivery['not-sent']}
										</span>
										<span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.emailNotSentHint}</span>
									</span>
								) : share.emailDelivery ? (
									<span className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400" data-testid="share-email-delivery">
										{SHARE_MESSAGES.emailDelivery[share.emailDelivery]}
									</span>
								) : null}
							</td>
							<td className="min-w-28 px-4 py-3">{when(share.sharedOn)}</td>
							<td className="min-w-28 px-4 py-3">
								{share.expiresOn ? when(share.expiresOn) : SHARE_MESSAGES.never}
								{isExpired ? (
									<span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200">
										{SHARE_MESSAGES.expired}
									</span>
								) : null}
							</td>
							<td className="min-w-40 px-4 py-3">
								<p data-testid="share-views">
									{share.views === 1 ? '1 view' : `${share.views} views`}
									<span className="block text-xs text-slate-500 dark:text-slate-400">
										{share.lastOpenedAt ? `Last opened ${when(share.lastOpenedAt)}` : SHARE_MESSAGES.notOpened}
									</span>
								</p>
								<details className="mt-1">
									<summary className="cursor-pointer text-xs font-semibold text-brand-700 dark:text-brand-300">{SHARE_MESSAGES.accessLogSummary}</summary>
									{share.accessLog.length ? (
										<ul className="mt-1 space-y-1 text-xs text-slate-600 dark:text-slate-300" data-testid="share-access-log">
											{share.accessLog.map((entry, index) => (
												<li key={`${index}-${String(entry.at)}`}>
													<span className="font-medium">{ACCESS_KIND_LABELS[entry.kind]}</span>, {when(entry.at)}
													<span className="block text-slate-500 dark:text-slate-400">
														{entry.client}
														{entry.network ? ` · ${entry.network}` : ''}
													</span>
												</li>
											))}
										</ul>
									) : (
										<p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{SHARE_MESSAGES.noAccess}</p>
									)}
								</details>
							</td>
							<td className="px-4 py-3 text-right">
								{share.revokedOn ? (
									<span
										className="whitespace-nowrap rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
										data-testid="share-revoked"
										title={`${SHARE_MESSAGES.revokedOn} ${when(share.revokedOn)}`}
									>
										{SHARE_MESSAGES.revoked}
									</span>
								) : (
									<ConfirmAction
										label={SHARE_MESSAGES.revoke}
										title={SHARE_MESSAGES.revokeTitle}
										description={SHARE_MESSAGES.revokeQuestion}
										confirmLabel={SHARE_MESSAGES.revokeConfirm}
										fields={{ intent: 'revoke', shareId: share.id }}
										noScriptHref={`?${new URLSearchParams({ confirm: 'revoke', id: share.id })}`}
										className={buttonClassName('secondary', undefined, 'narrow')}
									/>
								)}
								{pendingShareId === share.id ? <span className="sr-only">Revoking…</span> : null}
							</td>
						</tr>
					)
				})}
			</tbody>
		</TableFrame>
	)
}
