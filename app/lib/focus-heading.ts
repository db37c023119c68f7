import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * After a client-side navigation to another page, moves focus to the page's
 * heading (the first h1 inside `containerId`, made focusable with tabindex=-1),
 * else to the container itself, so keyboard and screen-reader users start on
 * the new page instead of staying on the sidebar link they used. The first
 * render and changes of the query string only (a filter, a tab) leave focus
 * where it is.
 */
export function useFocusHeadingOnNavigation(containerId: string) {
	const { pathname } = useLocation()
	const previous = useRef(pathname)
	useEffect(() => {
		if (previous.current === pathname) return
		previous.current = pathname
		const container = document.getElementById(containerId)
		if (!container) return
		const target = container.querySelector<HTMLElement>('h1') ?? container
		if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
		target.focus({ preventScroll: true })
	}, [pathname, containerId])
}
