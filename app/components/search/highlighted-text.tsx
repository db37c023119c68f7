import { highlightSegments } from '#server/search/shared/search.ts'

/** Text with the words matching the query marked (as text: nothing in it is read as markup). */
export function HighlightedText({ text, words }: { text: string; words: string[] }) {
	return (
		<>
			{highlightSegments(text, words).map((segment, index) =>
				segment.isMatch ? (
					<mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit dark:bg-amber-900/60">
						{segment.text}
					</mark>
				) : (
					<span key={index}>{segment.text}</span>
				),
			)}
		</>
	)
}
