/** Addresses of the public shared page and its files (the token is the link's secret: never logged, never in a Referer). */
export function sharedPagePath(token: string): string {
	return `/shared/${token}`
}

export function sharedFilePath(token: string, documentId: string, options: { download?: boolean } = {}): string {
	return `${sharedPagePath(token)}/files/${documentId}${options.download ? '?download=1' : ''}`
}
