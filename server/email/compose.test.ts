import { describe, expect, it } from 'vitest'
import { composeEmail, EMAIL_FOOTER, escapeHtml } from './compose.ts'
import { splitTextLinks } from './shared/text-links.ts'

describe('composing an e-mail', () => {
	it('writes the paragraphs, the link and the signature into the plain-text body', () => {
		const email = composeEmail({
			subject: 'Ann shared records with you',
			lines: ['Hello,', 'Ann Lee shared 2 records with you.\nThe link works for 7 days.'],
			link: { label: 'Open the shared records', url: 'https://carebook.example/s/abc123' },
		})
		expect(email.subject).toBe('Ann shared records with you')
		expect(email.text).toBe(
			`Hello,\n\nAnn Lee shared 2 records with you.\nThe link works for 7 days.\n\nOpen the shared records: https://carebook.example/s/abc123\n\n-- \nCarebook\n${EMAIL_FOOTER}`,
		)
	})

	it('escapes everything it is given in the HTML body and keeps line breaks', () => {
		const email = composeEmail({
			subject: '<b>Hi</b>',
			lines: ['<script>alert(1)</script> & "quotes"', 'one\ntwo'],
			link: { label: 'Go <now>', url: 'https://carebook.example/reset?token=a&b="c"' },
		})
		expect(email.html).not.toContain('<script>')
		expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;')
		expect(email.html).toContain('one<br>two')
		expect(email.html).toContain('<title>&lt;b&gt;Hi&lt;/b&gt;</title>')
		expect(email.html).toContain('href="https://carebook.example/reset?token=a&amp;b=&quot;c&quot;"')
		expect(email.html).toContain('>Go &lt;now&gt;</a>')
	})

	it('has no link section without a link', () => {
		const email = composeEmail({ subject: 'Your export', lines: ['Your export is ready.'] })
		expect(email.html).not.toContain('<a ')
		expect(email.text.startsWith('Your export is ready.\n\n-- \n')).toBe(true)
	})

	it('refuses a link that is not http(s)', () => {
		expect(() => composeEmail({ subject: 'x', lines: ['x'], link: { label: 'x', url: 'javascript:alert(1)' } })).toThrow()
		expect(() => composeEmail({ subject: 'x', lines: ['x'], link: { label: 'x', url: '/relative' } })).toThrow()
	})

	it('escapes the five HTML characters', () => {
		expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
	})
})

describe('links in a plain-text body', () => {
	it('cuts out http(s) addresses, leaving a closing full stop as text', () => {
		expect(splitTextLinks('Open https://carebook.example/s/abc. Or http://localhost:3000/x?y=1\nthanks')).toEqual([
			{ type: 'text', value: 'Open ' },
			{ type: 'link', value: 'https://carebook.example/s/abc' },
			{ type: 'text', value: '. Or ' },
			{ type: 'link', value: 'http://localhost:3000/x?y=1' },
			{ type: 'text', value: '\nthanks' },
		])
		expect(splitTextLinks('no links, javascript:alert(1)')).toEqual([{ type: 'text', value: 'no links, javascript:alert(1)' }])
	})
})
