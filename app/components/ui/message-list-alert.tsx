import { Alert } from './alert.tsx'

/** A red alert with a title and one line per message (refused or failed files…). */
export function MessageListAlert({ title, messages }: { title: string; messages: string[] }) {
	if (!messages.length) return null
	return (
		<Alert title={title}>
			<ul className="list-disc pl-5">
				{messages.map((message) => (
					<li key={message}>{message}</li>
				))}
			</ul>
		</Alert>
	)
}
