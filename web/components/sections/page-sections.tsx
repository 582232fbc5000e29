import type { DeviceCatalogue, PageSection } from '@/content/types'
import { ContactFormSection } from './contact-form-section'
import { DeviceCatalogueSection } from './device-catalogue-section'
import { FaqSection } from './faq-section'
import { FeatureSection } from './feature-section'
import { GradeSection } from './grade-section'
import { HeroSection } from './hero-section'
import { RichTextSection } from './rich-text-section'
import { StepsSection } from './steps-section'

type Props = { sections: PageSection[]; catalogue: DeviceCatalogue }

export function PageSections({ sections, catalogue }: Props) {
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
    }
  })
}
