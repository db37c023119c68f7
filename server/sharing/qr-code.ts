import QRCode from 'qrcode'

/**
 * The QR code of a share link as an SVG data URL (an <img> source: an image
 * runs no script, and the CSP's img-src allows data:). Made on the server by
 * the `qrcode` package; nothing leaves the machine.
 */
export async function shareLinkQrCode(url: string): Promise<string> {
	const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0f172a', light: '#ffffff' } })
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
