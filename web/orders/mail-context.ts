import 'server-only'
import { getEmailCopy } from '@/content/loaders'
import type { OrderMailContext } from './mail'

/** The E-mails document (its site facts written in) and where links start, for `orderMail`. */
export async function loadOrderMailContext(origin: string): Promise<OrderMailContext> {
  return { copy: await getEmailCopy(), origin }
}
