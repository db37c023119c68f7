import { foldSexWord, type Sex } from '../rows/sex-ranges.ts'

/**
 * The patient's sex as the document prints it beside its label, in the supported languages ('Sex: F',
 * 'Gender : Male', 'Age/Sex: 45 Y / M', 'Sexo: Feminino', 'Geschlecht: weiblich', 'Cinsiyet: Kadın',
 * 'Płeć: K', 'Nem: nő', 'Giới tính: Nữ'). It picks among ranges printed per sex (rows/sex-ranges.ts).
 * Null when no label is printed with a word or letter of one sex, or when the page prints both.
 */

const LABELS = [
	'sex',
	'gender',
	'sexo',
	'sexe',
	'geschlecht',
	'sesso',
	'cinsiyet',
	'cinsiyeti',
	'plec',
	'nem',
	'gioi tinh',
	'geslacht',
	'kon',
	'kjonn',
	'genero',
]

const MALE = new Set([
	'm',
	'male',
	'man',
	'masculino',
	'masc',
	'masculin',
	'homme',
	'h',
	'mannlich',
	'maennlich',
	'maschio',
	'erkek',
	'e',
	'mezczyzna',
	'ferfi',
	'nam',
	'hombre',
	'varon',
])
const FEMALE = new Set([
	'f',
	'female',
	'woman',
	'femenino',
	'feminino',
	'fem',
	'feminin',
	'femme',
	'weiblich',
	'w',
	'femmina',
	'kadin',
	'k',
	'kobieta',
	'no',
	'nu',
	'vrouw',
	'v',
	'mujer',
])
/** Letters whose sex depends on the language of the label: Hungarian 'F' is férfi (male), 'N' nő. */
const BY_LABEL: Readonly<Record<string, Readonly<Record<string, Sex>>>> = {
	nem: { f: 'male', n: 'female' },
	sexo: { h: 'male', m: 'male', f: 'female' },
}

const LABEL_PATTERN = new RegExp(
	`(?<![\\p{L}])(?:age\\s*/\\s*)?(${LABELS.join('|').replace(/ /g, '\\s+')})(?![\\p{L}])(?:\\s*/\\s*(?:age|edad|idade|alter|yas))?\\s*[:.\\-]?\\s*([^\\n]{0,24})`,
	'gu',
)

/** The sex the document's patient block prints, or null. */
export function readPatientSex(text: string): Sex | null {
	const found = new Set<Sex>()
	for (const match of foldSexWord(text).matchAll(LABEL_PATTERN)) {
		const label = match[1].replace(/\s+/g, ' ')
		// the words after the label, past an age ('45 Y / M', '32 años / F')
		const words = match[2].split(/[^\p{L}]+/u).filter((word) => word !== '')
		for (const word of words.slice(0, 4)) {
			const sex = BY_LABEL[label]?.[word] ?? (MALE.has(word) ? 'male' : FEMALE.has(word) ? 'female' : null)
			if (sex) {
				found.add(sex)
				break
			}
			// an age's unit or a word of the age label: read past; anything else ends the field
			if (!/^(?:y|yr|yrs|years?|anos?|ans|jahre|anni|yas|lat|ev|age|edad|idade|alter)$/.test(word)) break
		}
	}
	return found.size === 1 ? [...found][0] : null
}
