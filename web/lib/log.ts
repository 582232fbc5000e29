/**
 * An error as a log line may show it: its kind and codes, never its message. A failed query's
 * message quotes its parameters (a seller's name, address, e-mail), and a mail server's quotes the
 * address; the kind, the driver's code and the constraint say enough to find the cause.
 */
export function describeError(error: unknown): string {
  const parts: string[] = []
  for (let cause = error, depth = 0; cause && depth < 4; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { name, code, constraint } = cause as { name?: string; code?: string | number; constraint?: string }
    parts.push([name ?? 'Error', code, constraint].filter(Boolean).join(' '))
  }
  return parts.join(' ← ') || 'Error'
}
