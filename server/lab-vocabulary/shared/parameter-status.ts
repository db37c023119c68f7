/** A lab value's grade: the one declaration, read by extraction, health, documents and the screens. */
export type ParameterStatus = 'normal' | 'low' | 'high' | 'critical'
