import 'server-only'
import { linkOrigin } from '@/mail/link-origin'
import { getOrderCopy } from '@/content/loaders'
import { formAction, type Outcome } from '@/forms/form-action'
import type { Validation } from '@/forms/schema'
import type { RateLimiter } from '@/http/rate-limit'
import { orderProblemMessage, type OrderProblemCode } from './problems'

/** An order form's server action: formAction with the Orders document's words. */
export function orderEndpoint<T>(options: {
  limiter: RateLimiter
  page: string
  validate: (body: Record<string, string>) => Validation<T, OrderProblemCode>
  run: (
    value: T,
    context: { request: Request; origin: string; body: Record<string, string> },
  ) => Promise<Outcome<OrderProblemCode>>
  name: string
  secret?: readonly string[]
}) {
  return formAction<T, OrderProblemCode>({
    ...options,
    words: async () => {
      const copy = await getOrderCopy()
      return (code, fill) =>
        orderProblemMessage(
          copy,
          code,
          fill?.seconds === undefined ? undefined : Number(fill.seconds),
          Number(fill?.tries ?? 0),
          String(fill?.bankName ?? ''),
        )
    },
    run: (value, { request, body }) => options.run(value, { request, origin: linkOrigin(), body }),
  })
}
