import { Badge, type BadgeTone } from '#app/components/ui/badge.tsx'
import { capitalize } from '#server/admin/shared/format.ts'

const TONE: Record<string, BadgeTone> = {
	active: 'success',
	inactive: 'neutral',
	pending: 'warning',
	trial: 'info',
	trialing: 'info',
	past_due: 'danger',
	canceled: 'neutral',
	processed: 'success',
	failed: 'danger',
	queued: 'neutral',
	processing: 'info',
	warning: 'warning',
	info: 'info',
	success: 'success',
}

export function StatusBadge({ status }: { status: string }) {
	return <Badge tone={TONE[status] ?? 'neutral'}>{capitalize(status)}</Badge>
}
