/** libheif-js ships declarations for its other builds only; heic-image.ts states the part it uses. */
declare module 'libheif-js/libheif-wasm/libheif-bundle.js' {
	const createLibheif: () => unknown
	export default createLibheif
}
