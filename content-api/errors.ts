/**
 * A failure the HTTP layer reports with a status and the Content Lake's error body, e.g.
 * 409 `{"error": {"type": "mutationError", "description": "…"}}`. Throwing one inside a
 * transaction abandons the whole transaction.
 */
export class ContentApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message)
    this.name = 'ContentApiError'
  }

  toBody() {
    return { error: { type: this.type, description: this.message }, message: this.message, statusCode: this.status }
  }
}

export const conflict = (message: string) => new ContentApiError(409, 'mutationError', message)
export const badRequest = (message: string, type = 'validationError') => new ContentApiError(400, type, message)
