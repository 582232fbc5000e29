import Link from 'next/link'
import type { DeviceCatalogue, HeaderContent, Navigation, SellingCopy, SiteSettings } from '@/content/types'
import { AccountLink } from './account-link'
import { CartPanel } from './cart-panel'
import { DesktopNav } from './desktop-nav'
import { DeviceSearch } from './device-search'
import { MobileMenu } from './mobile-menu'

type Props = {
  settings: SiteSettings
  navigation: Navigation
  header: HeaderContent
  catalogue: DeviceCatalogue
  basketCopy: SellingCopy['basket']
}

export function SiteHeader({ settings, navigation, header, catalogue, basketCopy }: Props) {
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
        <DeviceSearch copy={header.search} />
        <CartPanel cart={header.cart} copy={basketCopy} />
        <AccountLink
          href={navigation.accountLink.href ?? '/profile'}
          label={navigation.accountLink.label}
          className="button button--primary site-header__account"
        />
      </div>
    </header>
  )
}
