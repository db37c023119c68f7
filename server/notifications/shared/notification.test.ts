import { describe, expect, it } from 'vitest'
import * as notificationModule from './notification.ts'
import { notificationKindOf, parseNotificationFilter, realtimeEventTypeOf, unreadBadgeText } from './notification.ts'
import { realtimeEventOf, reconnectDelayMs, sseMessage } from './realtime.ts'

describe('notification display', () => {
	it('caps the badge at 9+ and hides it at zero', () => {
		expect(unreadBadgeText(0)).toBeNull()
		expect(unreadBadgeText(1)).toBe('1')
		expect(unreadBadgeText(9)).toBe('9')
		expect(unreadBadgeText(10)).toBe('9+')
		expect(unreadBadgeText(250)).toBe('9+')
	})

	it('maps stored types onto display kinds and realtime event types', () => {
		expect(notificationKindOf('appointment_reminder')).toBe('appointment')
		expect(notificationKindOf('new_document')).toBe('success')
		expect(notificationKindOf('error')).toBe('error')
		expect(notificationKindOf('warning')).toBe('warning')
		expect(notificationKindOf('system_notification')).toBe('info')
		expect(realtimeEventTypeOf('error')).toBe('new_document')
		expect(realtimeEventTypeOf('appointment_cancelled')).toBe('appointment_cancelled')
		expect(realtimeEventTypeOf('something_else')).toBe('system_notification')
	})

	it('reads only the three filters', () => {
		expect(parseNotificationFilter('unread')).toBe('unread')
		expect(parseNotificationFilter('read')).toBe('read')
		expect(parseNotificationFilter('bogus')).toBe('all')
		expect(parseNotificationFilter(null)).toBe('all')
	})
})

describe('realtime wire format', () => {
	it('waits 1 s doubling per attempt, capped at 30 s, for 5 attempts', () => {
		expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000])
		expect(reconnectDelayMs(6)).toBeNull()
		expect(reconnectDelayMs(0)).toBeNull()
	})

	it('sends a notification as its event type with the linked record id and its sequence as the id', () => {
		const event = realtimeEventOf({
			id: 'n1',
			type: 'error',
			title: 'Document could not be processed',
			message: 'x',
			link: '/records/0b7c6c1e-2a3c-4d5e-8f90-123456789abc',
			createdAt: new Date('2026-01-02T03:04:05Z'),
		})
		expect(event.type).toBe('new_document')
		expect(event.data.level).toBe('error')
		expect(event.data.documentId).toBe('0b7c6c1e-2a3c-4d5e-8f90-123456789abc')
		expect(sseMessage(event, 42)).toMatch(/^id: 42\ndata: \{"type":"new_document",.*\}\n\n$/)
	})
})

describe('formatNotificationAge', () => {
	const now = new Date('2026-11-25T12:00:00Z')
	it('says how long ago, then the date', () => {
		const { formatNotificationAge } = notificationModule
		expect(formatNotificationAge(new Date('2026-11-25T11:59:30Z'), now)).toBe('Just now')
		expect(formatNotificationAge(new Date('2026-11-25T11:55:00Z'), now)).toBe('5 min ago')
		expect(formatNotificationAge(new Date('2026-11-25T09:00:00Z'), now)).toBe('3 h ago')
		expect(formatNotificationAge(new Date('2026-11-24T09:00:00Z'), now)).toBe('Yesterday')
		expect(formatNotificationAge(new Date('2026-03-05T09:00:00Z'), now)).toBe('Mar 5')
		expect(formatNotificationAge(new Date('2025-03-05T09:00:00Z'), now)).toBe('Mar 5, 2025')
	})
})
