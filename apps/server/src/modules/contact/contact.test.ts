import { contactMain } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches } from '#app/db/schema.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(() => app.close());

const weeklyHours = [
  { start_day: 1, end_day: 5, start_time: '10:00', end_time: '18:00' },
  { start_day: 6, end_day: 6, start_time: '10:00', end_time: '14:00' },
];

describe('GET /api/app/contact/main', () => {
  it('answers the contract shape', async () => {
    const response = await app.inject({ url: '/api/app/contact/main' });
    expect(response.statusCode).toBe(200);
    expect(() => contactMain.response.parse(response.json())).not.toThrow();
  });

  it('names Tbilisi as the main branch, in Georgian, with its weekly hours', async () => {
    const body = contactMain.response.parse(
      (await app.inject({ url: '/api/app/contact/main' })).json(),
    );
    expect(body.branch).toMatchObject({
      name: 'თბილისის ფილიალი',
      city: 'თბილისი',
      is_main: true,
      schedules: weeklyHours,
    });
    expect(body.branch.address).toMatch(/[\u10D0-\u10F0]/);
  });

  it('lists the three branches in order, each with phone, address and schedules', async () => {
    const body = contactMain.response.parse(
      (await app.inject({ url: '/api/app/contact/main' })).json(),
    );
    expect(body.branches.map((branch) => branch.city)).toEqual(['თბილისი', 'გორი', 'ქუთაისი']);
    for (const branch of body.branches) {
      expect(branch.phone).toMatch(/^\+995 /);
      expect(branch.address).not.toBe('');
      expect(branch.schedules).toEqual(weeklyHours);
    }
  });

  it('carries the hotline, e-mail and the three social links', async () => {
    const body = contactMain.response.parse(
      (await app.inject({ url: '/api/app/contact/main' })).json(),
    );
    expect(body.hotline).toMatch(/^\+995/);
    expect(body.email).toContain('@');
    expect(Object.keys(body.socialMedia).sort()).toEqual(['facebook', 'linkedin', 'youtube']);
  });

  it('falls back to the first branch when an operator unmarks the main one', async () => {
    await app.database.db.update(branches).set({ isMain: false });
    const response = await app.inject({ url: '/api/app/contact/main' });
    expect(response.statusCode).toBe(200);
    expect(contactMain.response.parse(response.json()).branch.city).toBe('თბილისი');
  });
});
