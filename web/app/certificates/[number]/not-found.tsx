import { CertificateCheck } from '@/components/certificates/certificate-view'
import { getOrderCopy } from '@/content/loaders'

/** A number no certificate of ours has (mistyped, changed, or never issued): said, with the form to try again. */
export default async function CertificateNotFound() {
  const words = (await getOrderCopy()).certificate
  return (
    <article className="page">
      <header className="page__header">
        <h1>{words.unknownHeading}</h1>
      </header>
      <p className="notice notice--problem">{words.unknown}</p>
      <CertificateCheck words={words} />
    </article>
  )
}
