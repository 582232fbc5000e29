import type { ReactNode } from 'react'
import { stegaClean } from '@sanity/client/stega'
import type { DeviceCatalogue, PageSection, SellingCopy } from '@/content/types'
import type { BasketView } from '@/basket/types'
import { BasketSection } from './section-leaves'
import { ContactFormSection } from './contact-form-section'
import { CollectionRequestSection } from './collection-request-section'
import { DeviceCatalogueSection } from './device-catalogue-section'
import { DeviceFinderSection } from './device-finder-section'
import { FaqSection } from './faq-section'
import { FeatureSection } from './feature-section'
import { GradeSection } from './grade-section'
import { HeroSection } from './hero-section'
import { OrderStatusesSection } from './order-statuses-section'
import { RichTextSection } from './rich-text-section'
import { StepsSection } from './steps-section'

type Props = {
  sections: PageSection[]
  catalogue: DeviceCatalogue
  basketCopy: SellingCopy['basket']
  /** The visitor's basket, on the pages rendered per visitor. */
  basket?: BasketView | null
  /** An account page's own part, shown where the account section sits. */
  account?: ReactNode
  /** An order page's own part (checkout, confirmation, tracker, details), shown where the order section sits. */
  order?: ReactNode
  path: string
}

export function PageSections({
  sections,
  catalogue,
  basketCopy,
  basket = null,
  account = null,
  order = null,
  path,
}: Props) {
  return sections.map((section, index) => {
    switch (section._type) {
      case 'heroSection':
        return <HeroSection key={section._key} section={section} headingLevel={index === 0 ? 'h1' : 'h2'} />
      case 'featureSection':
        return <FeatureSection key={section._key} section={section} />
      case 'stepsSection':
        return <StepsSection key={section._key} section={section} />
      case 'faqSection':
        return <FaqSection key={section._key} section={section} />
      case 'gradeSection':
        return <GradeSection key={section._key} section={section} />
      case 'richTextSection':
        return <RichTextSection key={section._key} section={section} />
      case 'deviceCatalogueSection':
        return <DeviceCatalogueSection key={section._key} section={section} catalogue={catalogue} />
      case 'contactFormSection':
        return <ContactFormSection key={section._key} section={section} />
      case 'collectionRequestSection':
        return <CollectionRequestSection key={section._key} section={section} />
      case 'deviceFinderSection':
        return <DeviceFinderSection key={section._key} section={section} catalogue={catalogue} />
      case 'basketSection':
        return (
          <BasketSection key={section._key} section={section} copy={basketCopy} initial={basket} returnPath={path} />
        )
      case 'accountSection':
        return (
          <section key={section._key} className="section account-section" aria-label={section.heading ?? undefined}>
            {section.heading ? <h2>{section.heading}</h2> : null}
            {account}
          </section>
        )
      case 'orderSection':
        // Draft previews encode text for click-to-edit; the kind is compared, so it is cleaned first.
        if (stegaClean(section.kind) === 'statuses') return <OrderStatusesSection key={section._key} />
        return (
          <section key={section._key} className="section order-section" aria-label={section.heading ?? undefined}>
            {section.heading ? <h2>{section.heading}</h2> : null}
            {order}
          </section>
        )
    }
  })
}
