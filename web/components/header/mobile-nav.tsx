import type { Navigation } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { DrawerSubmenu, MobileMenu } from './mobile-menu'

/** The drawer's navigation, rendered on the server inside the client drawer. */
export function MobileNav({ navigation, title }: { navigation: Navigation; title: string }) {
  const { labels } = navigation
  return (
    <MobileMenu title={title} openLabel={labels.openMenu} closeLabel={labels.closeMenu}>
      <nav aria-label={labels.mainMenu}>
        <ul className="drawer__list">
          {navigation.mobileMenu.map((item) => {
            const link = <ContentLink link={item.link} className="drawer__link" />
            if (!item.children.length) {
              return (
                <li key={item._key} className="drawer__item">
                  <span className="drawer__row">{link}</span>
                </li>
              )
            }
            return (
              <DrawerSubmenu
                key={item._key}
                listId={`drawer-${item._key}`}
                link={link}
                toggleLabel={fillTemplate(labels.showSubmenu, { label: item.link.label })}
                expandedByDefault={item.expandedByDefault}
              >
                {item.children.map((child) => (
                  <li key={child._key}>
                    <ContentLink link={child.link} className="drawer__sublink" />
                  </li>
                ))}
              </DrawerSubmenu>
            )
          })}
        </ul>
      </nav>
    </MobileMenu>
  )
}
