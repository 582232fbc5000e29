import { fillTemplate } from '@/lib/templates'
import { photoPath } from '@/orders/photo-rules'
import '@/styles/photos.css'
import type { PhotoInfo } from '@/orders/photo-store'

type Props = {
  photos: PhotoInfo[]
  device: string
  /** The content's description of each photo: {number} and {device}. */
  alt: string
  /** The signed link's token the page was opened with; none on staff pages. */
  token?: string
}

/** A device's photos from the check, each a link to the full size: the seller's page and the staff page. */
export function DevicePhotos({ photos, device, alt, token }: Props) {
  if (!photos.length) return null
  return (
    <ul className="device-photos">
      {photos.map((photo, index) => {
        const href = photoPath(photo.id, token)
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
