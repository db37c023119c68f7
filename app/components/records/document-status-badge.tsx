import { Badge } from '#app/components/ui/badge.tsx'
import { documentStatusBadge } from '#server/documents/shared/document-status.ts'

/** Queued / Processing / Failed for a document that is not processed yet; nothing once processed. */
export function DocumentStatusBadge({ status, className }: { status: string; className?: string }) {
	const badge = documentStatusBadge(status)
	if (!badge) return null
	return (
		<Badge tone={badge.tone} className={className} data-testid="document-status">
			{badge.label}
		</Badge>
	)
}
