import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveText } from '../../src/features/collector/components/live-text';
import type { CollectorState } from '../../src/features/collector/collector-state';
import { createLiveState, LiveStateContext, type LiveState } from '../../src/features/collector/live-state';

/**
 * The number under the thumb is written into its text node when the live state changes, in the same
 * task and without a React render; React renders the node empty and never touches its text.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const stateWith = (trial: number) => ({ trial }) as unknown as CollectorState;
const select = (s: CollectorState) => (s as unknown as { trial: number }).trial;

let container: HTMLDivElement;
let root: Root;
let live: LiveState;
let renders = 0;
let setFallback: (n: number) => void = () => undefined;

function Screen() {
  const [fallback, set] = useState(1);
  setFallback = set;
  renders += 1;
  return (
    <output data-testid="trial-no">
      <LiveText select={select} fallback={fallback} />
    </output>
  );
}

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  live = createLiveState();
  renders = 0;
  await act(async () =>
    root.render(
      <LiveStateContext.Provider value={live}>
        <Screen />
      </LiveStateContext.Provider>,
    ),
  );
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const shown = () => container.querySelector('output')?.textContent;

describe('LiveText', () => {
  it('shows the fallback until there is a live state, then the live value', () => {
    expect(shown()).toBe('1');
    live.set(stateWith(7));
    expect(shown()).toBe('7');
  });

  it('writes each new value synchronously, with no React render, and changes one text node in place', () => {
    live.set(stateWith(2));
    const node = container.querySelector('output span')?.firstChild;
    const rendersBefore = renders;
    for (let trial = 3; trial <= 50; trial++) {
      live.set(stateWith(trial));
      expect(shown()).toBe(String(trial));
    }
    expect(renders).toBe(rendersBefore);
    expect(container.querySelector('output span')?.firstChild).toBe(node);
    expect(container.querySelector('output span')?.childNodes).toHaveLength(1);
  });

  it('keeps the live value when React renders again with an older fallback', async () => {
    live.set(stateWith(12));
    await act(async () => setFallback(11));
    expect(shown()).toBe('12');
    live.set(null);
    expect(shown()).toBe('11');
  });

  it('stops writing once unmounted', async () => {
    const span = container.querySelector('output span');
    await act(async () => root.render(<LiveStateContext.Provider value={live}>{null}</LiveStateContext.Provider>));
    live.set(stateWith(99));
    expect(span?.textContent).not.toBe('99');
  });
});
