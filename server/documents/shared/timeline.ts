/** The Medical Records timeline (spec 2.6): documents grouped by month, newest first. Browser-safe. */
import { localDateOf, safeTimeZone } from '#server/time/shared/zoned-time.ts'
import { formatMonthYear } from './format.ts'

type Dated = { documentDate: string | null; uploadedAt: Date | string }

/** The date a document is filed under: its own date, else the day it was uploaded (in `timeZone`). */
export function recordDate(document: Dated, timeZone: string) {
	if (document.documentDate) return document.documentDate
	return localDateOf(new Date(document.uploadedAt), safeTimeZone(timeZone))
}

export type MonthGroup<T> = { key: string; label: string; documents: T[] }

/** Groups documents by month and year of their record date, keeping the order given (the domain sorts newest first). */
export function groupByMonth<T extends Dated>(documents: readonly T[], timeZone: string): MonthGroup<T>[] {
	const groups: MonthGroup<T>[] = []
	const byKey = new Map<string, MonthGroup<T>>()
	for (const document of documents) {
		const key = recordDate(document, timeZone).slice(0, 7)
		let group = byKey.get(key)
		if (!group) {
			group = { key, label: formatMonthYear(key), documents: [] }
			byKey.set(key, group)
			groups.push(group)
		}
		group.documents.push(document)
	}
	return groups
}
