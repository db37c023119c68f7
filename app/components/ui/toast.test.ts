import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, getToasts, toast, TOAST_DURATION_MS, TOAST_LIMIT } from './toast.tsx'

describe('toasts', () => {
	beforeEach(() => {
		vi.useFakeTimers()
		// The store only runs in a browser; a stand-in window is enough here.
		vi.stubGlobal('window', {})
	})
	afterEach(() => {
		vi.runAllTimers()
		vi.useRealTimers()
		vi.unstubAllGlobals()
	})

	it('keeps at most 20, newest first, closes each after 5 seconds and then removes it', () => {
		const ids = Array.from({ length: TOAST_LIMIT + 3 }, (_, index) => toast({ title: `Notice ${index}` }))
		expect(getToasts()).toHaveLength(TOAST_LIMIT)
		expect(getToasts()[0]!.id).toBe(ids.at(-1))
		vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
		expect(getToasts().every((item) => item.open)).toBe(true)
		vi.advanceTimersByTime(1)
		expect(getToasts().every((item) => !item.open)).toBe(true)
		vi.advanceTimersByTime(1_000)
		expect(getToasts()).toEqual([])
	})

	it('shows one toast for the same notice from two sources, with the newer text', () => {
		const first = toast({
			id: 'flash-rescheduled',
			title: 'Appointment Rescheduled',
			description: 'Your appointment has been moved to the new time.',
			tone: 'success',
		})
		const second = toast({ title: 'Appointment Rescheduled', description: 'Dentist has been moved to Friday.', tone: 'success' })
		expect(second).toBe(first)
		const shown = getToasts().filter((item) => item.title === 'Appointment Rescheduled')
		expect(shown).toHaveLength(1)
		expect(shown[0]).toMatchObject({ description: 'Dentist has been moved to Friday.', open: true })
	})

	it('can be dismissed early', () => {
		const id = toast({ title: 'Filters Reset', description: 'All filters have been cleared.' })
		expect(getToasts()[0]).toMatchObject({ title: 'Filters Reset', description: 'All filters have been cleared.', tone: 'info', open: true })
		dismissToast(id)
		expect(getToasts().find((item) => item.id === id)?.open).toBe(false)
		vi.advanceTimersByTime(1_000)
		expect(getToasts().find((item) => item.id === id)).toBeUndefined()
	})

	it('adds nothing during server rendering', () => {
		vi.unstubAllGlobals()
		toast({ title: 'Server' })
		expect(getToasts()).toEqual([])
	})

	it('shows a flashed toast only once, however often its loader hands it over', () => {
		const before = getToasts().length
		toast({ id: 'flash-1', title: 'Appointment Deleted', tone: 'success' })
		toast({ id: 'flash-1', title: 'Appointment Deleted', tone: 'success' })
		expect(getToasts().length - before).toBe(1)
		expect(getToasts()[0]).toMatchObject({ id: 'flash-1', title: 'Appointment Deleted', tone: 'success' })
	})
})
