import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { success } from './envelope.ts';
import { clockTime, isoWeekday } from './formats.ts';
import { access } from './access.ts';

export const branchSchedule = z.object({
  start_day: isoWeekday,
  end_day: isoWeekday,
  start_time: clockTime,
  end_time: clockTime,
});

export const branch = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  is_main: z.boolean(),
  schedules: z.array(branchSchedule),
});

export const socialMedia = z.object({
  facebook: z.url(),
  youtube: z.url(),
  linkedin: z.url(),
});

/** `GET /api/app/contact/main`: the main branch, every branch (footer), social links, hotline, e-mail. */
export const contactMain = defineEndpoint({
  method: 'GET',
  path: '/api/app/contact/main',
  access: access.public,
  response: success({
    branch,
    branches: z.array(branch),
    socialMedia,
    hotline: z.string(),
    email: z.email(),
  }),
});

export type Branch = z.output<typeof branch>;
export type BranchSchedule = z.output<typeof branchSchedule>;
