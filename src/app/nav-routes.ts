import { createContext, useContext } from 'react';
import type { AppRoute } from '../shared/routing/app-route';

/**
 * The areas the signed-in user can open now. The shell works them out (it knows every route) and
 * hands them down; the menu and Home read them here, so no screen imports the route table that
 * loads it.
 */
export const NavRoutes = createContext<readonly AppRoute[]>([]);

export const useNavRoutes = (): readonly AppRoute[] => useContext(NavRoutes);
