import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

// The server asked for the modules' preloads at low priority (decision 027); by now they have
// all arrived. Remix's <Scripts /> renders them without the attribute, so it goes before
// hydration, where React (in development) would report the difference.
for (const link of document.querySelectorAll('link[rel="modulepreload"][fetchpriority]')) link.removeAttribute('fetchpriority')

function hydrate() {
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<RemixBrowser />
			</StrictMode>,
		)
	})
}

// The server's HTML is painted first: hydration starts in the task after the next frame, so
// the first paint never waits for it (a hidden tab has no frames: hydrate at once).
if (document.visibilityState === 'hidden') hydrate()
else requestAnimationFrame(() => setTimeout(hydrate, 0))
