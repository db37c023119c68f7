import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { notFound } from '#server/errors/index.ts'
import { getMailboxMessage, isMailboxServed } from '#server/email/index.ts'
import { EMAIL_STATUS_TONES, emailKindLabel } from '#server/email/shared/kinds.ts'
import { splitTextLinks } from '#server/email/shared/text-links.ts'

export async function loader({ params }: LoaderFunctionArgs) {
	if (!isMailboxServed()) notFound()
	const message = await getMailboxMessage(params.messageId ?? '')
	if (!message) notFound()
	return { message }
}

export const meta: MetaFunction = () => [{ title: 'E-mail (development) · Carebook' }]

function when(value: string | Date | null) {
	return value ? `${formatDateTime(new Date(value), 'UTC')} UTC` : 'not yet'
}

/** The HTML body in a sandbox (no scripts, no same origin); its links open in a new tab. */
function htmlDocument(html: string) {
	return html.replace(/<head>/i, '<head><base target="_blank">')
}

export default function MailboxMessageRoute() {
	const { message } = useLoaderData<typeof loader>()
	return (
		<main className="mx-auto max-w-5xl space-y-4 px-6 py-10">
			<Link to="/dev/mailbox" className="text-sm font-semibold text-brand-600 underline">
				Back to the mailbox
			</Link>
			<h1 className="text-2xl font-bold tracking-tight">{message.subject}</h1>
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
				<dt className="text-slate-500 dark:text-slate-400">To</dt>
				<dd>{message.recipient}</dd>
				<dt className="text-slate-500 dark:text-slate-400">Kind</dt>
				<dd>{emailKindLabel(message.kind)}</dd>
				<dt className="text-slate-500 dark:text-slate-400">Status</dt>
				<dd>
					<Badge tone={EMAIL_STATUS_TONES[message.status]}>{message.status}</Badge>
					{message.deliveredVia ? ` via ${message.deliveredVia}` : ''}
					{message.lastErrorCode ? ` · last error ${message.lastErrorCode}` : ''} · {message.attempts} attempt(s)
				</dd>
				<dt className="text-slate-500 dark:text-slate-400">Queued</dt>
				<dd>{when(message.createdAt)}</dd>
				<dt className="text-slate-500 dark:text-slate-400">Sent</dt>
				<dd>{when(message.sentAt)}</dd>
			</dl>
			{message.textBody === null && message.htmlBody === null ? (
				<p className="text-slate-600 dark:text-slate-300">The bodies were erased once the outbox was done with this message through SMTP.</p>
			) : null}
			{message.textBody !== null ? (
				<Card>
					<h2 className="mb-2 font-semibold">Text</h2>
					<pre className="whitespace-pre-wrap break-words font-sans text-sm" data-testid="mailbox-text">
						{splitTextLinks(message.textBody).map((part, index) =>
							part.type === 'link' ? (
								<a key={index} href={part.value} target="_blank" rel="noreferrer" className="text-brand-600 underline">
									{part.value}
								</a>
							) : (
								<span key={index}>{part.value}</span>
							),
						)}
					</pre>
				</Card>
			) : null}
			{message.htmlBody !== null ? (
				<Card>
					<h2 className="mb-2 font-semibold">HTML</h2>
					<iframe
						title="HTML body"
						sandbox="allow-popups allow-popups-to-escape-sandbox"
						srcDoc={htmlDocument(message.htmlBody)}
						className="h-[32rem] w-full rounded border border-slate-200"
					/>
				</Card>
			) : null}
		</main>
	)
}
