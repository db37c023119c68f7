import { readFile } from 'node:fs/promises'
import { createPaddleEngine } from './server/extraction/paddle-engine.ts'
import { letterheadBandImage } from './server/extraction/letterhead-band.ts'
import { preprocessForOcr } from './server/extraction/image-preprocess.ts'
import { PAGE_PREPROCESSING } from './server/extraction/ocr-page.ts'
import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'
const e = createPaddleEngine()
for (const f of process.argv.slice(2)) {
  const page = await preprocessForOcr(await readFile(f), { ...PAGE_PREPROCESSING })
  const band = await letterheadBandImage(page)
  { const p = (await import('./server/extraction/paddle-engine.ts')).parsePgm(band)!; await sharp(Buffer.from(p.pixels), { raw: { width: p.width, height: p.height, channels: 1 } }).png().toFile('/tmp/band-' + f.split('/').pop() + '.png') }
  const r = await e.readBoxes(band)
  console.log(f, page.width, page.height, page.flattened, r.boxes.map(b => `${b.text}@${Math.round(b.top)},h${Math.round(b.height)}`).join(' | '))
}
await e.close()
