import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';
import { session } from '../shared/session/session';

// jsdom has no layout engine; Mantine asks for media queries and element sizes.
window.matchMedia = (query: string) =>
  Object.assign(new EventTarget(), {
    matches: false,
    media: query,
    onchange: null,
  }) as MediaQueryList;

window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// A busy 2-core CI machine can take longer than the default second to render a route.
configure({ asyncUtilTimeout: 5_000 });

await initI18n();

afterEach(() => {
  cleanup();
  session.reset();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
