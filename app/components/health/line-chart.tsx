import type { ChartGeometry, ChartMarker, ChartXY } from '#server/health/shared/chart-geometry.ts'
import { CHART_COLORS } from './chart-colors.ts'

/*
 * A health chart drawn by the server (decision 027): no chart library and no
 * JavaScript. The plot is an SVG stretched over the plot area (its lines keep
 * their width with non-scaling strokes); the axis labels and the points are
 * HTML placed in percent over it, so they keep their size at any width. The
 * whole chart is one image with `label` as its name; each point's value is
 * its tooltip.
 */

/** Where an x label sits from its tick, and from which chart width it shows (ChartXTick). */
const TICK_ALIGN_CLASS = { start: '', center: '-translate-x-1/2', end: '-translate-x-full' } as const
const TICK_SHOWN_CLASS = { always: '', medium: 'hidden @md:block', wide: 'hidden @2xl:block' } as const

const outline = (points: ChartXY[]) => points.map((point) => `${point.x},${point.y}`).join(' ')

function MarkerShape({ shape, color, size }: { shape: ChartMarker['shape']; color: string; size: number }) {
	return (
		<svg width={size} height={size} viewBox="0 0 10 10" aria-hidden="true" focusable="false" className="block">
			{shape === 'triangle' ? <polygon points="5,0.5 9.8,9.5 0.2,9.5" fill={color} /> : null}
			{shape === 'diamond' ? <polygon points="5,0 10,5 5,10 0,5" fill={color} /> : null}
			{shape === 'circle' ? <circle cx="5" cy="5" r="5" fill={color} /> : null}
		</svg>
	)
}

function LegendItem({ item }: { item: ChartGeometry['legend'][number] }) {
	const color = CHART_COLORS[item.color]
	return (
		<li className="flex items-center gap-1.5">
			<svg width="24" height="10" viewBox="0 0 24 10" aria-hidden="true" focusable="false">
				<line x1="0" x2="24" y1="5" y2="5" stroke={color} strokeWidth="2" strokeDasharray={item.isDashed ? '4 3' : undefined} />
				<g transform="translate(8 1)">
					{item.shape === 'diamond' ? <polygon points="4,0 8,4 4,8 0,4" fill={color} /> : <circle cx="4" cy="4" r="4" fill={color} />}
				</g>
			</svg>
			{item.label}
		</li>
	)
}

export function LineChart({ geometry, label, unit, heightClass }: { geometry: ChartGeometry; label: string; unit: string | null; heightClass: string }) {
	return (
		<div className="w-full">
			{geometry.legend.length > 0 ? (
				<ul aria-hidden="true" className="mb-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
					{geometry.legend.map((item) => (
						<LegendItem key={item.label} item={item} />
					))}
				</ul>
			) : null}
			<div role="img" aria-label={label} className={`@container relative ${heightClass} w-full text-xs text-slate-500 dark:text-slate-400`}>
				{unit ? (
					<span aria-hidden="true" className="absolute left-0 top-0">
						{unit}
					</span>
				) : null}
				<div aria-hidden="true" className="absolute bottom-6 left-11 right-4 top-6">
					<svg viewBox="0 0 100 100" preserveAspectRatio="none" focusable="false" className="absolute inset-0 h-full w-full overflow-visible">
						<g className="stroke-slate-200 dark:stroke-slate-700">
							{geometry.yTicks.map((tick) => (
								<line key={`y${tick.label}`} x1="0" x2="100" y1={tick.at} y2={tick.at} vectorEffect="non-scaling-stroke" />
							))}
							{geometry.xTicks.map((tick) => (
								<line key={`x${tick.at}`} x1={tick.at} x2={tick.at} y1="0" y2="100" vectorEffect="non-scaling-stroke" />
							))}
						</g>
						{geometry.bands.map((band) => (
							<rect
								key={`${band.color}${band.top}`}
								x="0"
								width="100"
								y={band.top}
								height={Math.max(0, band.bottom - band.top)}
								fill={CHART_COLORS[band.color]}
							/>
						))}
						{geometry.areas.map((area) => (
							<polygon key={outline(area.outline)} points={outline(area.outline)} fill={CHART_COLORS[area.color]} />
						))}
						{geometry.lines.map((line, index) => (
							<polyline
								key={index}
								points={outline(line.path)}
								fill="none"
								stroke={CHART_COLORS[line.color]}
								strokeWidth="2"
								strokeDasharray={line.isDashed ? '6 4' : undefined}
								strokeLinejoin="round"
								vectorEffect="non-scaling-stroke"
							/>
						))}
					</svg>
					{geometry.yTicks.map((tick) => (
						<span key={tick.label} className="absolute right-full mr-2 -translate-y-1/2 whitespace-nowrap" style={{ top: `${tick.at}%` }}>
							{tick.label}
						</span>
					))}
					{geometry.xTicks.map((tick) => (
						<span
							key={`${tick.at}`}
							data-testid="chart-x-tick"
							// Fewer labels in a narrow chart (a container query), so they do not run into each other.
							className={`absolute top-full mt-1 whitespace-nowrap ${TICK_ALIGN_CLASS[tick.align]} ${TICK_SHOWN_CLASS[tick.shownFrom]}`}
							style={{ left: `${tick.at}%` }}
						>
							{tick.label}
						</span>
					))}
					{geometry.lines.flatMap((line, lineIndex) =>
						line.markers.map((marker, index) => (
							<span
								key={`${lineIndex}-${index}`}
								title={marker.title}
								className="absolute -translate-x-1/2 -translate-y-1/2"
								style={{ left: `${marker.x}%`, top: `${marker.y}%` }}
							>
								<MarkerShape shape={marker.shape} color={CHART_COLORS[marker.color]} size={marker.shape === 'circle' ? 8 : 12} />
							</span>
						)),
					)}
				</div>
			</div>
		</div>
	)
}
