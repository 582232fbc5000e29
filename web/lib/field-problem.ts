/**
 * The one shape of a problem with what was sent, everywhere (form answers, the JSON APIs, the
 * browser's own checks): the field it is about (null: the form as a whole), a code naming the
 * content's words for it, and those words. A form's rules find each problem in a named field and
 * leave the words to whoever answers (`FieldIssue`).
 */
export type FieldProblem<C extends string = string> = { field: string | null; code: C; message: string }

/** A problem a form's rules found in one field, before its words are looked up. */
export type FieldIssue<C extends string = string> = Pick<FieldProblem<C>, 'code'> & { field: string }
