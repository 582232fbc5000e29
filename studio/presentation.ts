import { defineDocuments, defineLocations, type PresentationPluginOptions } from 'sanity/presentation'

const everyPage = {
  message: 'Shown on every page',
  tone: 'positive' as const,
  locations: [{ title: 'Home', href: '/' }],
}

/** Where each kind of document shows on the site, for the Presentation tool's preview. */
export const resolve: PresentationPluginOptions['resolve'] = {
  mainDocuments: defineDocuments([
    { route: '/', filter: `_type == "page" && path.current == "/"` },
    { route: '/:first', filter: `_type == "page" && path.current == "/" + $first` },
    { route: '/:first/:second', filter: `_type == "page" && path.current == "/" + $first + "/" + $second` },
    { route: '/sell-my-phone/:slug', filter: `_type == "deviceModel" && category == "phone" && slug.current == $slug` },
    { route: '/sell-my-tab/:slug', filter: `_type == "deviceModel" && category == "tablet" && slug.current == $slug` },
  ]),
  locations: {
    page: defineLocations({
      select: { title: 'title', path: 'path.current' },
      resolve: (doc) => ({ locations: doc?.path ? [{ title: doc.title ?? doc.path, href: doc.path }] : [] }),
    }),
    deviceModel: defineLocations({
      select: { title: 'name', slug: 'slug.current', category: 'category' },
      resolve: (doc) => ({
        locations: [
          {
            title: doc?.title ?? 'Model',
            href: `${doc?.category === 'tablet' ? '/sell-my-tab' : '/sell-my-phone'}/${doc?.slug ?? ''}`,
          },
          { title: 'All the devices we buy', href: '/product' },
          { title: 'Brands we buy', href: '/brand' },
        ],
      }),
    }),
    deviceMake: defineLocations({ locations: [{ title: 'Brands we buy', href: '/brand' }] }),
    shopItem: defineLocations({
      message: 'Found through the header search',
      locations: [{ title: 'Home', href: '/' }],
    }),
    siteSettings: defineLocations(everyPage),
    navigation: defineLocations(everyPage),
    header: defineLocations(everyPage),
    footer: defineLocations(everyPage),
    newsletter: defineLocations(everyPage),
    conditionGrade: defineLocations({
      locations: [
        { title: 'Device criteria', href: '/device-criteria' },
        { title: 'A model page', href: '/sell-my-phone/iphone-13' },
      ],
    }),
    pricingRules: defineLocations({
      message: 'Used by every model page’s price checker',
      locations: [{ title: 'iPhone 13', href: '/sell-my-phone/iphone-13' }],
    }),
    sellingCopy: defineLocations({
      locations: [
        { title: 'iPhone 13', href: '/sell-my-phone/iphone-13' },
        { title: 'Basket', href: '/add-to-cart' },
      ],
    }),
    errorPages: defineLocations({ locations: [{ title: 'Page not found', href: '/this-page-does-not-exist' }] }),
  },
}
