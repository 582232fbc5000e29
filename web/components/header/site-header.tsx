import Link from 'next/link'
import type { DeviceCatalogue, HeaderContent, Navigation, SearchItem, SiteSettings } from '@/content/types'
import { ContentLink } from '../ui/content-link'
import { CartPanel } from './cart-panel'
import { DesktopNav } from './desktop-nav'
import { DeviceSearch } from './device-search'
import { MobileMenu } from './mobile-menu'

type Props = {
  settings: SiteSettings
  navigation: Navigation
  header: HeaderContent
  catalogue: DeviceCatalogue
  searchItems: SearchItem[]
}

// Search results open the single-device page, which takes the device's number.
const SEARCH_RESULT_PATH = '/check-in'

export function SiteHeader({ settings, navigation, header, catalogue, searchItems }: Props) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MobileMenu navigation={navigation} productName={settings.productName} />
        <Link
          href="/"
          className="site-header__brand"
          aria-label={`${settings.productName} – ${header.controls.homeLabel}`}
        >
          {settings.productName}
        </Link>
        <DesktopNav navigation={navigation} catalogue={catalogue} />
        <DeviceSearch items={searchItems} copy={header.search} resultHref={SEARCH_RESULT_PATH} />
        <CartPanel cart={header.cart} />
        <ContentLink link={navigation.accountLink} className="button button--primary site-header__account" />
      </div>
    </header>
  )
}
