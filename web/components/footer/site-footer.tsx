import type { FooterContent, SiteSettings } from '@/content/types'
import { formatOpeningHours } from '@/lib/opening-hours'
import { fillTemplate } from '@/lib/templates'
import { ContentImage } from '../ui/content-image'
import { ContentLink } from '../ui/content-link'
import { Stars } from '../ui/stars'
import { SocialIcon } from './social-icon'

type Props = { footer: FooterContent; settings: SiteSettings; year: number }

export function SiteFooter({ footer, settings, year }: Props) {
  const { reviewRating: rating } = settings
  const hours = formatOpeningHours(settings.openingHours.template, settings.openingHours.periods)
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__contact" aria-labelledby="footer-contact">
          <p className="site-footer__brand">{settings.productName}</p>
          <h2 id="footer-contact" className="site-footer__heading">
            {footer.contactHeading}
          </h2>
          <p>
            <span className="site-footer__label">{footer.phoneLabel}</span>{' '}
            <a href={`tel:${settings.contactPhone.replace(/[^\d+]/g, '')}`}>{settings.contactPhone}</a>
          </p>
          <p>
            <span className="site-footer__label">{footer.emailLabel}</span>{' '}
            <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
          </p>
          <h2 className="site-footer__heading">{footer.hoursHeading}</h2>
          {hours.map((line, index) => (
            // The lines are a fixed list; the text as key would send it twice.
            <p key={index}>{line}</p>
          ))}
        </section>

        <nav className="site-footer__links" aria-label={footer.footerLabel}>
          {footer.linkGroups.map((group) => (
            <section key={group._key} aria-labelledby={`footer-group-${group._key}`}>
              <h2 id={`footer-group-${group._key}`} className="site-footer__heading">
                {group.heading}
              </h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link._key}>
                    <ContentLink link={link} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>

        <section className="site-footer__trust" aria-labelledby="footer-social">
          {settings.socialLinks?.length ? (
            <>
              <h2 id="footer-social" className="site-footer__heading">
                {footer.socialHeading}
              </h2>
              <ul className="site-footer__social">
                {settings.socialLinks.map((social) => (
                  <li key={social._key}>
                    <a href={social.url} aria-label={social.label} rel="noopener">
                      <SocialIcon platform={social.platform} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <a className="site-footer__rating" href={rating.url} rel="noopener">
            <span>{rating.bannerText}</span> <strong>{rating.siteName}</strong>
            <Stars score={rating.score} label={rating.ratingLabel} />
            <span>{rating.countText}</span>
          </a>
        </section>
      </div>

      <div className="site-footer__base">
        <div className="site-footer__payments">
          <span>{footer.paymentHeading}</span>
          <ul>
            {settings.paymentMethods?.map((method) => (
              <li key={method._key}>
                <ContentImage src={method.logoUrl} alt={method.name} width={60} height={40} />
              </li>
            ))}
          </ul>
        </div>
        <p className="site-footer__copyright">{fillTemplate(settings.copyright, { year })}</p>
        <p className="site-footer__credit">
          <ContentLink link={settings.developerCredit} />
        </p>
      </div>
    </footer>
  )
}
