import type { OrderCopy } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { formatCertificateCode } from '@/stock/certificate-code'
import { certificatePath } from '@/stock/certificate-content'

/** The order's data-erasure certificates, a link each to its check page (where the PDF is). */
export function OrderCertificates(props: { certificates: Array<{ code: string; device: string }>; copy: OrderCopy }) {
  const words = props.copy.certificate
  if (!props.certificates.length) return null
  return (
    <section aria-labelledby="order-certificates" className="order-certificates">
      <h2 id="order-certificates">{words.orderHeading}</h2>
      <ul>
        {props.certificates.map(({ code, device }) => (
          <li key={code}>
            <a href={certificatePath(code)}>
              {fillTemplate(words.orderLine, { device, number: formatCertificateCode(code) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
