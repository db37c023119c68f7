import { readFile } from 'node:fs/promises'

/**
 * A module-loading hook for processes started under tsx (the extraction
 * child): pdfjs-dist's prebuilt ES modules are loaded as they are, not
 * through tsx. tsx rewrites every module with a dynamic import() and builds
 * a fine-grained source map for it; for pdfjs's two minified files that
 * cost about 1.3 s and 230 MB at each start. Registered after tsx
 * (`module.register`), so it runs first and answers these two files itself.
 */

const PDFJS_BUILD = /\/node_modules\/pdfjs-dist\/legacy\/build\/pdf(?:\.worker)?\.min\.mjs$/

type LoadContext = { format?: string | null; conditions?: string[]; importAttributes?: Record<string, string> }
type LoadResult = { format: string; source?: string | Buffer; shortCircuit?: boolean }

export async function load(url: string, context: LoadContext, nextLoad: (url: string, context: LoadContext) => Promise<LoadResult>): Promise<LoadResult> {
	if (url.startsWith('file:') && PDFJS_BUILD.test(new URL(url).pathname)) {
		return { format: 'module', source: await readFile(new URL(url)), shortCircuit: true }
	}
	return nextLoad(url, context)
}
