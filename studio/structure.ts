import type { StructureResolver } from 'sanity/structure'

/** The singletons, in the order the Content list shows them. */
export const singletons = [
  { id: 'siteSettings', title: 'Site settings' },
  { id: 'navigation', title: 'Navigation' },
  { id: 'header', title: 'Header extras' },
  { id: 'footer', title: 'Footer' },
  { id: 'newsletter', title: 'Newsletter strip' },
  { id: 'errorPages', title: 'Error pages' },
  { id: 'pricingRules', title: 'Pricing rules' },
  { id: 'sellingCopy', title: 'Price checker and basket' },
  { id: 'accountCopy', title: 'Accounts' },
  { id: 'orderCopy', title: 'Orders' },
  { id: 'emailCopy', title: 'E-mails' },
  { id: 'subscriptionCopy', title: 'Subscriptions and price alerts' },
  { id: 'contactInboxCopy', title: 'Contact inbox' },
]

/** Singletons sit at fixed ids (the id is the type name), so there is only ever one of each. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      ...singletons.map(({ id, title }) =>
        S.listItem().title(title).id(id).child(S.document().schemaType(id).documentId(id).title(title)),
      ),
      S.divider(),
      S.documentTypeListItem('page').title('Pages'),
      S.documentTypeListItem('policyChange').title('Policy changes'),
      S.divider(),
      S.documentTypeListItem('deviceMake').title('Makes'),
      S.documentTypeListItem('deviceModel').title('Models and prices'),
      S.documentTypeListItem('conditionGrade').title('Condition grades'),
      S.documentTypeListItem('deviceChecklist').title('Device checklists'),
      S.documentTypeListItem('shopItem').title('Search items'),
    ])
