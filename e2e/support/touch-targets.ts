import fs from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { SCREENS_DIR } from './screens';

/** Touch targets at least 44 px (WCAG 2.5.5 and the platforms' guidelines: a finger, often a hurried one, on a tablet). */
export const MIN_TARGET_PX = 44;

export interface SmallTarget {
  name: string;
  tag: string;
  width: number;
  height: number;
  /** A link inside running text: WCAG 2.5.8 exempts it, we still list it. */
  isInline: boolean;
}

/**
 * Measures every visible control a finger can hit (inside shadow roots too) by the box that takes
 * the tap: an Ionic host (ion-button, ion-item, ion-radio) or the labelled field around an input.
 * Lists the ones under 44 px in either direction; the caller decides whether that fails.
 */
export async function findSmallTouchTargets(page: Page, screen: string): Promise<SmallTarget[]> {
  const small = await page.evaluate((min) => {
    const ROLES = new Set(['button', 'link', 'radio', 'checkbox', 'switch', 'tab', 'combobox', 'menuitem', 'option']);
    const isControl = (el: Element) =>
      (el.tagName === 'A' && el.hasAttribute('href')) ||
      ['BUTTON', 'SELECT', 'TEXTAREA'].includes(el.tagName) ||
      (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'hidden') ||
      ROLES.has(el.getAttribute('role') ?? '');
    /** The element whose box takes the tap. */
    const targetOf = (el: Element): Element => {
      const root = el.getRootNode();
      if (root instanceof ShadowRoot) {
        return root.host;
      }
      return el.closest('ion-input, ion-textarea, ion-select, ion-searchbar') ?? el.closest('label') ?? el;
    };
    const found = new Set<Element>();
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (isControl(el)) {
          found.add(targetOf(el));
        }
        if (el.shadowRoot) {
          visit(el.shadowRoot);
        }
      }
    };
    visit(document);
    const results: Array<{ name: string; tag: string; width: number; height: number; isInline: boolean }> = [];
    for (const el of found) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) {
        continue;
      }
      if (el.closest('.ion-page-hidden, [aria-hidden="true"], [inert]')) {
        continue;
      }
      if (rect.width + 0.5 >= min && rect.height + 0.5 >= min) {
        continue;
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const isInline = el.tagName === 'A' && getComputedStyle(el).display === 'inline';
      results.push({ name, tag: el.tagName.toLowerCase(), width: Math.round(rect.width), height: Math.round(rect.height), isInline });
    }
    return results;
  }, MIN_TARGET_PX);
  const size = page.viewportSize();
  const file = path.join(SCREENS_DIR, `${screen}-${size?.width}x${size?.height}-small-targets.json`);
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(small, null, 2));
  for (const target of small) {
    test.info().annotations.push({
      type: 'small touch target',
      description: `${screen}: <${target.tag}> "${target.name}" ${target.width}×${target.height}${target.isInline ? ' (inline link)' : ''}`,
    });
  }
  return small;
}
