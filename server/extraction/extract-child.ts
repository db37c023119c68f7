import { readFile } from 'node:fs/promises'
import { closeDefaultOcrEngine } from './ocr-engine.ts'
import { extractDocument } from './extract-document.ts'
import { loadPdfjs } from './pdf-text.ts'
import { renderPreview } from './preview.ts'
import type { ExtractionResult, FileKind } from './types.ts'

/**
 * The entry point of the child process that extracts one document (started
 * by isolated-extract.ts): it receives the path of the file (a temporary
 * copy the worker made, bounded by the upload limit) over IPC, reads it, runs
 * extractDocument and renderPreview, sends the result back and exits. It
 * never logs: anything it could print may hold document content.
 */

export type ExtractRequest = { type: 'extract'; filePath: string; fileName: string; kind: FileKind }
export type ExtractReply =
	| { type: 'ready' }
	| { type: 'result'; result: ExtractionResult; preview: Uint8Array | null }
	| { type: 'error'; errorName: string }

function send(message: ExtractReply): Promise<void> {
	return new Promise((resolve, reject) => process.send!(message, undefined, undefined, (error) => (error ? reject(error) : resolve())))
}

if (!process.send) {
	console.error('extract-child runs as a child process of the worker only')
	process.exit(2)
}

// The worker went away (crashed or killed): stop too.
process.on('disconnect', () => process.exit(1))

process.once('message', async (message: ExtractRequest) => {
	let exitCode = 0
	try {
		const bytes = await readFile(message.filePath)
		const result = await extractDocument({ bytes, fileName: message.fileName })
		const preview = result.accepted ? await renderPreview({ bytes, kind: message.kind }) : null
		await send({ type: 'result', result, preview })
	} catch (error) {
		exitCode = 1
		await send({ type: 'error', errorName: error instanceof Error ? error.name : 'unknown' }).catch(() => {})
	}
	await closeDefaultOcrEngine().catch(() => {})
	process.exit(exitCode)
})

// Loaded before saying ready, so that a document waits for none of it.
await loadPdfjs()
await import('@napi-rs/canvas')
await send({ type: 'ready' })
