import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowerModulePreloadPriority, lowerModulePreloadPriorityStream } from './module-preload-priority.ts'

const PAGE =
	'<!DOCTYPE html><html lang="en-US"><head><link rel="stylesheet" href="/assets/tailwind-1.css"/></head>' +
	'<body><main><p>Zoë &lt;link rel=&quot;modulepreload&quot;&gt; — ünïcode</p></main>' +
	'<link rel="modulepreload" href="/assets/entry.client-a.js"/>' +
	'<link rel="modulepreload" href="/assets/components-b.js"/>' +
	'<link rel="modulepreload" href="/assets/root-c.js" crossorigin="anonymous"/>' +
	'<script nonce="n">window.__remixContext = {"a":"\\u003clink rel=\\"modulepreload\\""};</script>' +
	'<script type="module" async="">import * as route0 from "/assets/root-c.js";</script></body></html>'

const LOWERED =
	'<!DOCTYPE html><html lang="en-US"><head><link rel="stylesheet" href="/assets/tailwind-1.css"/></head>' +
	'<body><main><p>Zoë &lt;link rel=&quot;modulepreload&quot;&gt; — ünïcode</p></main>' +
	'<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-a.js"/>' +
	'<link rel="modulepreload" fetchpriority="low" href="/assets/components-b.js"/>' +
	'<link rel="modulepreload" fetchpriority="low" href="/assets/root-c.js" crossorigin="anonymous"/>' +
	'<script nonce="n">window.__remixContext = {"a":"\\u003clink rel=\\"modulepreload\\""};</script>' +
	'<script type="module" async="">import * as route0 from "/assets/root-c.js";</script></body></html>'

/** The page through the stream, cut into chunks of `size` bytes (splitting tags and multi-byte characters). */
async function streamed(html: string, size: number) {
	const bytes = Buffer.from(html)
	const chunks: Buffer[] = []
	for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size))
	return text(Readable.from(chunks).pipe(lowerModulePreloadPriorityStream()))
}

describe('lowerModulePreloadPriority', () => {
	it('asks for every module preload at low priority and leaves the rest of the page as it was', () => {
		expect(lowerModulePreloadPriority(PAGE)).toBe(LOWERED)
	})

	it('leaves a link that already states its priority, and other links', () => {
		const html = '<link rel="modulepreload" fetchpriority="high" href="/a.js"/><link rel="preload" as="style" href="/b.css"/>'
		expect(lowerModulePreloadPriority(html)).toBe(html)
	})
})

describe('lowerModulePreloadPriorityStream', () => {
	it.each([1, 2, 7, 13, 64, 4096])('gives the same page when the stream cuts it every %i bytes', async (size) => {
		expect(await streamed(PAGE, size)).toBe(LOWERED)
	})

	it('passes a page without preloads through unchanged, including a tag left open at the end', async () => {
		expect(await streamed('<p>No scripts</p><', 5)).toBe('<p>No scripts</p><')
	})
})
