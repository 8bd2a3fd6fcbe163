import { useEffect, useMemo, type ReactNode } from 'react';
import { IonContent, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonToolbar } from '@ionic/react';
import { IconButton } from '../shared/ui/icon-button';
import { menuController } from '@ionic/core/components';
import { logOutOutline } from 'ionicons/icons';
import { matchPath, useLocation } from 'react-router-dom';
import { OrganizationSwitcher } from '../features/organizations/components/organization-switcher';
import { useMyAccess } from './use-my-access';
import { useAuth } from '../shared/auth/auth-store';
import { useSignOut } from '../shared/auth/use-sign-out';
import { BrandMark } from '../shared/ui/brand-mark';
import { appRoutes, type NavState } from './routes';
import { NavRoutes, useNavRoutes } from './nav-routes';

/** The areas this user can open now (only screens that exist and apply to them), handed to the menu and Home. */
export function WithNavRoutes({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { access, organization } = useMyAccess();
  const areas = useMemo(() => {
    const state: NavState = { user, organization, access };
    return appRoutes.filter((route) => route.nav && route.access === 'user' && (route.nav.isVisible?.(state) ?? true));
  }, [user, organization, access]);
  return <NavRoutes.Provider value={areas}>{children}</NavRoutes.Provider>;
}

const MENU_ID = 'main-menu';

/**
 * Closes the overlay menu (nothing to do beside the split pane). Ionic ignores close() while a menu
 * animates, e.g. a switch answered before the menu finished opening: then it tries again shortly.
 */
async function closeMenu() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const isAnimating = await menuController.isAnimating();
    if (!isAnimating && !(await menuController.isOpen(MENU_ID))) {
      return;
    }
    if (!isAnimating && (await menuController.close(MENU_ID))) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function AppMenu({ isDisabled = false }: { isDisabled?: boolean }) {
  const { user } = useAuth();
  const location = useLocation();
  const routes = useNavRoutes();
  const { isSigningOut, signOut } = useSignOut();

  // An item's IonMenuToggle is ignored while the menu still opens (a quick tap after "Open
  // navigation"): the screen changed but the overlay stayed over it. The route change closes it.
  useEffect(() => {
    void closeMenu();
  }, [location.pathname]);

  return (
    <IonMenu contentId="main" menuId={MENU_ID} type="overlay" className="app-menu" disabled={isDisabled}>
      <IonContent>
        <div className="app-menu__brand">
          <BrandMark size={36} />
          <span>Thera</span>
        </div>
        {user && (
          <div className="app-menu__user">
            <strong>
              {user.first_name} {user.last_name}
            </strong>
            <span>{user.email}</span>
          </div>
        )}
        {/* After a switch the screens follow; the overlay menu (portrait) gets out of their way. */}
        <OrganizationSwitcher onSwitched={() => void closeMenu()} />
        <nav aria-label="Main">
          <IonList lines="none" className="app-menu__nav">
            {routes.map((route) => {
              const isCurrent = matchPath({ path: route.path, end: true }, location.pathname) !== null;
              return (
                <IonMenuToggle key={route.path} autoHide={false}>
                  <IonItem
                    routerLink={route.path}
                    routerDirection="root"
                    detail={false}
                    className={isCurrent ? 'app-menu__item app-menu__item--current' : 'app-menu__item'}
                    aria-current={isCurrent ? 'page' : undefined}
                  >
                    <IonIcon slot="start" icon={route.nav?.icon} aria-hidden="true" />
                    <IonLabel>{route.nav?.label}</IonLabel>
                  </IonItem>
                </IonMenuToggle>
              );
            })}
          </IonList>
        </nav>
      </IonContent>
      {/* Not an ion-footer: that is always a contentinfo landmark, and the page's, not the menu's. */}
      <div className="app-menu__footer">
        <IonToolbar>
          <IonMenuToggle autoHide={false}>
            <IconButton icon={logOutOutline} expand="block" fill="outline" onClick={() => void signOut()} disabled={isSigningOut}>
              {isSigningOut ? 'Signing out…' : 'Sign out'}
            </IconButton>
          </IonMenuToggle>
        </IonToolbar>
      </div>
    </IonMenu>
  );
}
