/** What the certificate e-mail reads before an erasure's transaction: its words and where links start. */
import 'server-only'
import { getEmailCopy } from '@/content/loaders'
import { linkOrigin } from '@/mail/link-origin'
import type { CertificateMailContext } from './certificate-mail'

export async function certificateMailContext(origin = linkOrigin()): Promise<CertificateMailContext> {
  return { copy: await getEmailCopy(), origin }
}
