import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announceSuccess,
  currentSuccessNotes,
  dismissSuccess,
  holdSuccessNotes,
  SUCCESS_NOTE_MS,
} from './success-notes';

const texts = () => currentSuccessNotes().map((note) => note.text);

describe('success notes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const note of currentSuccessNotes()) dismissSuccess(note.id);
    holdSuccessNotes(false);
    vi.useRealTimers();
  });

  it('lets a plain confirmation go by itself, keeps a result until dismissed', () => {
    announceSuccess('Saved.');
    announceSuccess('The gateway says: success.', { keep: true });
    vi.advanceTimersByTime(SUCCESS_NOTE_MS - 1);
    expect(texts()).toEqual(['Saved.', 'The gateway says: success.']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual(['The gateway says: success.']);
    vi.advanceTimersByTime(10 * SUCCESS_NOTE_MS);
    expect(texts()).toEqual(['The gateway says: success.']);
    dismissSuccess(currentSuccessNotes()[0]!.id);
    expect(texts()).toEqual([]);
  });

  it('holds the notes while the person is on them, then gives a few seconds more', () => {
    announceSuccess('Saved.');
    vi.advanceTimersByTime(SUCCESS_NOTE_MS - 100);
    holdSuccessNotes(true);
    vi.advanceTimersByTime(10 * SUCCESS_NOTE_MS);
    expect(texts()).toEqual(['Saved.']);
    holdSuccessNotes(false);
    vi.advanceTimersByTime(SUCCESS_NOTE_MS / 2 - 1);
    expect(texts()).toEqual(['Saved.']);
    vi.advanceTimersByTime(1);
    expect(texts()).toEqual([]);
  });
});
