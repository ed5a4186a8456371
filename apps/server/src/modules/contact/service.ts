import type { Branch, ResponseOf, contactMain } from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import type { ContactRepository } from './repository.ts';

type ContactMain = ResponseOf<typeof contactMain>;

export function createContactService(repository: ContactRepository) {
  return {
    /**
     * The contact data the header, side menu and footer show. The main branch is the one marked
     * so, or the first one when an operator unmarked it.
     */
    async mainContact(): Promise<ContactMain> {
      const [rows, settings] = await Promise.all([
        repository.branchesWithSchedules(),
        repository.settings(),
      ]);
      const branches = rows.map((row): Branch => ({
        id: row.id,
        name: row.name,
        city: row.city,
        address: row.address,
        phone: row.phone,
        is_main: row.isMain,
        schedules: row.schedules.map((schedule) => ({
          start_day: schedule.startDay,
          end_day: schedule.endDay,
          start_time: schedule.startTime.slice(0, 5),
          end_time: schedule.endTime.slice(0, 5),
        })),
      }));
      const branch = branches.find((candidate) => candidate.is_main) ?? branches[0];
      if (!branch || !settings) throw httpError(404, 'errors.notFound');
      return {
        status: 'success',
        branch,
        branches,
        socialMedia: {
          facebook: settings.facebook,
          youtube: settings.youtube,
          linkedin: settings.linkedin,
        },
        hotline: settings.hotline,
        email: settings.email,
      };
    },
  };
}
