import type { SVGProps } from 'react'

/** Small stroke icons (24-unit grid), decorative unless given a title by the caller's label. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
	return (
		<svg
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth={1.8}
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			className="h-4 w-4"
			{...props}
		>
			{children}
		</svg>
	)
}

export const PhoneIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
	</Icon>
)
export const VideoIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<rect x="3" y="6" width="13" height="12" rx="2" />
		<path d="m16 10 5-3v10l-5-3" />
	</Icon>
)
export const PencilIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M4 20h4L19 9l-4-4L4 16v4" />
		<path d="m13.5 6.5 4 4" />
	</Icon>
)
export const TrashIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
	</Icon>
)
export const CalendarIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<rect x="3" y="5" width="18" height="16" rx="2" />
		<path d="M3 10h18M8 3v4M16 3v4" />
	</Icon>
)
export const ClockIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="9" />
		<path d="M12 7v5l3 2" />
	</Icon>
)
export const MapPinIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
		<circle cx="12" cy="9" r="2.5" />
	</Icon>
)
export const UserIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<circle cx="12" cy="8" r="4" />
		<path d="M4 21a8 8 0 0 1 16 0" />
	</Icon>
)
export const MailIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<rect x="3" y="5" width="18" height="14" rx="2" />
		<path d="m3 7 9 6 9-6" />
	</Icon>
)
export const ChevronLeftIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="m15 6-6 6 6 6" />
	</Icon>
)
export const ChevronRightIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="m9 6 6 6-6 6" />
	</Icon>
)
export const DotsIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<circle cx="12" cy="5" r="1" />
		<circle cx="12" cy="12" r="1" />
		<circle cx="12" cy="19" r="1" />
	</Icon>
)
export const FilterIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M4 5h16l-6 8v5l-4 2v-7z" />
	</Icon>
)
export const SearchIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<circle cx="11" cy="11" r="6" />
		<path d="m20 20-4.5-4.5" />
	</Icon>
)
export const DownloadIcon = (props: SVGProps<SVGSVGElement>) => (
	<Icon {...props}>
		<path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
	</Icon>
)
