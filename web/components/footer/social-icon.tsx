// The marks live in one cached file (public/social-icons.svg), so no page carries their paths.
const PLATFORMS = new Set(['facebook', 'instagram', 'x', 'tiktok', 'youtube', 'linkedin'])

/** The platform's mark; the link around it carries the accessible name. */
export function SocialIcon({ platform }: { platform: string }) {
  if (!PLATFORMS.has(platform)) return null
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <use href={`/social-icons.svg#${platform}`} />
    </svg>
  )
}
