import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, redirect, useLoaderData, useNavigate } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import type { FormEvent, MouseEvent, ReactNode } from 'react'
import { NotificationAge } from '#app/components/notifications/notification-age.tsx'
import { NotificationIcon } from '#app/components/notifications/notification-icon.tsx'
import { useNotificationActions } from '#app/components/notifications/use-notification-actions.ts'
import { Card } from '#app/components/ui/card.tsx'
import { LinkTabPanel, LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { cn } from '#app/lib/cn.ts'
import { useTRPC, withTrpc } from '#app/lib/trpc.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { getNotificationOverview, markAllNotificationsRead, removeNotification, setNotificationRead } from '#server/notifications/index.ts'
import {
	NOTIFICATION_MESSAGES,
	PAGE_SIZE,
	parseNotificationFilter,
	type NotificationFilter,
	type NotificationItem,
} from '#server/notifications/shared/notification.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const filter = parseNotificationFilter(new URL(request.url).searchParams.get('filter'))
	return { filter, overview: await getNotificationOverview(patient, { filter, limit: PAGE_SIZE }) }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The page's buttons without JavaScript (with it, the same actions go through tRPC with optimistic updates). */
export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const id = String(form.get('id') ?? '')
	const filter = parseNotificationFilter(new URL(request.url).searchParams.get('filter'))
	if (intent === 'mark-all-read') await markAllNotificationsRead(patient)
	else if (UUID.test(id) && (intent === 'mark-read' || intent === 'mark-unread')) await setNotificationRead(patient, id, intent === 'mark-read')
	else if (UUID.test(id) && intent === 'archive') await removeNotification(patient, id)
	return redirect(filterHref(filter))
}

export const meta: MetaFunction = () => [{ title: 'Notifications · Carebook' }]

function filterHref(filter: NotificationFilter) {
	return filter === 'all' ? '/notifications' : `/notifications?filter=${filter}`
}

/** A button that posts its intent (no JavaScript) or runs `onRun` (with it). */
function ActionButton({
	intent,
	id,
	filter,
	onRun,
	className,
	children,
}: {
	intent: string
	id?: string
	filter: NotificationFilter
	onRun: () => void
	className?: string
	children: ReactNode
}) {
	function onSubmit(event: FormEvent) {
		event.preventDefault()
		onRun()
	}
	return (
		<Form method="post" action={filterHref(filter)} onSubmit={onSubmit} className="inline">
			<input type="hidden" name="intent" value={intent} />
			{id ? <input type="hidden" name="id" value={id} /> : null}
			<button type="submit" className={cn('text-sm font-medium hover:underline', className)}>
				{children}
			</button>
		</Form>
	)
}

function NotificationRow({ item, filter }: { item: NotificationItem; filter: NotificationFilter }) {
	const actions = useNotificationActions()
	const navigate = useNavigate()
	function open(event: MouseEvent) {
		if (!item.link) return
		event.preventDefault()
		if (!item.isRead) actions.setRead(item.id, true)
		navigate(item.link)
	}
	const title = <span className={cn('block text-sm', item.isRead ? 'font-medium' : 'font-semibold')}>{item.title}</span>
	return (
		<li className={cn('flex gap-4 p-4', item.isRead ? '' : 'bg-brand-50/50 dark:bg-slate-800/50')} data-testid="notification" data-read={item.isRead}>
			<NotificationIcon kind={item.kind} />
			<div className="min-w-0 flex-1">
				{item.link ? (
					<Link to={item.link} onClick={open} className="hover:underline">
						{title}
					</Link>
				) : (
					title
				)}
				<p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{item.message}</p>
				<div className="mt-2 flex flex-wrap items-center gap-4">
					<NotificationAge createdAt={item.createdAt} />
					<ActionButton
						intent={item.isRead ? 'mark-unread' : 'mark-read'}
						id={item.id}
						filter={filter}
						onRun={() => actions.setRead(item.id, !item.isRead)}
						className="text-brand-600"
					>
						{item.isRead ? NOTIFICATION_MESSAGES.markUnread : NOTIFICATION_MESSAGES.markRead}
					</ActionButton>
					<ActionButton intent="archive" id={item.id} filter={filter} onRun={() => actions.remove(item.id)} className="text-slate-500">
						{NOTIFICATION_MESSAGES.archive}
					</ActionButton>
				</div>
			</div>
			{item.isRead ? null : <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-label="Unread" />}
		</li>
	)
}

function NotificationsRoute() {
	const loaderData = useLoaderData<typeof loader>()
	const { filter } = loaderData
	const trpc = useTRPC()
	const actions = useNotificationActions()
	const { data } = useQuery({ ...trpc.notifications.overview.queryOptions({ filter, limit: PAGE_SIZE }), initialData: loaderData.overview })
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight">Notifications</h1>
					<p className="mt-1 text-slate-600 dark:text-slate-300">Updates on your documents, appointments and account.</p>
				</div>
				{data.unreadCount > 0 ? (
					<ActionButton
						intent="mark-all-read"
						filter={filter}
						onRun={actions.markAllRead}
						className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 hover:no-underline"
					>
						{NOTIFICATION_MESSAGES.pageMarkAllAsRead}
					</ActionButton>
				) : null}
			</div>
			<LinkTabs
				label="Notification filters"
				tabs={[
					{ id: 'all', label: 'All', to: filterHref('all'), isSelected: filter === 'all' },
					{ id: 'unread', label: `Unread (${data.unreadCount})`, to: filterHref('unread'), isSelected: filter === 'unread' },
					{ id: 'read', label: 'Read', to: filterHref('read'), isSelected: filter === 'read' },
				]}
			/>
			<LinkTabPanel tabId={filter}>
				<Card className="overflow-hidden p-0">
					{data.items.length ? (
						<ul className="divide-y divide-slate-200 dark:divide-slate-800">
							{data.items.map((item) => (
								<NotificationRow key={item.id} item={item} filter={filter} />
							))}
						</ul>
					) : (
						<p className="px-6 py-12 text-center text-sm text-slate-500">{NOTIFICATION_MESSAGES.pageEmpty}</p>
					)}
				</Card>
			</LinkTabPanel>
		</div>
	)
}

export default withTrpc(NotificationsRoute)
