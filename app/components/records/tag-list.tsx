import { Badge } from '#app/components/ui/badge.tsx'

export function TagList({ tags, className }: { tags: readonly string[]; className?: string }) {
	if (!tags.length) return null
	return (
		<ul className={className ?? 'flex flex-wrap gap-1.5'} aria-label="Tags">
			{tags.map((tag) => (
				<li key={tag}>
					<Badge tone="brand">{tag}</Badge>
				</li>
			))}
		</ul>
	)
}
