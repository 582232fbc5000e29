/**
 * Checks on what callers pass to the basket functions. Ids that arrive from a form or cookie are
 * not errors when malformed (the basket functions answer "not found"); the rest are programming
 * errors and throw with a message naming the value.
 */
export type NewBasketLine = {
  modelId: string
  variantKey: string
  gradeKey: string
  answers: Record<string, string>
  pricePence: number
}

// The columns are PostgreSQL `integer`.
const MAX_INTEGER = 2_147_483_647
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

export function assertNewLine(line: NewBasketLine): void {
  for (const key of ['modelId', 'variantKey', 'gradeKey'] as const) {
    const value: unknown = line[key]
    if (typeof value !== 'string' || value.trim() === '') {
      throw new TypeError(`A basket line needs ${key} as a non-empty string, got ${JSON.stringify(value)}.`)
    }
  }
  const answers: unknown = line.answers
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) {
    throw new TypeError('A basket line needs answers as an object of question key to answer key.')
  }
  for (const [question, answer] of Object.entries(answers)) {
    if (typeof answer !== 'string') {
      throw new TypeError(`The answer to "${question}" must be a string, got ${JSON.stringify(answer)}.`)
    }
  }
  if (!Number.isInteger(line.pricePence) || line.pricePence <= 0 || line.pricePence > MAX_INTEGER) {
    throw new RangeError(`A price is a positive whole number of pence, got ${String(line.pricePence)}.`)
  }
}

export function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_INTEGER) {
    throw new RangeError(`A basket limit is a whole number of devices from 1, got ${String(limit)}.`)
  }
}

export function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_INTEGER) {
    throw new RangeError(`A quantity is a whole number from 0, got ${String(quantity)}.`)
  }
}
