import { Link } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatHealthDate } from '#server/health/shared/format.ts'
import { RISK_TEXTS, TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { RISK_LEVEL_BADGE_TONES, RISK_LEVEL_BAR_CLASSES, RISK_LEVEL_LABELS } from '#server/health/shared/trend-style.ts'
import type { ValueProvenance } from '#server/health/analytics.ts'
import type { RiskAreaAssessment } from '#server/health/shared/risk.ts'

type Provenance = Record<string, ValueProvenance[]>

/** The sources of the values an assessment used, one line per test date. */
function valueSources(assessment: RiskAreaAssessment, provenance: Provenance) {
	const byDate = new Map<string, { names: string[]; sources: ValueProvenance[] }>()
	for (const value of assessment.valuesUsed) {
		const entry = byDate.get(value.date) ?? { names: [], sources: [] }
		if (!entry.names.includes(value.name)) entry.names.push(value.name)
		for (const source of provenance[`${value.code}:${value.date}`] ?? []) {
			const isKnown = entry.sources.some((known) =>
				known.source === 'manual' ? source.source === 'manual' : source.source === 'document' && source.documentId === known.documentId,
			)
			if (!isKnown) entry.sources.push(source)
		}
		byDate.set(value.date, entry)
	}
	return [...byDate.entries()].sort(([a], [b]) => (a < b ? 1 : -1))
}

/** One risk area (spec 2.5): level, score out of 100, recommendations, with the values, dates and sources behind it. */
export function RiskCard({
	assessment,
	provenance,
	addReadingHref,
	profileHref,
}: {
	assessment: RiskAreaAssessment
	provenance: Provenance
	addReadingHref: string
	/** Where the risk profile form is, offered when the profile lacks inputs. */
	profileHref?: string
}) {
	const headingId = `risk-${assessment.area}`
	const sources = valueSources(assessment, provenance)
	return (
		<article
			aria-labelledby={headingId}
			className="flex flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-700"
			data-testid={`risk-${assessment.area}`}
		>
			<div className="flex flex-wrap items-start justify-between gap-2">
				<h3 id={headingId} className="text-base font-semibold">
					{assessment.title}
				</h3>
				{assessment.level ? (
					<Badge tone={RISK_LEVEL_BADGE_TONES[assessment.level]} data-testid="risk-level">
						{RISK_LEVEL_LABELS[assessment.level]} risk
					</Badge>
				) : (
					<Badge data-testid="risk-level">{RISK_TEXTS.notAssessed}</Badge>
				)}
			</div>
			{assessment.score !== null && assessment.level ? (
				<div className="mt-3">
					<p className="text-sm">
						<span className="text-slate-600 dark:text-slate-300">{RISK_TEXTS.scoreLabel}: </span>
						<span className="text-2xl font-semibold" data-testid="risk-score">
							{RISK_TEXTS.score(assessment.score)}
						</span>
					</p>
					<div className="mt-2 h-2 rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
						<div className={cn('h-2 rounded-full', RISK_LEVEL_BAR_CLASSES[assessment.level])} style={{ width: `${assessment.score}%` }} />
					</div>
				</div>
			) : null}
			<p className="mt-3 text-sm text-slate-700 dark:text-slate-200">{assessment.summary}</p>
			{assessment.tenYearAscvdRisk ? (
				<p className="mt-1 text-sm font-medium">{RISK_TEXTS.tenYearRisk(assessment.tenYearAscvdRisk.percent, assessment.tenYearAscvdRisk.category.label)}</p>
			) : null}

			{assessment.status === 'insufficient' ? (
				<div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
					<Link to="/upload" className="font-medium text-brand-700 hover:underline dark:text-brand-100">
						{TRENDS_TEXTS.uploadDocument}
					</Link>
					<Link to={addReadingHref} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
						{TRENDS_TEXTS.addReading}
					</Link>
				</div>
			) : null}

			{assessment.recommendations.length ? (
				<div className="mt-4">
					<h4 className="text-sm font-semibold">{RISK_TEXTS.recommendations}</h4>
					<ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-200">
						{assessment.recommendations.map((text) => (
							<li key={text}>{text}</li>
						))}
					</ul>
				</div>
			) : null}

			{assessment.findings.length ? (
				<div className="mt-4">
					<h4 className="text-sm font-semibold">{RISK_TEXTS.valuesUsed}</h4>
					<ul className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-200">
						{assessment.findings.map((finding) => (
							<li key={`${finding.name}-${finding.date}`}>
								{finding.name}: {finding.value} ({finding.category.toLowerCase()}), {formatHealthDate(finding.date)}
							</li>
						))}
					</ul>
					{sources.length ? (
						<ul className="mt-2 space-y-1 text-xs text-slate-500 dark:text-slate-400" data-testid="risk-value-sources">
							{sources.map(([date, entry]) => (
								<li key={date}>
									{formatHealthDate(date)} ({entry.names.join(', ')}):{' '}
									{entry.sources.length === 0
										? RISK_TEXTS.sourceUnknown
										: entry.sources.map((source, index) => (
												<span key={source.source === 'document' ? source.documentId : 'manual'}>
													{index > 0 ? '; ' : ''}
													{source.source === 'document' ? (
														<>
															{RISK_TEXTS.from}{' '}
															<Link to={`/records/${source.documentId}`} className="underline">
																{source.title}
															</Link>
														</>
													) : (
														RISK_TEXTS.enteredByYou
													)}
												</span>
											))}
								</li>
							))}
						</ul>
					) : null}
				</div>
			) : null}

			{assessment.missingInputs.length ? (
				<div className="mt-4">
					<h4 className="text-sm font-semibold">{RISK_TEXTS.missingInputs}</h4>
					<ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200" data-testid="risk-missing-inputs">
						{assessment.missingInputs.map((input) => (
							<li key={input}>{input}</li>
						))}
					</ul>
					{profileHref ? (
						<p className="mt-1 text-sm">
							<a href={profileHref} className="font-medium text-brand-700 hover:underline dark:text-brand-100">
								{RISK_TEXTS.completeProfile}
							</a>
						</p>
					) : null}
				</div>
			) : null}

			{assessment.notes.length ? (
				<ul className="mt-4 space-y-1 text-xs text-slate-600 dark:text-slate-300">
					{assessment.notes.map((note) => (
						<li key={note}>{note}</li>
					))}
				</ul>
			) : null}

			<div className="mt-4 text-xs text-slate-500 dark:text-slate-400">
				<h4 className="font-semibold">{RISK_TEXTS.sources}</h4>
				<ul className="mt-1 list-disc pl-4" data-testid="risk-sources">
					{assessment.sources.map((source) => (
						<li key={source}>{source}</li>
					))}
				</ul>
			</div>
			{assessment.method ? (
				<details className="mt-3 text-xs text-slate-600 dark:text-slate-300">
					<summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">{RISK_TEXTS.method}</summary>
					<p className="mt-1">{assessment.method}</p>
				</details>
			) : null}
		</article>
	)
}
