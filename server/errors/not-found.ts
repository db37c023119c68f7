/**
 * The one "not found" of a page or resource route: a thrown 404 Response.
 * The route's ErrorBoundary (GeneralErrorBoundary) shows the spec's text for
 * it; resource routes answer it as it is. "Not yours" and "does not exist"
 * both end here. The body is a fixed text of ours, never the id asked for.
 */
export function notFound(text = 'Not Found'): never {
	throw new Response(text, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
