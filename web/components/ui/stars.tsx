import { fillTemplate } from '@/lib/templates'

type Props = { score: number; label: string; className?: string }

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'

function Row({ filled }: { filled: boolean }) {
  return [0, 1, 2, 3, 4].map((i) => (
    <svg key={i} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={STAR} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" />
    </svg>
  ))
}

/** Five stars filled to the score, named for screen readers ("Rated 4 out of 5"). */
export function Stars({ score, label, className }: Props) {
  const clamped = Math.max(0, Math.min(5, score))
  return (
    <span
      className={['stars', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={fillTemplate(label, { score: clamped })}
    >
      <span className="stars__row">
        <Row filled={false} />
      </span>
      <span className="stars__row stars__row--filled" style={{ width: `${(clamped / 5) * 100}%` }}>
        <Row filled />
      </span>
    </span>
  )
}
