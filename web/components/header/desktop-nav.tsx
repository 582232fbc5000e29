import type { Navigation } from '@/content/types'
import { fillTemplate } from '@/lib/templates'
import { ContentLink } from '../ui/content-link'
import { DesktopSubmenu, SubmenuEntry } from './desktop-submenu'

/**
 * The wide-screen menu, rendered here on the server: its client parts get only the open/closed
 * state and the words they show, never the navigation or the catalogue.
 */
export function DesktopNav({ navigation }: { navigation: Navigation }) {
  const { labels, promo } = navigation
  const toggleLabel = (label: string) => fillTemplate(labels.showSubmenu, { label })
  return (
    <nav className="desktop-nav" aria-label={labels.mainMenu}>
      <ul className="desktop-nav__list">
        {navigation.desktopMenu.map((item) =>
          item.children.length ? (
            <DesktopSubmenu
              key={item._key}
              link={<ContentLink link={item.link} className="desktop-nav__link" />}
              toggleLabel={toggleLabel(item.link.label)}
              hasMegaMenus={item.children.some((child) => child.megaMenu !== 'none')}
            >
              {item.children.map((child) => (
                <SubmenuEntry
                  key={child._key}
                  entryKey={child._key}
                  link={<ContentLink link={child.link} className="desktop-nav__sublink" />}
                  mega={
                    child.megaMenu === 'none'
                      ? null
                      : {
                          label: child.link.label,
                          toggleLabel: toggleLabel(child.link.label),
                          category: child.megaMenu === 'tablet' ? 'tablet' : 'phone',
                          baseHref: child.link.href ?? '/',
                          allModelsLabel: labels.allModels,
                          promo,
                        }
                  }
                />
              ))}
            </DesktopSubmenu>
          ) : (
            <li key={item._key} className="desktop-nav__item">
              <ContentLink link={item.link} className="desktop-nav__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
