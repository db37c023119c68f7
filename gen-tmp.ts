import { writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import { generateLetterheadSamples } from './tests/support/letterhead-samples.ts'
import { openPdf } from './server/extraction/pdf-text.ts'
import { renderPdfPage } from './server/extraction/pdf-page-image.ts'
for (const s of await generateLetterheadSamples()) {
  const name = '/tmp/lh/' + s.id.replace('/', '--')
  if (s.medium === 'text_pdf') {
    await writeFile(name + '.pdf', s.bytes)
    const doc = await openPdf(s.bytes); const page = await doc.getPage(1); const img = await renderPdfPage(page, 100)
    await sharp(Buffer.from(img.raw.data), { raw: { width: img.raw.width, height: img.raw.height, channels: img.raw.channels } }).png().toFile(name + '.png')
  } else { await writeFile(name + '.jpg', s.bytes); await sharp(s.bytes).resize({ width: 900 }).png().toFile(name + '.png') }
}
