// The bare React page Lighthouse measures beside the product's: React DOM rendering a login
// form in the browser, nothing else (no router, UI kit, validation, i18n, data layer or fonts).
// Plain createElement calls: the bench builds it with Vite alone, without a JSX plugin.
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const field = (label: string, type: string, name: string) =>
  h('label', null, label, ' ', h('input', { type, name }));

const loginForm = h(
  'main',
  null,
  h('h1', null, 'შესვლა'),
  h(
    'form',
    null,
    field('ტელეფონის ნომერი', 'tel', 'phone'),
    field('პაროლი', 'password', 'password'),
    h('button', { type: 'submit' }, 'შესვლა'),
  ),
);

const root = document.getElementById('root');
if (root) createRoot(root).render(h(StrictMode, null, loginForm));
