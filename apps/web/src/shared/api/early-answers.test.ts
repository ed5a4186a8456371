import { afterEach, describe, expect, it } from 'vitest';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-answers';

const answer = (url: string, token = 'token', locale = 'ka') => ({
  url,
  token,
  locale,
  response: Promise.resolve(new Response(url)),
});

describe('early answers', () => {
  afterEach(() => {
    dropEarlyAnswers();
  });

  it('hands over the answer to a request made the same way, once', async () => {
    window.earlyAnswers = [answer('/api/loans'), answer('/api/loans-show')];
    const taken = takeEarlyAnswer('/api/loans-show', 'token', 'ka');
    expect(await (await taken)?.text()).toBe('/api/loans-show');
    expect(takeEarlyAnswer('/api/loans-show', 'token', 'ka')).toBeUndefined();
  });

  it('keeps an answer asked for with another session or language to itself', () => {
    window.earlyAnswers = [answer('/api/loans-show')];
    expect(takeEarlyAnswer('/api/loans-show', 'another', 'ka')).toBeUndefined();
    expect(takeEarlyAnswer('/api/loans-show', undefined, 'ka')).toBeUndefined();
    expect(takeEarlyAnswer('/api/loans-show', 'token', 'en')).toBeUndefined();
  });

  it('answers nothing once the app has started', () => {
    window.earlyAnswers = [answer('/api/loans-show')];
    dropEarlyAnswers();
    expect(takeEarlyAnswer('/api/loans-show', 'token', 'ka')).toBeUndefined();
  });
});
