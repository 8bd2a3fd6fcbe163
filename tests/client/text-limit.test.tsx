import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cutNote, cutToLimit, limitCounter, useTextLimit } from '../../src/shared/ui/text-limit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('long text: the limit as a person meets it', () => {
  it('cuts text over the limit and counts what was left out', () => {
    expect(cutToLimit('abc', 5)).toEqual({ value: 'abc', cut: 0 });
    expect(cutToLimit('a'.repeat(150), 120)).toEqual({ value: 'a'.repeat(120), cut: 30 });
  });

  it('never cuts an emoji in half (half of one cannot be stored)', () => {
    const cut = cutToLimit(`abcd😀xyz`, 5);
    expect(cut.value).toBe('abcd');
    expect(cut.cut).toBe(4);
  });

  it('shows the counter only near the limit', () => {
    expect(limitCounter(50, 120)).toBeNull();
    expect(limitCounter(96, 120)).toBe('96 of 120 characters');
    expect(limitCounter(2000, 2000)).toBe('2,000 of 2,000 characters');
  });

  it('says how much was left out', () => {
    expect(cutNote(120, 30)).toBe('Only 120 characters fit here: the last 30 characters were left out.');
    expect(cutNote(120, 1)).toBe('Only 120 characters fit here: the last character was left out.');
  });
});

describe('long text: a field with a limit', () => {
  let container: HTMLDivElement;
  let root: Root;
  let field: ReturnType<typeof useTextLimit> & { value: string };
  const input = { value: '' as string | number | null | undefined };

  function Field() {
    const [value, setValue] = useState('');
    field = { ...useTextLimit(10, value, setValue), value };
    return null;
  }

  beforeEach(async () => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<Field />));
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('cuts a paste over the limit, sets the input to what was kept and says so', async () => {
    await act(async () => field.change('x'.repeat(25), input));
    expect(field.value).toBe('x'.repeat(10));
    expect(input.value).toBe('x'.repeat(10));
    expect(field.note).toBe('Only 10 characters fit here: the last 15 characters were left out.');
    expect(field.counter).toBe('10 of 10 characters');
  });

  it('drops the note once the text fits again, and shows no counter well under the limit', async () => {
    await act(async () => field.change('x'.repeat(12), input));
    expect(field.note).not.toBeNull();
    await act(async () => field.change('short', input));
    expect(field.note).toBeNull();
    expect(field.counter).toBeNull();
  });
});
