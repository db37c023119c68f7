import { createHash } from 'node:crypto'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { generateCorpus } from '../tests/support/lab-corpus/index.ts'
import { extractDocument, createDefaultOcrEngine, closeDefaultOcrEngine, type OcrEngine } from '../server/extraction/index.ts'
const inner = createDefaultOcrEngine()
const folder = '/tmp/extract-ocr-cache'
const engine: OcrEngine = { name: 'c', parallelism: inner.parallelism, availableLanguages: inner.availableLanguages, async recognize(image, options) {
  const key = createHash('sha256').update(image).update(JSON.stringify(options ?? {})).digest('hex')
  const file = path.join(folder, `${key}.txt`)
  const cached = await readFile(file, 'utf8').catch(() => null)
  if (cached !== null) return { text: cached, ms: 0 }
  const r = await inner.recognize(image, options); await mkdir(folder, { recursive: true }); await writeFile(file, r.text); return r } }
const [family, medium] = process.argv.slice(2)
const docs = (await generateCorpus({ perFamily: 1, families: [family], media: [medium as 'scan'] }))
for (const d of docs) { const r = await extractDocument({ bytes: d.bytes, fileName: d.fileName, ocr: engine }); console.log(r.text); console.log(r.ocrLanguages) }
await closeDefaultOcrEngine()
