/**
 * One layout for every e-mail: a caller gives a subject, its paragraphs
 * (lines) and at most one link; the plain-text and HTML bodies are made here.
 * Everything a caller gives is escaped in the HTML, and the link must be
 * http(s).
 */

export type EmailLink = { label: string; url: string }

export type EmailContent = {
	subject: string
	/** Paragraphs, in order; a line break inside one is kept. */
	lines: string[]
	/** The one button-like link (a share link, a reset link), shown after the paragraphs. */
	link?: EmailLink
}

export type ComposedEmail = { subject: string; text: string; html: string }

export const EMAIL_SIGNATURE = 'Carebook'
export const EMAIL_FOOTER = 'You received this e-mail because of your Carebook account or because a Carebook user sent it to you.'

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!)
}

/** True for an absolute http(s) URL (the only links an e-mail carries). */
export function isWebLink(url: string): boolean {
	try {
		const parsed = new URL(url)
		return parsed.protocol === 'https:' || parsed.protocol === 'http:'
	} catch {
		return false
	}
}

export function composeEmail(content: EmailContent): ComposedEmail {
	if (content.link && !isWebLink(content.link.url)) throw new Error('An e-mail link must be an http(s) URL')
	const text = [...content.lines, ...(content.link ? [`${content.link.label}: ${content.link.url}`] : []), `-- \n${EMAIL_SIGNATURE}\n${EMAIL_FOOTER}`].join(
		'\n\n',
	)
	const paragraphs = content.lines.map((line) => `<p style="margin:0 0 16px">${escapeHtml(line).replace(/\r?\n/g, '<br>')}</p>`)
	const link = content.link
		? `<p style="margin:24px 0"><a href="${escapeHtml(content.link.url)}" style="background:#2563eb;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.link.label)}</a></p>` +
			`<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this address: <a href="${escapeHtml(content.link.url)}" style="color:#2563eb">${escapeHtml(content.link.url)}</a></p>`
		: ''
	const html = [
		'<!doctype html>',
		`<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
		'<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5">',
		'<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">',
		`<p style="margin:0 0 16px;font-weight:bold;color:#2563eb">${EMAIL_SIGNATURE}</p>`,
		...paragraphs,
		link,
		`<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(EMAIL_FOOTER)}</p>`,
		'</div></body></html>',
	].join('\n')
	return { subject: content.subject, text, html }
}
