import type { CSSProperties } from 'react'
import { fillTemplate } from '@/lib/templates'

type Props = { score: number; label: string; className?: string }

/**
 * Five stars filled to the score, named for screen readers ("Rated 4 out of 5"). The stars are
 * drawn by CSS masks (see `.stars` in the stylesheet), so a rating costs one element in the page
 * and in its flight data instead of ten inline SVGs.
 */
export function Stars({ score, label, className }: Props) {
  const clamped = Math.max(0, Math.min(5, score))
  const style = { '--stars-fill': `${(clamped / 5) * 100}%` } as CSSProperties
  return (
    <span
      className={['stars', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={fillTemplate(label, { score: clamped })}
      style={style}
    />
  )
}
