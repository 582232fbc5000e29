import { fillTemplate } from '@/lib/templates'
import { signedPhotoPath } from '@/orders/record/order-token'
import { photoPath } from '@/orders/photos/photo-rules'
import '@/styles/photos.css'
import type { PhotoInfo } from '@/orders/photos/photo-store'

type Props = {
  photos: PhotoInfo[]
  device: string
  /** The content's description of each photo: {number} and {device}. */
  alt: string
  /** Each photo's address carries a grant to it alone (the seller's page); staff pages sign in instead. */
  signed?: boolean
}

/** A device's photos from the check, each a link to the full size: the seller's page and the staff page. */
export function DevicePhotos({ photos, device, alt, signed }: Props) {
  if (!photos.length) return null
  return (
    <ul className="device-photos">
      {photos.map((photo, index) => {
        const href = signed ? signedPhotoPath(photo.id) : photoPath(photo.id)
        return (
          <li key={photo.id}>
            <a href={href}>
              {/* Served by our own route, private to the seller: not for the image optimiser. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                src={href}
                alt={fillTemplate(alt, { number: index + 1, device })}
                width={photo.width}
                height={photo.height}
                loading="lazy"
              />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
