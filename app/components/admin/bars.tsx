import { cn } from '#app/lib/cn.ts'
import { isLoadHigh, storageBarTone } from '#server/admin/shared/format.ts'
import { formatStorageMb, usagePercent } from '#server/billing/shared/usage-format.ts'

const STORAGE_TONE = { red: 'bg-red-500', amber: 'bg-amber-500', blue: 'bg-blue-500' } as const

/** Used and limit ('4.2 MB of 100 MB', '1 GB') with the spec's colours (red above 90 %, amber above 75 %, else blue). */
export function StorageBar({ usedMb, limitMb }: { usedMb: number; limitMb: number }) {
	const percent = limitMb > 0 ? (usedMb / limitMb) * 100 : 0
	const tone = storageBarTone(percent)
	return (
		<div className="min-w-36">
			<div className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="storage-usage">
				<span>
					{formatStorageMb(usedMb)} of {formatStorageMb(limitMb)}
				</span>
				<span>{usagePercent(usedMb, limitMb)}%</span>
			</div>
			<div
				className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700"
				role="meter"
				aria-label="Storage used"
				aria-valuenow={Math.round(percent)}
				aria-valuemin={0}
				aria-valuemax={100}
			>
				<div data-tone={tone} className={cn('h-2 rounded', STORAGE_TONE[tone])} style={{ width: `${Math.min(100, percent)}%` }} />
			</div>
		</div>
	)
}

/** A CPU, memory or storage percentage; CPU and memory bars turn red above 80 %. */
export function LoadBar({ label, percent, hasThreshold = true }: { label: string; percent: number | null; hasThreshold?: boolean }) {
	const isHigh = hasThreshold && isLoadHigh(percent)
	return (
		<div>
			<div className="flex justify-between text-sm">
				<span>{label}</span>
				<span>{percent === null ? 'n/a' : `${percent}%`}</span>
			</div>
			<div
				className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700"
				role="meter"
				aria-label={label}
				aria-valuenow={percent ?? 0}
				aria-valuemin={0}
				aria-valuemax={100}
			>
				<div
					data-high={isHigh || undefined}
					className={cn('h-2 rounded', isHigh ? 'bg-red-500' : 'bg-brand-600')}
					style={{ width: `${Math.min(100, percent ?? 0)}%` }}
				/>
			</div>
		</div>
	)
}
