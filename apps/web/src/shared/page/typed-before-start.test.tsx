import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { typeAgain, typedBeforeStart } from './typed-before-start';

/** A form as the login's: one field controlled by its state, one the browser keeps. */
function SignIn({ onSubmit }: { onSubmit: (phone: string, password: string) => void }) {
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(phone, password);
      }}
    >
      <input
        name="phone"
        value={phone}
        onChange={(event) => {
          setPhone(event.currentTarget.value);
        }}
      />
      <input
        name="password"
        type="password"
        onChange={(event) => {
          setPassword(event.currentTarget.value);
        }}
      />
      <input name="csrf" type="hidden" defaultValue="token" />
      <button type="submit">send</button>
    </form>
  );
}

const containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

/** The form as the server sent it, with `typed` typed into it before the app started. */
function prerenderedWith(typed: Record<string, string>) {
  const container = document.createElement('div');
  containers.push(container);
  document.body.append(container);
  container.innerHTML = renderToString(<SignIn onSubmit={() => undefined} />);
  for (const [name, value] of Object.entries(typed)) {
    const field = container.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (field) field.value = value;
  }
  return container;
}

describe('text typed before the app started', () => {
  it('is read by field name, only where the visitor typed', () => {
    const container = prerenderedWith({ phone: '599123456' });
    expect([...typedBeforeStart(container)]).toEqual([['phone', '599123456']]);
  });

  it('reaches the forms’ state once the page is hydrated', async () => {
    const container = prerenderedWith({ phone: '599123456', password: 'secret-Pass-1' });
    const typed = typedBeforeStart(container);
    const sent: string[][] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <SignIn
          onSubmit={(phone, password) => {
            sent.push([phone, password]);
          }}
        />,
      );
      await Promise.resolve();
    });

    act(() => {
      typeAgain(container, typed);
    });
    act(() => {
      container.querySelector('form')?.requestSubmit();
    });
    expect(sent).toEqual([['599123456', 'secret-Pass-1']]);
    expect(container.querySelector<HTMLInputElement>('[name="phone"]')?.value).toBe('599123456');
  });
});
