import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { BASE_URL, expect } from './fixtures.ts'

export const FIXTURES = path.resolve('../shared/fixtures/documents')

/** Uploads a file's bytes through the real endpoint, as the signed-in patient of `request`; the document's id. */
export async function uploadBytes(request: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }) {
	const response = await request.post('/api/documents/upload', { headers: { Origin: BASE_URL }, multipart: { file } })
	expect(response.status(), await response.text()).toBe(201)
	return ((await response.json()) as { documentId: string }).documentId
}

/** Uploads a fixture through the real endpoint, as the signed-in patient of `request`. */
export async function uploadFixture(request: APIRequestContext, relativePath: string) {
	return uploadBytes(request, { name: path.basename(relativePath), mimeType: 'application/pdf', buffer: await readFile(path.join(FIXTURES, relativePath)) })
}

async function statusesOf(request: APIRequestContext, ids: string[]) {
	const input = encodeURIComponent(JSON.stringify({ json: { ids } }))
	const response = await request.get(`/api/trpc/documents.byIds?input=${input}`)
	const body = (await response.json()) as { result: { data: { json: Array<{ id: string; status: string; failureMessage: string | null }> } } }
	return ids.map((id) => {
		const document = body.result.data.json.find((candidate) => candidate.id === id)
		return document?.status === 'failed' ? `failed: ${document.failureMessage}` : (document?.status ?? 'missing')
	})
}

/** Extraction runs in the worker: wait until every document is processed. */
export async function waitUntilProcessed(request: APIRequestContext, ids: string[]) {
	await expect.poll(() => statusesOf(request, ids), { timeout: 90_000, intervals: [500, 1000, 2000] }).toEqual(ids.map(() => 'processed'))
}

/** Waits for the client scripts, so clicks reach React handlers rather than the no-JavaScript fallbacks. */
export async function waitForHydration(page: Page) {
	await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined)
	await page.waitForLoadState('networkidle')
}

/**
 * The shared fixtures name their own fictional patients, so a processed one asks its owner
 * 'Is this you?' and counts nowhere until answered: the owner answers 'This is me' on each
 * document that asks (a document that does not ask answers 404, and is left as it is).
 */
export async function confirmAsOwn(request: APIRequestContext, ids: string[]) {
	for (const id of ids) {
		const answer = await request.post(`/records/${id}`, { headers: { Origin: BASE_URL }, form: { intent: 'this-is-me' }, maxRedirects: 0 })
		expect([302, 303, 404], `answering for ${id}`).toContain(answer.status())
	}
}
