import { describe, expect, it } from 'vitest'
import { makeAppointment } from '#tests/support/appointment-fixture.ts'
import { appointmentIcsFileName, buildAppointmentIcs, buildAppointmentsFeed, escapeIcsText, foldIcsLine, formatIcsDateTime } from './ics.ts'

const now = new Date('2026-03-01T12:00:00.123Z')
const octets = (text: string) => new TextEncoder().encode(text).length
const unfold = (text: string) => text.replace(/\r\n /g, '')

describe('escapeIcsText', () => {
	it('escapes backslash, semicolon, comma and newlines', () => {
		expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng')
	})

	it('escapes the backslash before adding its own', () => {
		expect(escapeIcsText('\\,')).toBe('\\\\\\,')
	})

	it('drops control characters but keeps tabs and text', () => {
		expect(escapeIcsText('a\u0000b\u0007c\td')).toBe('abc\td')
	})

	it('leaves colons and quotes alone', () => {
		expect(escapeIcsText('Room: "B"')).toBe('Room: "B"')
	})
})

describe('foldIcsLine', () => {
	it('leaves a 75-octet line unfolded', () => {
		const line = `SUMMARY:${'x'.repeat(67)}`
		expect(octets(line)).toBe(75)
		expect(foldIcsLine(line)).toBe(line)
	})

	it('folds a longer line at 75 octets with CRLF and a space', () => {
		const line = `SUMMARY:${'x'.repeat(150)}`
		const folded = foldIcsLine(line)
		const physical = folded.split('\r\n')
		expect(physical.map(octets)).toEqual([75, 75, 10])
		expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true)
		expect(unfold(folded)).toBe(line)
	})

	it('never splits a multi-byte character', () => {
		const line = `SUMMARY:${'é'.repeat(60)}${'😀'.repeat(10)}`
		const folded = foldIcsLine(line)
		for (const part of folded.split('\r\n')) {
			expect(octets(part)).toBeLessThanOrEqual(75)
			expect(part).not.toContain('\uFFFD')
		}
		expect(folded.split('\r\n')[0]).toBe(`SUMMARY:${'é'.repeat(33)}`)
		expect(unfold(folded)).toBe(line)
	})
})

describe('formatIcsDateTime', () => {
	it('writes UTC basic format without milliseconds', () => {
		expect(formatIcsDateTime(now)).toBe('20260301T120000Z')
	})
})

describe('buildAppointmentIcs', () => {
	const appointment = makeAppointment({
		id: '6f1c2a',
		title: 'Cardiology follow-up, part 2; bring results',
		provider: 'Dr. Ana Ruiz',
		specialty: 'Cardiology',
		location: 'Suite 4, 12 Main St',
		startsAt: new Date('2026-03-10T15:00:00Z'),
		durationMinutes: 45,
		status: 'pending',
		notes: 'Fast 12h\nBring ECG',
		contactPhone: '+1 555 123 4567',
	})

	it('writes one VEVENT in a VCALENDAR with CRLF line endings', () => {
		expect(buildAppointmentIcs(appointment, { now })).toBe(
			[
				'BEGIN:VCALENDAR',
				'VERSION:2.0',
				'PRODID:-//Carebook//Appointments 1.0//EN',
				'CALSCALE:GREGORIAN',
				'METHOD:PUBLISH',
				'BEGIN:VEVENT',
				'UID:6f1c2a@carebook',
				'DTSTAMP:20260301T120000Z',
				'DTSTART:20260310T150000Z',
				'DTEND:20260310T154500Z',
				'SUMMARY:Cardiology follow-up\\, part 2\\; bring results',
				'LOCATION:Suite 4\\, 12 Main St',
				'DESCRIPTION:Provider: Dr. Ana Ruiz\\nSpecialty: Cardiology\\nType: Check-up\\n',
				' Duration: 45 minutes\\nPhone: +1 555 123 4567\\nNotes: Fast 12h\\nBring ECG',
				'STATUS:TENTATIVE',
				'SEQUENCE:0',
				'CLASS:PRIVATE',
				'TRANSP:OPAQUE',
				'BEGIN:VALARM',
				'ACTION:DISPLAY',
				'DESCRIPTION:Reminder: Cardiology follow-up\\, part 2\\; bring results',
				'TRIGGER:-PT24H',
				'END:VALARM',
				'BEGIN:VALARM',
				'ACTION:DISPLAY',
				'DESCRIPTION:Reminder: Cardiology follow-up\\, part 2\\; bring results',
				'TRIGGER:-PT1H',
				'END:VALARM',
				'END:VEVENT',
				'END:VCALENDAR',
				'',
			].join('\r\n'),
		)
	})

	it('has no bare LF and no physical line over 75 octets', () => {
		const text = buildAppointmentIcs({ ...appointment, notes: 'n'.repeat(500) }, { now })
		expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
		for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75)
	})

	it('maps statuses to CONFIRMED, TENTATIVE and CANCELLED', () => {
		const statusOf = (status: 'confirmed' | 'pending' | 'cancelled') => /STATUS:(\w+)/.exec(buildAppointmentIcs({ ...appointment, status }, { now }))?.[1]
		expect(statusOf('confirmed')).toBe('CONFIRMED')
		expect(statusOf('pending')).toBe('TENTATIVE')
		expect(statusOf('cancelled')).toBe('CANCELLED')
	})

	it('writes no alarms and adds the reason for a cancelled appointment', () => {
		const text = unfold(buildAppointmentIcs({ ...appointment, status: 'cancelled', cancelReason: 'Feeling better' }, { now }))
		expect(text).not.toContain('BEGIN:VALARM')
		expect(text).toContain('\\nCancellation reason: Feeling better\r\n')
	})

	it('keeps the UID stable across reschedules and writes sequence, last-modified and URL when given', () => {
		const moved = buildAppointmentIcs(
			{ ...appointment, startsAt: new Date('2026-03-11T15:00:00Z'), sequence: 2, updatedAt: now },
			{ now, uidDomain: 'carebook.example', detailUrl: (id) => `https://carebook.example/appointments/${id}` },
		)
		expect(moved).toContain('\r\nUID:6f1c2a@carebook.example\r\n')
		expect(moved).toContain('\r\nSEQUENCE:2\r\nLAST-MODIFIED:20260301T120000Z\r\n')
		expect(moved).toContain('\r\nURL:https://carebook.example/appointments/6f1c2a\r\n')
	})

	it('leaves out LOCATION when there is none', () => {
		expect(buildAppointmentIcs({ ...appointment, location: null }, { now })).not.toContain('LOCATION:')
	})
})

describe('buildAppointmentsFeed', () => {
	it('holds every appointment in start order, cancelled ones included, with the calendar name', () => {
		const later = makeAppointment({ id: 'b', startsAt: new Date('2026-04-01T10:00:00Z') })
		const earlier = makeAppointment({ id: 'a', startsAt: new Date('2026-03-01T10:00:00Z'), status: 'cancelled' })
		const feed = buildAppointmentsFeed([later, earlier], { now, calendarName: 'Ana, appointments' })
		expect(feed.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
		expect(feed).toContain('\r\nX-WR-CALNAME:Ana\\, appointments\r\n')
		expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(2)
		expect(feed.indexOf('UID:a@carebook')).toBeLessThan(feed.indexOf('UID:b@carebook'))
		expect(feed).toContain('STATUS:CANCELLED')
		expect(feed.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true)
	})

	it('is a valid empty calendar with no appointments', () => {
		const feed = buildAppointmentsFeed([], { now })
		expect(feed).not.toContain('BEGIN:VEVENT')
		expect(feed).toContain('X-WR-CALNAME:Carebook appointments')
	})
})

describe('appointmentIcsFileName', () => {
	it('names the file after the id, without unsafe characters', () => {
		expect(appointmentIcsFileName({ id: '6f1c2a-9b' })).toBe('appointment-6f1c2a-9b.ics')
		expect(appointmentIcsFileName({ id: '../x"y' })).toBe('appointment-xy.ics')
	})
})
