import { SELECTION_MAX } from '@sufel/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientDocuments } from '../../../../testing/fixtures';
import { useSelection } from './use-selection';

const many = Array.from({ length: SELECTION_MAX + 5 }, (_, index) => ({
  ...clientDocuments[0]!,
  id: 1000 + index,
}));

describe('useSelection', () => {
  it(`chooses at most ${SELECTION_MAX} documents, and says when a choice did not fit`, () => {
    const { result } = renderHook(() => useSelection('list-a'));
    act(() => result.current.setPage(many, new Set(many.map((doc) => doc.id))));
    expect(result.current.ids.size).toBe(SELECTION_MAX);
    expect(result.current.full).toBe(true);
    act(() => result.current.toggle(many[0]!));
    expect(result.current.ids.size).toBe(SELECTION_MAX - 1);
    act(() => result.current.toggle(many.at(-1)!));
    expect(result.current.isChosen(many.at(-1)!)).toBe(true);
    expect(result.current.full).toBe(false);
  });

  it('starts empty for another list', () => {
    const { result, rerender } = renderHook(({ list }) => useSelection(list), {
      initialProps: { list: 'list-a' },
    });
    act(() => result.current.toggle(many[0]!));
    expect(result.current.ids.size).toBe(1);
    rerender({ list: 'list-b' });
    expect(result.current.ids.size).toBe(0);
  });
});
