import { StringDecoder } from 'node:string_decoder'
import { Transform } from 'node:stream'

/**
 * Remix's `<Scripts />` writes a `<link rel="modulepreload">` for every
 * module of the page (entry, React DOM, layouts, route) and offers no
 * priority for them. Chrome fetches a modulepreload at High priority, and
 * Lighthouse's throttled estimate of the first paint counts every High
 * script that arrived before the observed paint as render-blocking, so a busy machine's race
 * decides the score (decision 027). The page paints without any of them
 * (server-rendered, no script in the head), so they are asked for at low
 * priority: after the stylesheet, and out of the first paint's way.
 *
 * Only React's own markup of these links is touched: React escapes `<` in
 * text and in the inline scripts' data, so `<link rel="modulepreload"`
 * appears in the stream only as an element.
 */
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/g
const LOW_PRIORITY = '<link rel="modulepreload" fetchpriority="low"'

export function lowerModulePreloadPriority(html: string) {
	return html.replace(MODULE_PRELOAD, LOW_PRIORITY)
}

/**
 * The same on a streamed page: an element cut between two chunks is held
 * back until its end arrives, so a link split by the stream is still seen.
 */
export function lowerModulePreloadPriorityStream() {
	const decoder = new StringDecoder('utf8')
	let held = ''
	return new Transform({
		transform(chunk: Buffer | string, _encoding, callback) {
			const text = held + (typeof chunk === 'string' ? chunk : decoder.write(chunk))
			const lastOpen = text.lastIndexOf('<')
			const cut = lastOpen > text.lastIndexOf('>') ? lastOpen : text.length
			held = text.slice(cut)
			const ready = text.slice(0, cut)
			callback(null, ready ? lowerModulePreloadPriority(ready) : undefined)
		},
		flush(callback) {
			const rest = held + decoder.end()
			held = ''
			callback(null, rest ? lowerModulePreloadPriority(rest) : undefined)
		},
	})
}
