import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { notFound } from '#server/errors/index.ts'
import { isMailboxServed, listMailboxMessages } from '#server/email/index.ts'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { EMAIL_STATUS_TONES, emailKindLabel } from '#server/email/shared/kinds.ts'

export async function loader() {
	if (!isMailboxServed()) notFound()
	return { messages: await listMailboxMessages() }
}

export const meta: MetaFunction = () => [{ title: 'Mailbox (development) · Carebook' }]

export default function MailboxRoute() {
	const { messages } = useLoaderData<typeof loader>()
	return (
		<main className="mx-auto max-w-5xl space-y-4 px-6 py-10">
			<h1 className="text-2xl font-bold tracking-tight">Mailbox</h1>
			<p className="text-sm text-slate-600 dark:text-slate-300">
				Development only: every e-mail the outbox holds, newest first ({messages.length} shown). Without SMTP_URL nothing leaves this machine.
			</p>
			{messages.length === 0 ? (
				<p className="text-slate-600 dark:text-slate-300">No e-mails yet.</p>
			) : (
				<ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
					{messages.map((message) => (
						<li key={message.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
							<Link to={`/dev/mailbox/${message.id}`} className="font-medium text-brand-600 underline">
								{message.subject}
							</Link>
							<span className="text-sm text-slate-600 dark:text-slate-300">to {message.recipient}</span>
							<Badge>{emailKindLabel(message.kind)}</Badge>
							<Badge tone={EMAIL_STATUS_TONES[message.status]}>{message.status}</Badge>
							<time className="ml-auto text-sm text-slate-500 dark:text-slate-400" dateTime={new Date(message.createdAt).toISOString()}>
								{formatDateTime(new Date(message.createdAt), 'UTC')} UTC
							</time>
						</li>
					))}
				</ul>
			)}
		</main>
	)
}
