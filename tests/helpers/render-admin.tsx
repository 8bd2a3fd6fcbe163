import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * jsdom has <dialog> without its modal methods: open and close flip the `open` attribute, which is
 * what the kit's dialogs read (focus trapping and the top layer are the browser's, tested in e2e).
 */
export function installDialogMethods(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal: () => void; close: () => void };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export interface Rendered {
  container: HTMLDivElement;
  unmount: () => Promise<void>;
}

/** Renders an admin screen part with a fresh query client and a router, as the app does. */
export async function renderAdmin(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>,
    );
  });
  return {
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      client.clear();
    },
  };
}

/** Lets queries answer and React render what they answered. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * The button (a <button> or an ion-button) whose accessible name is `name`: its aria-label (which
 * Ionic moves onto the button inside its shadow root), else its text.
 */
export function button(container: ParentNode, name: string): HTMLElement | undefined {
  const all = [...container.querySelectorAll<HTMLElement>('button, ion-button')];
  const nameOf = (b: HTMLElement) =>
    (b.getAttribute('aria-label') ?? b.shadowRoot?.querySelector('button')?.getAttribute('aria-label') ?? b.textContent ?? '').trim();
  return all.find((b) => nameOf(b) === name);
}

export async function click(element: HTMLElement | undefined): Promise<void> {
  if (!element) {
    throw new Error('nothing to click');
  }
  await act(async () => {
    element.click();
  });
}
