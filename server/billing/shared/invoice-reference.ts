/** An invoice's number as people quote it ('INV-1A2B3C4D'): the first eight hex digits of its id. */
export function invoiceReference(invoiceId: string) {
	return `INV-${invoiceId.replaceAll('-', '').slice(0, 8).toUpperCase()}`
}
