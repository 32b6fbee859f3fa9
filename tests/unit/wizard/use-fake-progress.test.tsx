// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeProgress } from '@/dashboard/create-order/use-fake-progress';

describe('[wizard] the checkout preparation bar as it runs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('rises one step every 300 ms, not before', () => {
    const { result } = renderHook(() => useFakeProgress(true));
    expect(result.current).toEqual({ value: 0, statusIndex: 0 });
    advance(299);
    expect(result.current.value).toBe(0);
    advance(1);
    expect(result.current.value).toBe(14);
    advance(300);
    expect(result.current.value).toBe(26);
  });

  it('stops at 95% with the last status message however long it waits', () => {
    const { result } = renderHook(() => useFakeProgress(true));
    advance(60_000);
    expect(result.current).toEqual({ value: 95, statusIndex: 4 });
    advance(600_000);
    expect(result.current).toEqual({ value: 95, statusIndex: 4 });
  });

  it('stands still while inactive and starts from zero when it becomes active', () => {
    const { result, rerender } = renderHook(({ active }) => useFakeProgress(active), { initialProps: { active: false } });
    advance(3_000);
    expect(result.current.value).toBe(0);
    rerender({ active: true });
    advance(300);
    expect(result.current.value).toBe(14);
  });
});
