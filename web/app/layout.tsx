import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { SiteFooter } from '@/components/footer/site-footer'
import { SiteHeader } from '@/components/header/site-header'
import { ErrorCopyProvider } from '@/components/layout/error-copy'
import { NavigationEffects } from '@/components/layout/navigation-effects'
import { NewsletterStrip } from '@/components/layout/newsletter-strip'
import { RatingStrip } from '@/components/layout/rating-strip'
import { ScrollToTop } from '@/components/layout/scroll-to-top'
import { VisualEditingInDraft } from '@/components/layout/visual-editing-in-draft'
import { isDraftMode } from '@/content/draft'
import {
  getErrorPages,
  getFooter,
  getHeader,
  getNavigation,
  getNewsletter,
  getSellingCopy,
  getSiteSettings,
} from '@/content/loaders'
import { withoutStega } from '@/content/stega'
import { siteMetadata } from '@/content/page-metadata'
import { organization } from '@/content/structured-data'
import { JsonLd } from '@/components/seo/json-ld'
import '@/styles/index.css'

export async function generateMetadata(): Promise<Metadata> {
  return siteMetadata(await withoutStega(getSiteSettings))
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0f1b2d' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [isDraft, settings, plainSettings, navigation, header, footer, newsletter, errorPages, sellingCopy] =
    await Promise.all([
      isDraftMode(),
      getSiteSettings(),
      withoutStega(getSiteSettings),
      getNavigation(),
      getHeader(),
      getFooter(),
      getNewsletter(),
      getErrorPages(),
      getSellingCopy(),
    ])
  return (
    <html lang="en-GB">
      <body>
        <JsonLd data={organization(plainSettings)} />
        <a className="skip-link" href="#main">
          {header.controls.skipLink}
        </a>
        <SiteHeader settings={settings} navigation={navigation} header={header} basketCopy={sellingCopy.basket} />
        <RatingStrip rating={settings.reviewRating} />
        <main id="main" tabIndex={-1} className="site-main">
          <ErrorCopyProvider copy={errorPages.serverError}>{children}</ErrorCopyProvider>
        </main>
        <ScrollToTop label={header.controls.scrollToTop} />
        <NewsletterStrip copy={newsletter} />
        <SiteFooter footer={footer} settings={settings} year={new Date().getFullYear()} />
        <NavigationEffects loadingText={settings.loadingText} loadingLabel={header.controls.loadingLabel} />
        {/* Only editors in draft preview (Sanity configured) ever load the Visual Editing overlays. */}
        {isDraft ? <VisualEditingInDraft /> : null}
      </body>
    </html>
  )
}
