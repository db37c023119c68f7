import { describe, expect, it } from 'vitest'
import type { NotificationItem } from './notification.ts'
import { applyNotificationChange, type OverviewData } from './optimistic.ts'

function item(id: string, isRead: boolean): NotificationItem {
	return { id, type: 'info', kind: 'info', title: id, message: '', link: null, isRead, createdAt: new Date(0) }
}

const data: OverviewData = { items: [item('a', false), item('b', true), item('c', false)], unreadCount: 2, totalCount: 3 }

describe('applyNotificationChange', () => {
	it('marks one read, dropping it from the unread list and lowering the count', () => {
		expect(applyNotificationChange(data, 'all', { kind: 'set-read', id: 'a', isRead: true }, true).unreadCount).toBe(1)
		const unread = applyNotificationChange({ ...data, items: [data.items[0]!, data.items[2]!] }, 'unread', { kind: 'set-read', id: 'a', isRead: true }, true)
		expect(unread.items.map((entry) => entry.id)).toEqual(['c'])
	})

	it('marks one unread again (the page toggle)', () => {
		const next = applyNotificationChange(data, 'all', { kind: 'set-read', id: 'b', isRead: false }, false)
		expect(next.items.find((entry) => entry.id === 'b')?.isRead).toBe(false)
		expect(next.unreadCount).toBe(3)
	})

	it('leaves the count alone when the state did not change', () => {
		expect(applyNotificationChange(data, 'all', { kind: 'set-read', id: 'b', isRead: true }, false).unreadCount).toBe(2)
	})

	it('marks all read and empties the unread list', () => {
		const all = applyNotificationChange(data, 'all', { kind: 'mark-all-read' })
		expect(all.items.every((entry) => entry.isRead)).toBe(true)
		expect(all.unreadCount).toBe(0)
		expect(applyNotificationChange(data, 'unread', { kind: 'mark-all-read' }).items).toEqual([])
	})

	it('removes one and clears all', () => {
		const removed = applyNotificationChange(data, 'all', { kind: 'remove', id: 'a' }, true)
		expect(removed.items.map((entry) => entry.id)).toEqual(['b', 'c'])
		expect(removed).toMatchObject({ unreadCount: 1, totalCount: 2 })
		expect(applyNotificationChange(data, 'all', { kind: 'clear-all' })).toEqual({ items: [], unreadCount: 0, totalCount: 0 })
	})
})
