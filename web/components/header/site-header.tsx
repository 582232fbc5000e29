import Link from 'next/link'
import type { HeaderContent, Navigation, SellingCopy, SiteSettings } from '@/content/types'
import { AccountLink } from './account-link'
import { CartPanel } from './cart-panel'
import { DesktopNav } from './desktop-nav'
import { DeviceSearch } from './device-search'
import { MobileNav } from './mobile-nav'

/** The site header: the logo, the desktop menus and the mobile drawer, search, the account link and the cart panel. */
type Props = {
  settings: SiteSettings
  navigation: Navigation
  header: HeaderContent
  basketCopy: SellingCopy['basket']
}

export function SiteHeader({ settings, navigation, header, basketCopy }: Props) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MobileNav navigation={navigation} title={settings.productName} />
        <Link
          href="/"
          className="site-header__brand"
          aria-label={`${settings.productName} – ${header.controls.homeLabel}`}
        >
          {settings.productName}
        </Link>
        <DesktopNav navigation={navigation} />
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
