import type { ShouldRevalidateFunction } from '@remix-run/react'
import { useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { toast, type ToastTone } from '#app/components/ui/toast.tsx'
import { countActiveFilters, parseAppointmentFilters } from '#server/appointments/shared/filters.ts'
import {
	appointmentNotice,
	isAppointmentNoticeCode,
	NOTICE_PARAM,
	type AppointmentNoticeCode,
} from '#server/appointments/shared/labels.ts'

const SUCCESS_CODES: ReadonlySet<AppointmentNoticeCode> = new Set(['scheduled', 'updated', 'rescheduled', 'cancelled', 'deleted'])

function toneOf(code: AppointmentNoticeCode): ToastTone {
	return SUCCESS_CODES.has(code) ? 'success' : 'info'
}

/**
 * The notice a redirect or a link named in `?notice=`: with JavaScript it
 * becomes a toast and the parameter leaves the URL (so a reload does not
 * repeat it); without, it stays on the page as an alert.
 */
export function NoticeFromUrl() {
	const [searchParams] = useSearchParams()
	const location = useLocation()
	const navigate = useNavigate()
	const [isHydrated, setHydrated] = useState(false)
	const handledKey = useRef<string | null>(null)
	const code = searchParams.get(NOTICE_PARAM)
	const noticeCode = isAppointmentNoticeCode(code) ? code : null
	const notice = noticeCode ? appointmentNotice(noticeCode, countActiveFilters(parseAppointmentFilters(searchParams))) : null

	useEffect(() => setHydrated(true), [])

	useEffect(() => {
		if (!noticeCode || !notice || handledKey.current === location.key) return
		handledKey.current = location.key
		toast({ title: notice.title, description: notice.description, tone: toneOf(noticeCode) })
		const params = new URLSearchParams(location.search)
		params.delete(NOTICE_PARAM)
		const search = params.toString()
		navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true })
	}, [noticeCode, notice, location, navigate])

	if (!notice || !noticeCode || isHydrated) return null
	return (
		<Alert tone={toneOf(noticeCode) === 'success' ? 'success' : 'info'} title={notice.title} className="mb-6">
			{notice.description}
		</Alert>
	)
}

function withoutNotice(url: URL): string {
	const params = new URLSearchParams(url.search)
	params.delete(NOTICE_PARAM)
	return `${url.pathname}?${params}`
}

/** Removing `?notice=` from the URL does not need the loaders to run again. */
export const skipRevalidationForNotice: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
	if (!formMethod && currentUrl.search !== nextUrl.search && withoutNotice(currentUrl) === withoutNotice(nextUrl)) return false
	return defaultShouldRevalidate
}
