/**
 * The formats an upload may be, as the app names them to people: the upload
 * page, the refusals of a file and the API's description. Phone photos come
 * as JPEG, HEIC (an iPhone's default) or WebP (many Android cameras and
 * messengers); all three are read the same way.
 */
export const ACCEPTED_FORMATS_TEXT = 'PDF, JPEG, PNG, WebP, HEIC, DICOM, C-CDA (.xml) or FHIR (.json)'
