import * as v from 'valibot'
import type { FieldIssue } from '@/lib/field-problem'

/**
 * A form's rules are one valibot schema: the same schema runs in the browser for instant messages
 * and on the server, which trusts nothing. Each check's message is a problem code, which names the
 * content's words for it; a field reports only its first problem.
 */
/**
 * What every form's rules answer, in the browser and on the server: the value, or each field's
 * problem as a code naming its words in the content. The one shape for every form.
 */
export type Validation<T, C extends string = string> = { ok: true; value: T } | { ok: false; errors: FieldIssue<C>[] }

/** The form's validate function: problems in the order of the schema's fields. */
export function validatorFor<C extends string, S extends v.GenericSchema<unknown, unknown>>(schema: S) {
  return (body: unknown): Validation<v.InferOutput<S>, C> => {
    const result = v.safeParse(schema, body, { abortPipeEarly: true })
    if (result.success) return { ok: true, value: result.output }
    return {
      ok: false,
      errors: result.issues.map((issue) => ({ field: String(issue.path?.[0]?.key ?? ''), code: issue.message as C })),
    }
  }
}

// Any value, or none: a form's field may be missing (an unticked box is never sent).
const anything = v.optional(v.unknown(), '')

/** Whatever was sent, as text: a missing field, or one that is not text, is empty. */
export const text = v.pipe(
  anything,
  v.transform((value): string => (typeof value === 'string' ? value : '')),
)

/** Text on one line, its spaces collapsed: how a name or an address line is kept. */
export const oneLine = v.pipe(
  text,
  v.transform((value) => value.trim().replace(/\s+/g, ' ')),
)

/** A tick box: ticked when the browser sent it (or a script sent true). */
export const ticked = v.pipe(
  anything,
  v.transform((value) => value === true || value === 'on' || value === 'true'),
)

/** A tick box that must be ticked. */
export const mustTick = <C extends string>(code: C) =>
  v.pipe(
    ticked,
    v.check((value) => value, code),
  )

/** A value typed one way and kept another (a mobile, a postcode, a reference): refused when it cannot be. */
export const normalised = <C extends string>(normalise: (typed: string) => string | null, missing: C, invalid: C) =>
  v.pipe(
    oneLine,
    v.nonEmpty(missing),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = normalise(dataset.value)
      if (value === null) {
        addIssue({ message: invalid })
        return NEVER
      }
      return value
    }),
  )
